import DIScope
import DisScript
import Foundation
import Synchronization
import Testing

@testable import DIScopeDebug

/// An attached client's session takes its events from the server's one intake (a share of it,
/// `ServerEvents.share(glyphs:)`), not from an observer of its own: however many clients have a
/// session, the app's container is observed once, and each session still numbers the app's
/// objects (`#N`) from the events it is handed.
@Suite(.serialized)
struct AttachedSessionEventsTests {
  /// A service the app registers after a client attached.
  final class Clock: Sendable {}

  /// The creation number of the next `Shop` the app builds on this thread, read by an observer
  /// of the test's own (added and cancelled around the resolve).
  static func appBuiltShop(in container: Container) throws -> (shop: Shop, number: Int) {
    let number = Mutex<Int?>(nil)
    let watching = container.observe { event in
      guard case .resolved(let step) = event, step.key.serviceName == "Shop", step.outcome == .created else { return }
      number.withLock { $0 = step.instanceNumber }
    }
    let shop = try container.resolve(Shop.self)
    watching.cancel()
    return (shop, try #require(number.withLock { $0 }))
  }

  /// Two clients, each with a session: one observer of the app's container (beside holder
  /// tracking's), as with watching clients alone; each session numbers what the app builds
  /// after it, on the app's thread, and `#N` reaches it.
  @Test(arguments: [false, true])
  func clientsWithSessionsMakeNoSecondObserver(tracksHolders: Bool) throws {
    let container = DebugServerTests.appContainer()
    let server = try DebugServer.start(
      container, socketPath: DebugServerTests.directory() + "/sessions.sock", tracksHolders: tracksHolders,
      log: { _ in })
    defer { server.stop() }
    let idle = tracksHolders ? 1 : 0
    let clients = try (0..<2).map { _ in try DebugClient.connect(to: server.socketPath) }
    #expect(DebugServerTests.eventually { server.attachedClientCount == 2 })
    var greeters: [String] = []
    for client in clients {
      let resolved = try client.run("resolve Greeter")
      #expect(!resolved.outcome.isFailure, "\(resolved.outcome.output)")
      greeters.append(resolved.outcome.output.first ?? "")
      // The session exists now (made at the first command), over a share of the intake.
      #expect(container.observerCount == idle + 1, "\(container.observerCount)")
    }
    #expect(greeters[0].hasPrefix("Hello#") && greeters[0] == greeters[1], "\(greeters)")
    let greeter = String(greeters[0].dropFirst("Hello#".count).prefix { $0.isNumber })
    // Built by the app, on its thread, after both sessions were made: each was handed it.
    let (shop, shopNumber) = try Self.appBuiltShop(in: container)
    for client in clients {
      let expectation = try client.run("expect #\(shopNumber).greeter = #\(greeter)")
      #expect(!expectation.outcome.isFailure, "\(expectation.outcome.output)")
    }
    // A mock pushed by one client is what the other's session resolves, numbered.
    #expect(try clients[0].run("mock Greeter").outcome.sessionChanges.count == 1)
    let mocked = try clients[1].run("resolve Greeter").outcome.output.first ?? ""
    #expect(mocked.hasPrefix("MockHello#"), "\(mocked)")
    #expect(container.observerCount == idle + 1, "\(container.observerCount)")
    withExtendedLifetime(shop) {}
    for client in clients { client.detach(keepChanges: false) }
    #expect(DebugServerTests.eventually { server.attachedClientCount == 0 })
    #expect(DebugServerTests.eventually { container.observerCount == idle }, "\(container.observerCount)")
    #expect(try container.resolve(Greeter.self) is Hello)
  }

  /// What the app did between a client's attach and its first command is known to that
  /// command: its registrations (read from the container as the session is made, after its
  /// share is taken, so that nothing falls between the two) and what it caches (numbered when
  /// first seen); and every event from the session's making on is taken in.
  @Test func whatTheAppDidBeforeTheFirstCommandIsKnownToIt() throws {
    let container = DebugServerTests.appContainer()
    let server = try DebugServer.start(container, socketPath: DebugServerTests.directory() + "/first.sock", log: { _ in })
    defer { server.stop() }
    let client = try DebugClient.connect(to: server.socketPath)
    #expect(DebugServerTests.eventually { server.attachedClientCount == 1 })
    // The app, after the attach: a new registration, and its singleton built.
    let token = container.register(Clock.self) { _ in Clock() }
    let clock = try container.resolve(Clock.self)
    let resolved = try client.run("resolve Clock")
    #expect(resolved.outcome.output.first?.hasPrefix("Clock#") == true, "\(resolved.outcome.output)")
    let scoped = try client.run("scope t\(token.number) prototype")
    #expect(!scoped.outcome.isFailure, "the app's token is the session's to name: \(scoped.outcome.output)")
    // From the first command on, what the app builds on its own threads reaches the session.
    let (shop, shopNumber) = try Self.appBuiltShop(in: container)
    let greeter = try client.run("resolve Greeter").outcome.output.first ?? ""
    #expect(greeter.hasPrefix("Hello#"), "\(greeter)")
    let greeterNumber = greeter.dropFirst("Hello#".count).prefix { $0.isNumber }
    let expectation = try client.run("expect #\(shopNumber).greeter = #\(greeterNumber)")
    #expect(!expectation.outcome.isFailure, "\(expectation.outcome.output)")
    withExtendedLifetime((clock, shop)) {}
    client.detach(keepChanges: false)
    #expect(DebugServerTests.eventually { server.attachedClientCount == 0 })
  }

  /// A session's share keeps the intake open: it resumes an intake paused because every
  /// client's queue was full, and it is never full itself, so its session hears the app's events.
  @Test func aSessionsShareIsNeverFullAndKeepsTheIntakeOpen() throws {
    let container = DebugServerTests.appContainer()
    let events = ServerEvents(container: container)
    let heard = Counter()
    let watcher = events.subscribe(addingSkipped: { _ in }) { _ in heard.add() }
    watcher.noteFull()
    _ = try container.resolve(Shop.self)
    #expect(heard.value == 0, "the only queue full: paused")
    do {
      let (share, subscriber) = events.share(glyphs: .ascii)
      #expect(container.observerCount == 1)
      _ = try container.resolve(Shop.self)
      #expect(heard.value == 2, "a share resumes the intake")
      watcher.noteFull()
      _ = try container.resolve(Shop.self)
      #expect(heard.value == 4, "a share is never full: the intake stays open")
      let session = Session(container: container, events: share)
      let (shop, shopNumber) = try Self.appBuiltShop(in: container)
      let expectation = session.execute("expect #\(shopNumber).greeter = nil")
      #expect(expectation.isFailure && !expectation.output.joined().contains("not alive"), "\(expectation.output)")
      withExtendedLifetime(shop) {}
      subscriber.cancel()
      watcher.cancel()
      #expect(container.observerCount == 1, "the session's share keeps the intake until it goes")
      withExtendedLifetime(session) {}
    }
    #expect(container.observerCount == 0)
  }
}
