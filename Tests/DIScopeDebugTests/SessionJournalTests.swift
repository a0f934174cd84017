import DIScope
import Foundation
import Testing

@testable import DIScopeDebug

/// An attached session changes nothing unasked: what it changed in the app is undone as it
/// leaves (really: the same registration back at its place, a scope set back), unless kept; what
/// the app changed meanwhile is the app's, and is left as the app made it.
@Suite(.serialized)
struct SessionJournalTests {
  static func start(_ container: Container) throws -> DebugServer {
    try DebugServer.start(container, socketPath: DebugServerTests.directory() + "/app.sock", log: { _ in })
  }

  static func token(of service: (some Any).Type, in container: Container) throws -> RegistrationToken {
    try #require(container.registrations(of: ServiceKey(service)).first).token
  }

  @Test func aRemovedRegistrationIsPutBackAtItsPlaceWithItsTokenAsTheClientLeaves() throws {
    let container = DebugServerTests.appContainer()
    let greeter = try Self.token(of: Greeter.self, in: container)
    let server = try Self.start(container)
    defer { server.stop() }
    let described = try #require(container.registration(greeter)).description
    let client = try DebugClient.connect(to: server.socketPath)
    let removed = try client.run("remove \(greeter)").outcome
    #expect(!removed.isFailure, "\(removed.output)")
    #expect(removed.sessionChanges == ["removed \(described)"], "\(removed.sessionChanges)")
    #expect(throws: ResolutionError.self) { try container.resolve(Shop.self) }

    let report = try #require(client.detach(keepChanges: false))
    #expect(report.undone == ["put back \(described)"], "\(report)")
    #expect(report.notUndone.isEmpty && report.kept.isEmpty)
    #expect(container.registration(greeter)?.scope == .singleton, "the same token, live again")
    #expect(try container.resolve(Shop.self).greeter is Hello)
  }

  @Test func aBuiltSingletonRemovedIsSaidToBeBuiltAnewWhenPutBack() throws {
    let container = DebugServerTests.appContainer()
    let greeter = try Self.token(of: Greeter.self, in: container)
    let built = try container.resolve(Greeter.self)
    let described = try #require(container.registration(greeter)).description
    let server = try Self.start(container)
    defer { server.stop() }
    let client = try DebugClient.connect(to: server.socketPath)
    let removed = try client.run("remove \(greeter)").outcome
    #expect(removed.sessionChanges == ["removed \(described)"], "as it was, not as the removal left it: \(removed.sessionChanges)")
    let report = try #require(client.detach(keepChanges: false))
    #expect(report.undone.count == 1 && report.undone[0].hasPrefix("put back \(described); #"), "\(report)")
    #expect(report.undone[0].hasSuffix("was let go at the removal: its next resolve builds anew"), "\(report)")
    #expect(try container.resolve(Greeter.self) !== built, "built anew, as said")
  }

  @Test func everyKindOfChangeIsUndoneNewestFirst() throws {
    let container = DebugServerTests.appContainer()
    let greeter = try Self.token(of: Greeter.self, in: container)
    let shop = try Self.token(of: Shop.self, in: container)
    let before = container.stacks
    let server = try Self.start(container)
    defer { server.stop() }
    let client = try DebugClient.connect(to: server.socketPath)
    for command in [
      "scope \(shop) singleton", "cache \(greeter) off", "mock Greeter", "protocol Clock", "class SystemClock: Clock",
      "register Clock = SystemClock", "container child request",
    ] {
      let outcome = try client.run(command).outcome
      #expect(!outcome.isFailure, "\(command): \(outcome.output)")
    }
    let changes = try client.run("show stacks").outcome.sessionChanges
    #expect(changes.count == 5, "\(changes)")
    #expect(changes.first == "scope of \(shop) Shop: prototype -> singleton", "\(changes)")
    #expect(changes.last == "made container request (child of shop)", "\(changes)")
    #expect(try container.resolve(Greeter.self) is MockHello)

    let report = try #require(client.detach(keepChanges: false))
    #expect(report.undone.count == 5, "\(report)")
    #expect(report.undone.first == "shut down container request (the session made it)", "newest first: \(report.undone)")
    #expect(report.undone.last == "scope of \(shop) Shop back to prototype", "\(report.undone)")
    #expect(report.notUndone.isEmpty, "\(report.notUndone)")
    #expect(container.stacks == before, "the stacks as they were")
    #expect(try container.resolve(Greeter.self) is Hello)
  }

  @Test func keptChangesStayAndAreListed() throws {
    let container = DebugServerTests.appContainer()
    let greeter = try Self.token(of: Greeter.self, in: container)
    let server = try Self.start(container)
    defer { server.stop() }
    let client = try DebugClient.connect(to: server.socketPath)
    _ = try client.run("scope \(greeter) prototype")
    let report = try #require(client.detach(keepChanges: true))
    #expect(report.kept == ["scope of \(greeter) Greeter: singleton -> prototype"], "\(report)")
    #expect(report.undone.isEmpty)
    #expect(container.registration(greeter)?.scope == .prototype)
  }

  @Test func whatTheAppChangedMeanwhileIsLeftAsTheAppMadeItAndSaidSo() throws {
    let container = DebugServerTests.appContainer()
    let greeter = try Self.token(of: Greeter.self, in: container)
    let server = try Self.start(container)
    defer { server.stop() }
    let client = try DebugClient.connect(to: server.socketPath)
    _ = try client.run("scope \(greeter) prototype")
    // The app, on its own thread, changes the same registration, and registers one of its own.
    let (changed, appOwn) = try DispatchQueue.global().sync {
      (try container.setScope(.graph, for: greeter), container.register(Hello.self) { _ in Hello() })
    }
    #expect(changed)
    let changes = try client.run("show stacks").outcome.sessionChanges
    #expect(changes.count == 1, "the app's own registration is not the session's: \(changes)")

    let report = try #require(client.detach(keepChanges: false))
    #expect(report.undone.isEmpty, "\(report)")
    #expect(report.notUndone.count == 1 && report.notUndone[0].contains("the app changed it since"), "\(report)")
    #expect(container.registration(greeter)?.scope == .graph, "the app's change wins")
    #expect(container.registration(appOwn) != nil)
  }

  /// Two clients: one pushes a mock, the other removes it. Whichever leaves first, the app ends
  /// as it was: the mock's session takes it away, and the other never puts it back after that.
  @Test(arguments: [true, false])
  func aMockOneClientPushedAndAnotherRemovedIsGoneWhenBothLeave(pusherLeavesFirst: Bool) throws {
    let container = DebugServerTests.appContainer()
    let greeter = try Self.token(of: Greeter.self, in: container)
    let server = try Self.start(container)
    defer { server.stop() }
    let pusher = try DebugClient.connect(to: server.socketPath)
    let remover = try DebugClient.connect(to: server.socketPath)
    let pushed = try pusher.run("mock Greeter").outcome
    #expect(!pushed.isFailure, "\(pushed.output)")
    let mock = try Self.token(of: Greeter.self, in: container)
    #expect(mock != greeter)
    let removed = try remover.run("remove \(mock)").outcome
    #expect(!removed.isFailure, "\(removed.output)")
    if pusherLeavesFirst {
      let first = try #require(pusher.detach(keepChanges: false))
      #expect(first.undone.contains { $0.contains("removed by client") && $0.contains("will not put it back") }, "\(first)")
      #expect(first.notUndone.isEmpty, "\(first)")
      let second = try #require(remover.detach(keepChanges: false))
      #expect(second.undone.isEmpty && second.notUndone.isEmpty, "\(second)")
    } else {
      let first = try #require(remover.detach(keepChanges: false))
      #expect(first.undone.contains { $0.hasPrefix("put back \(mock)") }, "\(first)")
      let second = try #require(pusher.detach(keepChanges: false))
      #expect(second.undone.contains { $0.hasPrefix("removed \(mock)") }, "\(second)")
    }
    #expect(container.registrations(of: ServiceKey(Greeter.self)).map(\.token) == [greeter])
    #expect(container.registration(mock) == nil)
  }

  @Test func aRegistrationPushedAndRemovedByTheSessionLeavesNothingToUndo() throws {
    let container = DebugServerTests.appContainer()
    let server = try Self.start(container)
    defer { server.stop() }
    let client = try DebugClient.connect(to: server.socketPath)
    let pushed = try client.run("mock Greeter").outcome
    #expect(pushed.sessionChanges.count == 1 && pushed.sessionChanges[0].hasPrefix("pushed mock"), "\(pushed.sessionChanges)")
    let popped = try client.run("unmock Greeter").outcome
    #expect(!popped.isFailure, "\(popped.output)")
    #expect(popped.sessionChanges.isEmpty, "\(popped.sessionChanges)")
    #expect(try #require(client.detach(keepChanges: false)).isEmpty)
  }

  @Test func whatCannotBeUndoneIsSaidSo() throws {
    let container = DebugServerTests.appContainer()
    let server = try Self.start(container)
    defer { server.stop() }
    let client = try DebugClient.connect(to: server.socketPath)
    for command in ["protocol Clock", "class SystemClock: Clock", "register Clock = SystemClock"] {
      _ = try client.run(command)
    }
    let resolved = try client.run("resolve Clock").outcome
    let number = try #require(resolved.output.first?.split(separator: "#").last.flatMap { Int($0) }, "\(resolved.output)")
    let released = try client.run("release #\(number)").outcome
    #expect(released.sessionChanges.last == "release #\(number) (cannot be undone)", "\(released.output) \(released.sessionChanges)")
    let report = try #require(client.detach(keepChanges: false))
    #expect(report.notUndone.count == 1 && report.notUndone[0].hasPrefix("release #\(number): "), "\(report)")
    #expect(report.undone.count == 1, "the registration is removed all the same: \(report)")
  }

  @Test func aClientThatGoesWithoutAWordHasItsChangesUndoneToo() throws {
    let container = DebugServerTests.appContainer()
    let greeter = try Self.token(of: Greeter.self, in: container)
    let log = DebugServerTests.Log()
    let server = try DebugServer.start(container, socketPath: DebugServerTests.directory() + "/app.sock", log: log.record)
    defer { server.stop() }
    let client = try DebugClient.connect(to: server.socketPath)
    _ = try client.run("remove \(greeter)")
    #expect(container.registration(greeter) == nil)
    client.dropConnection()
    #expect(DebugServerTests.eventually { container.registration(greeter) != nil })
    #expect(DebugServerTests.eventually { log.contains("undid its changes: put back \(greeter)") })
  }

  /// Changes made and undone while the app's own threads resolve what they touch (run under the
  /// thread sanitizer by Scripts/test): the app never fails for longer than the session's change.
  @Test func changesAndTheirUndoRaceNothingWithTheAppsThreads() throws {
    let container = DebugServerTests.appContainer()
    let greeter = try Self.token(of: Greeter.self, in: container)
    let shop = try Self.token(of: Shop.self, in: container)
    let server = try Self.start(container)
    defer { server.stop() }
    let stop = StopFlag()
    let workers = DispatchGroup()
    for _ in 0..<2 {
      DispatchQueue.global().async(group: workers) {
        while !stop.isSet { _ = try? container.resolve(Shop.self) }
      }
    }
    for _ in 0..<3 {
      let client = try DebugClient.connect(to: server.socketPath)
      for command in ["scope \(shop) singleton", "mock Greeter", "cache \(greeter) off", "remove \(greeter)"] {
        #expect(!(try client.run(command).outcome.isFailure), "\(command)")
      }
      let report = try #require(client.detach(keepChanges: false))
      #expect(report.undone.count == 4 && report.notUndone.isEmpty, "\(report)")
      #expect(try container.resolve(Shop.self).greeter is Hello)
      #expect(container.registration(shop)?.scope == .prototype && container.registration(greeter)?.isCaching == true)
    }
    stop.set()
    workers.wait()
  }
}

/// A flag the test's thread sets and the app's threads read (NSLock-based: the thread sanitizer
/// follows it).
private final class StopFlag: @unchecked Sendable {  // safe: `value` is only touched under `lock`
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}
