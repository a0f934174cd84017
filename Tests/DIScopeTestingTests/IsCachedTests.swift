import DIScope
import DIScopeTesting
import Testing

/// `isCached`: what a resolve would answer with, found without building, caching or keeping
/// anything, as a script's `expect S cached` and `expect S new` ask it.
@Suite struct IsCachedTests {
  final class Session: Sendable {}
  final class Screen: Sendable {
    let session: Session
    init(session: Session) { self.session = session }
  }

  @Test func aSingletonIsCachedOnceBuiltAndAPrototypeNever() throws {
    let container = Container()
    let token = container.register(Session.self) { _ in Session() }
    #expect(try !container.isCached(Session.self))
    #expect(try !container.isCached(Session.self), "the check cached nothing")
    _ = try container.resolve(Session.self)
    #expect(try container.isCached(Session.self))
    try container.setScope(.prototype, for: token)
    #expect(try !container.isCached(Session.self))
  }

  @Test func theCheckBuildsNothingThatAResolveThenFinds() throws {
    let container = Container()
    container.register(Session.self) { _ in Session() }
    container.register(Screen.self) { r in Screen(session: try r.resolve(Session.self)) }
    #expect(try !container.isCached(Screen.self))
    #expect(try !container.isCached(Session.self), "the session the check built for the screen was not cached")
  }

  @Test func aWeakInstanceNobodyHoldsIsNotKeptAliveByTheCheck() throws {
    let container = Container()
    container.register(Session.self, scope: .weak) { _ in Session() }
    var held: Session? = try container.resolve(Session.self)
    #expect(try container.isCached(Session.self))
    _ = held
    held = nil
    #expect(try !container.isCached(Session.self))
    #expect(try !container.isCached(Session.self), "the first check kept nothing alive")
  }

  @Test func aMockIsCachedAndAMissingServiceThrows() throws {
    let container = Container()
    container.mock(Session.self, with: Session())
    #expect(try container.isCached(Session.self))
    #expect(throws: ResolutionError.self) { try container.isCached(Screen.self) }
  }

  final class Details: Sendable {
    let session: Session
    let user: String
    init(session: Session, user: String) {
      self.session = session
      self.user = user
    }
  }

  @Test func aLookWithArgumentsKeepsNothing() throws {
    let container = Container()
    container.register(Session.self) { _ in Session() }
    container.register(Details.self) { (r: Resolver, user: String) in Details(session: try r.resolve(Session.self), user: user) }
    let built = try container.resolvingWithoutSideEffects { try container.resolve(Details.self, arguments: "ann") }
    #expect(type(of: built) == Details.self && built.user == "ann")
    #expect(try !container.isCached(Session.self), "the session the look built was not cached")
  }
}
