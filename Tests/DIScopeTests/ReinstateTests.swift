import DIScope
import TestSupport
import Testing

/// `reinstate(_:)` puts back the very registration a debugger removed: its number, factory,
/// scope, caching and place in its stack, so that undoing a `remove` is not an approximation.
@Suite("Reinstating a removed registration")
struct ReinstateTests {
  @Test func aRemovedRegistrationComesBackWithItsNumberScopeCachingAndPlace() throws {
    let container = Container()
    let bottom = container.register((any Logger).self, scope: .prototype) { _ in ConsoleLogger() }
    let middle = container.register((any Logger).self, scope: .prototype) { _ in FileLogger() }
    container.setCaching(false, for: middle)
    let top = container.register((any Logger).self) { _ in NullLogger() }
    let held = try #require(container.heldRegistrations()[middle.number])
    #expect(held.indexFromBottom == 1)
    #expect(container.remove(middle))

    #expect(container.reinstate(held) == .reinstated(try #require(container.registration(middle))))
    let stack = container.registrations(of: ServiceKey((any Logger).self))
    #expect(stack.map(\.token) == [top, middle, bottom], "back between the two it sat between")
    #expect(stack[1].scope == .prototype && !stack[1].isCaching)
    container.remove(top)
    #expect(try container.resolve((any Logger).self) is FileLogger, "its own factory answers again")
    #expect(try container.resolve((any Logger).self) !== container.resolve((any Logger).self), "uncached, as it was")
  }

  @Test func aRegistrationPushedMeanwhileStaysOnTopAndTheDepthSaysSo() throws {
    let container = Container()
    let original = container.register(Db.self) { _ in Db() }
    let held = try #require(container.heldRegistrations()[original.number])
    container.remove(original)
    let pushedSince = container.register(Db.self) { _ in Db() }

    guard case .reinstated(let info) = container.reinstate(held) else {
      Issue.record("not reinstated")
      return
    }
    #expect(info.stackDepth == 1, "under what the app pushed since: the app's change is not clobbered")
    #expect(container.registrations(of: ServiceKey(Db.self)).map(\.token) == [pushedSince, original])
  }

  @Test func aLiveOrShutDownRegistrationIsNotPutBackTwice() throws {
    let container = Container()
    let token = container.register(Db.self) { _ in Db() }
    let held = try #require(container.heldRegistrations()[token.number])
    #expect(container.reinstate(held) == .alreadyLive)
    #expect(container.registrations(of: ServiceKey(Db.self)).count == 1)
    container.remove(token)
    try container.shutdownSynchronously()
    #expect(container.reinstate(held) == .containerShutDown)
  }

  @Test func aMockOfAnInstanceAnswersWithThatInstanceAgain() throws {
    let container = Container()
    container.register(Db.self) { _ in Db() }
    let mock = Db()
    let token = container.mock(Db.self, with: mock)
    let held = try #require(container.heldRegistrations()[token.number])
    container.remove(token)
    #expect(try container.resolve(Db.self) !== mock)
    #expect(container.reinstate(held) == .reinstated(try #require(container.registration(token))))
    #expect(try container.resolve(Db.self) === mock, "the very instance given, not a build")
    #expect(try container.resolve(Db.self) === mock)
  }

  @Test func observersHearItRegisteredAgain() throws {
    let container = Container()
    let token = container.register(Db.self) { _ in Db() }
    let held = try #require(container.heldRegistrations()[token.number])
    let events = Locked<[String]>([])
    let observation = container.observe { event in
      if case .registered(let info) = event { events.withLock { $0.append("\(info.token)") } }
    }
    defer { observation.cancel() }
    container.remove(token)
    container.reinstate(held)
    #expect(events.withLock { $0 } == ["\(token)"])
  }
}
