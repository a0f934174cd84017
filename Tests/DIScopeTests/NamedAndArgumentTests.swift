import DIScope
import Testing

@Suite("Named registrations, runtime arguments, optional dependencies")
struct NamedAndArgumentTests {
  @Test func namesKeepRegistrationsOfOneTypeApart() throws {
    let container = Container()
    container.register((any Logger).self) { _ in ConsoleLogger() }
    container.register((any Logger).self, name: "file") { _ in FileLogger() }
    #expect(try container.resolve((any Logger).self).label == "console")
    #expect(try container.resolve((any Logger).self, name: "file").label == "file")
  }

  @Test func oneRuntimeArgument() throws {
    let container = Container()
    container.register(UserDetails.self) { (r: Resolver, user: String) in UserDetails(user: user) }
    #expect(try container.resolve(UserDetails.self, argument: "ann").user == "ann")
    #expect(try container.resolve(UserDetails.self, argument: "bob").user == "bob")
  }

  @Test func severalRuntimeArguments() throws {
    let container = Container()
    container.register(UserDetails.self) { (_: Resolver, user: String, age: Int) in
      UserDetails(user: user, age: age)
    }
    let details = try container.resolve(UserDetails.self, arguments: "ann", 42)
    #expect(details.user == "ann")
    #expect(details.age == 42)
  }

  @Test func argumentRegistrationsAreNotCachedByDefault() throws {
    let container = Container()
    container.register(UserDetails.self) { (_: Resolver, user: String) in UserDetails(user: user) }
    #expect(try container.resolve(UserDetails.self, argument: "a") !== container.resolve(UserDetails.self, argument: "a"))
  }

  @Test func wrongArgumentTypesSayWhatTheFactoryTakes() throws {
    let container = Container()
    container.register(UserDetails.self) { (_: Resolver, user: String) in UserDetails(user: user) }
    let error = try #require(throws: ResolutionError.self) {
      try container.resolve(UserDetails.self, argument: 7)
    }
    #expect(error.kind == .argumentMismatch)
    #expect(error.message.contains("takes arguments (String)"))
    #expect(error.message.contains("passed (Int)"))
    let none = try #require(throws: ResolutionError.self) { try container.resolve(UserDetails.self) }
    #expect(none.kind == .argumentMismatch)
    #expect(none.message.contains("passed none"))
  }

  @Test func optionalResolveIsNilWhenNothingIsRegistered() throws {
    let container = Container()
    #expect(try container.optionalResolve((any Analytics).self) == nil)
    #expect(!container.canResolve((any Analytics).self))
  }

  @Test func optionalResolveStillThrowsWhenARegistrationIsBroken() throws {
    let container = Container()
    container.register(WebService.self) { r in WebService(logger: try r.resolve((any Logger).self)) }
    #expect(throws: ResolutionError.self) { try container.optionalResolve(WebService.self) }
  }

  @Test func optionalDependencyInsideAFactory() throws {
    final class Screen: Sendable {
      let analytics: (any Analytics)?
      init(analytics: (any Analytics)?) { self.analytics = analytics }
    }
    struct Recorder: Analytics {}
    let container = Container()
    container.register(Screen.self, scope: .prototype) { r in
      Screen(analytics: try r.optionalResolve((any Analytics).self))
    }
    #expect(try container.resolve(Screen.self).analytics == nil)
    container.register((any Analytics).self) { _ in Recorder() }
    #expect(try container.resolve(Screen.self).analytics != nil)
  }

  @Test func valueTypesResolveToo() throws {
    struct Config: Sendable, Equatable { var url: String }
    let container = Container()
    container.register(Config.self) { _ in Config(url: "https://example.org") }
    #expect(try container.resolve(Config.self) == Config(url: "https://example.org"))
  }
}
