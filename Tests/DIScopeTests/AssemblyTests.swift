import DIScope
import Testing

/// Seed 004: the app's own factory protocol, so consumers never import DIScope.
// --- README: factory-protocol ---
protocol UserDetailsFactory: Sendable {
  func userDetails(for user: String) throws -> UserDetails
}

struct UserAssembly: Assembly {
  struct Factory: UserDetailsFactory {
    let details: Provider<UserDetails, String>
    func userDetails(for user: String) throws -> UserDetails { try details(user) }
  }

  func assemble(into container: Container) {
    container.register(UserDetails.self) { (_: Resolver, user: String) in UserDetails(user: user) }
    container.register((any UserDetailsFactory).self) { r in
      Factory(details: try r.resolve(Provider<UserDetails, String>.self))
    }
  }
}
// --- end ---

/// A consumer that knows only the factory protocol.
final class FriendList: Sendable {
  let factory: any UserDetailsFactory
  init(factory: any UserDetailsFactory) { self.factory = factory }
  func open(_ user: String) throws -> UserDetails { try factory.userDetails(for: user) }
}

/// The consumer is registered beside the assembly that stands behind its factory protocol.
struct FriendsAssembly: Assembly {
  func assemble(into container: Container) {
    container.register(FriendList.self) { r in
      FriendList(factory: try r.resolve((any UserDetailsFactory).self))
    }
  }
}

struct TestAssembly: Assembly {
  func assemble(into container: Container) {
    container.register((any Logger).self) { _ in NullLogger() }
  }
}

/// An assembly made of others: everything it brings in is its group.
struct ComposedAssembly: Assembly {
  func assemble(into container: Container) {
    container.install(UserAssembly())
    container.register(FriendList.self) { r in
      FriendList(factory: try r.resolve((any UserDetailsFactory).self))
    }
  }
}

/// An eager singleton holding a prototype, installed from another assembly.
struct EagerInner: Assembly {
  func assemble(into container: Container) {
    container.register(Session.self, scope: .prototype) { _ in Session() }
    container.register(Cache.self, scope: .eager) { r in Cache(session: try r.resolve(Session.self)) }
  }
}

struct EagerOuter: Assembly {
  func assemble(into container: Container) { container.install(EagerInner()) }
}

@Suite("Assemblies")
struct AssemblyTests {
  /// The outer install does not build the nested one's eager singleton again, which would wipe
  /// the dependencies validation reads from its first build.
  @Test func aNestedEagerSingletonKeepsWhatValidationReadsOfIt() {
    let direct = Container()
    direct.install(EagerInner())
    let nested = Container()
    nested.install(EagerOuter())
    #expect(direct.validate().findings.map(\.kind) == [.captive])
    #expect(nested.validate().findings.map(\.kind) == [.captive])
  }

  @Test func anAssemblyInstalledFromAnotherIsPartOfItsGroup() throws {
    let container = Container()
    let group = container.install(ComposedAssembly())
    #expect(group.tokens.count == 3, "the nested assembly's two and its own one")
    #expect(try container.resolve(FriendList.self).open("ann").user == "ann")
    #expect(container.remove(group))
    #expect(!container.canResolve(FriendList.self))
    #expect(!container.canResolve((any UserDetailsFactory).self), "the nested assembly's went too")
  }

  @Test func installRegistersAndRemoveTakesTheWholeGroupAway() throws {
    let container = Container()
    let group = container.install(AppAssembly())
    #expect(group.tokens.count == 6)
    #expect(group.name == "AppAssembly")
    let context = try container.resolve(ControlContext.self)
    #expect(context.webService.logger.label == "console")
    #expect(container.remove(group))
    #expect(!container.canResolve(ControlContext.self))
    #expect(!container.remove(group), "a group already removed changes nothing")
  }

  @Test func aSecondAssemblyOverridesAndRemovingItRestores() throws {
    let container = Container()
    container.install(AppAssembly())
    let test = container.install(TestAssembly())
    #expect(try container.resolve((any Logger).self).label == "null")
    container.remove(test)
    #expect(try container.resolve((any Logger).self).label == "console")
  }

  @Test func registrationsRememberTheirAssembly() {
    let container = Container()
    container.install(AppAssembly())
    #expect(container.stacks.allSatisfy { $0.registrations.first?.group == "AppAssembly" })
  }

  @Test func anAssemblyCanStandBehindTheAppsFactoryProtocol() throws {
    let container = Container()
    container.install([UserAssembly(), FriendsAssembly()])
    let friends = try container.resolve(FriendList.self)
    #expect(try friends.open("ann").user == "ann")
  }
}
