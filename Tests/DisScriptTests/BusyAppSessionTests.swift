import DIScope
@testable import DisScript
import Foundation
import Synchronization
import Testing

/// A session over the container of an app whose own threads keep resolving (`discope attach`,
/// `Playground.run(on:)`): a command's output holds what it resolved, never the app's trees.
@Suite struct BusyAppSessionTests {
  final class Clock: Sendable {}
  final class Ticket: Sendable {
    let clock: Clock
    init(clock: Clock) { self.clock = clock }
  }
  final class Desk: Sendable {}

  final class Connection: Disposable, Sendable {
    func dispose() {}
  }

  /// An idle session (a client attached, typing nothing) over an app whose requests dispose what
  /// they built: its catch-ups keep none of those disposals, which only a command's own output
  /// (a `shutdown`) lists. Before, they piled up for as long as nobody typed.
  @Test func anIdleSessionKeepsNoneOfTheAppsDisposals() throws {
    let app = Container(name: "app")
    let session = Session(container: app)
    for _ in 0..<200 {
      let request = app.makeChild(named: "request")
      request.register(Connection.self) { _ in Connection() }
      _ = try request.resolve(Connection.self)
      try request.shutdownSynchronously()
      session.catchUp()
    }
    let kept = session.withTakenEvents { $0.disposals.unreadCount }
    #expect(kept == 0, "\(kept) disposals kept")
    #expect(!session.execute("show stacks").isFailure)
  }

  @Test func aCommandsOutputHoldsOnlyItsOwnResolutions() throws {
    let container = Container(name: "app")
    container.register(Clock.self) { _ in Clock() }
    container.register(Ticket.self, scope: .prototype) { r in Ticket(clock: try r.resolve(Clock.self)) }
    container.register(Desk.self, scope: .prototype) { _ in Desk() }
    let session = Session(container: container)
    let running = Atomic<Bool>(true)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      while running.load(ordering: .relaxed) { _ = try? container.resolve(Ticket.self) }
      done.signal()
    }
    defer {
      running.store(false, ordering: .relaxed)
      done.wait()
    }
    for _ in 0..<50 {
      let output = session.execute("resolve Desk").output
      #expect(output.count == 2 && !output.joined().contains("Ticket"), "\(output)")
      let failed = session.execute("resolve Clock named \"none\"")
      #expect(failed.isFailure && !failed.output.joined().contains("Ticket"), "\(failed.output)")
    }
  }
}
