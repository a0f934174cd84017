import BenchmarkHarness
import DIScope
import DIScopeDebug
import Foundation

/// W7: W2's chain in DIScope with the app's debug server started (`discope attach` would find
/// it): with no client, not tracking holders (`tracksHolders: false`) and tracking them (the
/// default); then with one idle client attached: a client that reads every event the server
/// sends it (as a playground would, drawing them) and types nothing.
///
/// With no client and no holder tracking, the server adds nothing to a resolve. Tracking holders
/// (issue 44: `why` and `show stale` know what was built since the start) observes the container
/// with an observer that only tracks holders: no event is built and no step counted, and a
/// resolve keeps the unobserved paths but while a shared instance is built. With a client, each
/// event is queued for it under a lock held for an append; the words and JSON are made on the
/// server's writer thread, never on the resolving one.
enum ServedChainResolve {
  static func workload() -> Workload {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("discope-bench-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)

    let served = ChainResolve.discopeContainer()
    let quietServer = try? DebugServer.start(
      served, socketPath: directory + "/quiet.sock", tracksHolders: false, log: { _ in })

    let tracked = ChainResolve.discopeContainer()
    let trackingServer = try? DebugServer.start(tracked, socketPath: directory + "/tracking.sock", log: { _ in })

    let watched = ChainResolve.discopeContainer()
    let watchedServer = try? DebugServer.start(watched, socketPath: directory + "/watched.sock", log: { _ in })
    let client = watchedServer.flatMap { try? DebugClient.connect(to: $0.socketPath) }
    // Attached once the server observes: the client's hello has arrived.
    let deadline = Date().addingTimeInterval(5)
    while let watchedServer, watchedServer.attachedClientCount == 0, Date() < deadline { usleep(1000) }
    let drain = IdleClient(client)

    return Workload(
      id: "W7", title: "W2's chain in DIScope with the debug server: no client, holders tracked, one idle client",
      notes: [
        "server started, no client: DebugServer.start(container, tracksHolders: false) and nothing attached.",
        "holders tracked: DebugServer.start(container), the default, and nothing attached.",
        "one idle client: a DebugClient connected over the Unix socket, whose events a thread "
          + "takes every 10 ms (as the playground's screen does) while nothing is typed.",
      ],
      contenders: [
        Contender(SystemLabel.handWritten, role: .baseline, body: ChainResolve.handWrittenBody()),
        Contender(
          SystemLabel.discopeNeverObserved, role: .subject, body: ChainResolve.discopeBody(ChainResolve.discopeContainer())),
        Contender(SystemLabel.discopeServerNoClient, role: .rival) { iterations, sink in
          try withExtendedLifetime(quietServer) { try ChainResolve.discopeBody(served)(iterations, sink) }
        },
        Contender(SystemLabel.discopeServerTracking, role: .rival) { iterations, sink in
          try withExtendedLifetime(trackingServer) { try ChainResolve.discopeBody(tracked)(iterations, sink) }
        },
        Contender(SystemLabel.discopeServerIdleClient, role: .rival) { iterations, sink in
          try withExtendedLifetime((watchedServer, drain)) { try ChainResolve.discopeBody(watched)(iterations, sink) }
        },
      ])
  }
}

/// Takes a client's updates every 10 ms on a thread of its own, as a playground's screen would.
final class IdleClient: Sendable {
  let client: DebugClient?

  init(_ client: DebugClient?) {
    self.client = client
    guard let client else { return }
    Thread.detachNewThread {
      while !client.isEnded {
        _ = client.takeUpdates()
        usleep(10_000)
      }
    }
  }
}
