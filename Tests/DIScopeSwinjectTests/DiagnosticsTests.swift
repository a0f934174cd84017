import DIScope
import DIScopeSwinject
import Synchronization
import TestSupport
import Testing

/// DIScope's validate, explain, stale references and trace on a container wired through
/// Swinject's API.
struct DiagnosticsTests {
  @Test func registrationsAreDIScopeRegistrationsWithTheirScopes() {
    let container = makeScreenContainer()
    let explanation = container.explain(Store.self)
    #expect(explanation.answering?.scope == .singleton)
    #expect(container.explain(Repository.self).answering?.scope == .graph)
    #expect(container.explain(Screen.self).answering?.scope == .prototype)
    #expect(container.discope.canResolve(Screen.self))
  }

  @Test func explainSaysWhatAnswersAndWhatIsCached() {
    let container = makeScreenContainer()
    _ = container.resolve(Screen.self)
    let text = container.explain(Store.self).description
    #expect(text.contains("Store"), "\(text)")
    #expect(container.explain(Store.self).cached != nil, "\(text)")
  }

  @Test func validateFindsAMissingRegistration() {
    let container = DIScopeSwinject.Container()
    container.register(Repository.self) { r in Repository(store: r.resolve(Store.self)) }
    let report = container.validate()
    #expect(report.findings.contains { $0.kind == .missing }, "\(report)")
    #expect(report.description.contains("Store"), "\(report)")
  }

  /// A factory of runtime arguments builds only when a resolve hands them: the report lists it
  /// as unchecked, with them, and says it is not complete (as DIScope's own API does), rather
  /// than reporting a failure to build it.
  @Test func validateListsAnArgumentFactoryAsUnchecked() {
    let container = DIScopeSwinject.Container()
    container.register(Store.self) { (_, path: String) in DiskStore() }
    let report = container.validate()
    #expect(report.findings.isEmpty, "\(report)")
    #expect(!report.isComplete, "\(report)")
    #expect(report.unchecked.count == 1, "\(report)")
    #expect(report.description.contains("(String)"), "\(report)")
    #expect(container.resolve(Store.self, argument: "/tmp") is DiskStore)
  }

  @Test func validatePassesACompleteGraph() {
    let report = makeScreenContainer().validate()
    #expect(report.findings.isEmpty, "\(report)")
  }

  @Test func staleReferencesFindsAnInstanceHoldingAReplacedService() throws {
    let container = DIScopeSwinject.Container()
    container.tracksHolders = true
    container.register(Store.self) { _ in MemoryStore() }.inObjectScope(.container)
    container.register(Repository.self) { r in Repository(store: r.resolve(Store.self)) }
      .inObjectScope(.container)
    let repository = container.resolve(Repository.self)
    #expect(repository?.store is MemoryStore)
    // Registered again over it: the cached repository still holds the memory store.
    container.register(Store.self) { _ in DiskStore() }.inObjectScope(.container)
    let stale = container.staleReferences()
    #expect(stale.count == 1, "\(stale)")
    #expect(stale.first?.description.contains("Repository") == true, "\(stale)")
    // Its fix, typed as it reads on the Swinject container, rebuilds the repository.
    let holder = try #require(stale.first).holder.registration.token
    #expect(stale.first?.description.contains("container.setCaching(false, for: \(holder))") == true, "\(stale)")
    #expect(container.setCaching(false, for: holder))
    #expect(container.setCaching(true, for: holder))
    #expect(container.staleReferences().isEmpty)
    #expect(container.resolve(Repository.self)?.store is DiskStore)
  }

  /// `DISCOPE_TRACE=1` attaches this recorder to every root container: the trees are the
  /// Swinject-API resolves, nested as the factories resolved them.
  @Test func traceShowsResolvesMadeThroughTheSwinjectAPI() {
    let container = makeScreenContainer()
    let trees = Locked<[[String]]>([])
    let recorder = TraceRecorder(container.discope, glyphs: .ascii) { tree in
      trees.withLock { $0.append(tree) }
    }
    _ = container.resolve(Screen.self)
    recorder.stop()
    let lines = trees.withLock { $0 }.flatMap { $0 }
    #expect(lines.first?.contains("Screen") == true, "\(lines)")
    #expect(lines.contains { $0.contains("Repository") }, "\(lines)")
    #expect(lines.contains { $0.contains("Store") }, "\(lines)")
  }

  @Test func observersSeeRegistrationsMadeThroughTheSwinjectAPI() {
    let container = DIScopeSwinject.Container()
    let registered = Locked<[String]>([])
    let observation = container.discope.observe { event in
      if case .registered(let info) = event {
        registered.withLock { $0.append(info.key.description) }
      }
    }
    container.register(Store.self) { _ in MemoryStore() }
    container.register(Store.self, name: "disk") { _ in DiskStore() }
    observation.cancel()
    #expect(registered.withLock { $0 }.count == 2)
  }

  /// A service registered with runtime arguments is explained by its argument types, and, when
  /// it is registered in one way only, by its type alone.
  @Test func explainFindsARegistrationWithArguments() {
    let container = DIScopeSwinject.Container()
    container.register(Repository.self) { (_: DIScopeSwinject.Resolver, store: DiskStore) in Repository(store: store) }
    #expect(container.explain(Repository.self, arguments: DiskStore.self).answering != nil)
    #expect(container.explain(Repository.self).answering != nil)
    #expect(container.explain(Repository.self, arguments: Int.self).answering == nil)

    container.register(Repository.self) { (_: DIScopeSwinject.Resolver, store: DiskStore, count: Int) in
      Repository(store: store)
    }
    let both = container.explain(Repository.self)
    #expect(both.answering == nil, "two ways to resolve it: which one is for the caller to say")
    #expect(both.description.contains("(Resolver, DiskStore, Int)"), "\(both)")
    let second = container.explain(Repository.self, arguments: DiskStore.self, Int.self)
    #expect(second.answering?.key == ServiceKey(Repository.self, name: "(Resolver, DiskStore, Int)"))
  }

  @Test func anArgumentRegistrationIsKeyedByItsArguments() {
    let container = DIScopeSwinject.Container()
    container.register(Repository.self) { (_: DIScopeSwinject.Resolver, store: DiskStore) in Repository(store: store) }
    #expect(container.resolve(Repository.self, argument: DiskStore())?.store is DiskStore)
    #expect(container.discope.hasRegistration(for: ServiceKey(Repository.self, name: "(Resolver, DiskStore)")))
  }
  /// What `discope attach` (or any code holding ``Container/discope``) switches on the DIScope
  /// registration of a `.container` service takes effect through the Swinject API too: Swinject's
  /// storage does not keep answering with the instance DIScope let go of.
  @Test func aContainerScopedServiceFollowsCachingAndScopeSwitchedInDIScope() throws {
    let container = makeScreenContainer()
    let token = try #require(container.explain(Store.self).answering).token
    let first = try #require(container.resolve(Store.self) as Store?)
    #expect(container.discope.setCaching(false, for: token))
    let uncached = try #require(container.resolve(Store.self) as Store?)
    #expect(uncached !== first, "caching off in DIScope, and Swinject's storage still answered")
    #expect(try #require(container.resolve(Store.self) as Store?) !== uncached)
    #expect(container.discope.setCaching(true, for: token))
    let cached = try #require(container.resolve(Store.self) as Store?)
    #expect(try #require(container.resolve(Store.self) as Store?) === cached)

    try container.discope.setScope(.prototype, for: token)
    let prototype = try #require(container.resolve(Store.self) as Store?)
    #expect(prototype !== cached)
    #expect(try #require(container.resolve(Store.self) as Store?) !== prototype)
    try container.discope.setScope(.singleton, for: token)
    let again = try #require(container.resolve(Store.self) as Store?)
    #expect(try #require(container.resolve(Store.self) as Store?) === again)
    // Through the Swinject API, as before: a repository's store is the container's one.
    #expect(container.resolve(Repository.self)?.store === again)
  }

  /// Type forwarding still shares one instance of a `.container` service between its types,
  /// whichever is resolved first.
  @Test func forwardedTypesShareTheContainerScopedInstance() throws {
    let container = DIScopeSwinject.Container()
    container.register(MemoryStore.self) { _ in MemoryStore() }.inObjectScope(.container)
      .implements(Store.self)
    let store = try #require(container.resolve(Store.self) as Store?)
    #expect(container.resolve(MemoryStore.self) === store)
    #expect(container.resolve(Store.self) === store)
  }
  /// `validate()` builds what is not cached yet to check it, and keeps none of it: not in
  /// DIScope's cache, and not in Swinject's storage of a `.container` service either.
  @Test func validateKeepsNoContainerScopedInstance() {
    let tally = AliveTally()
    let container = DIScopeSwinject.Container()
    container.register(TalliedObject.self) { _ in TalliedObject(tally: tally) }.inObjectScope(.container)
    let report = container.validate()
    #expect(report.findings.isEmpty, "\(report)")
    #expect(tally.count == 0, "validate() left a .container instance alive")
    let first = container.resolve(TalliedObject.self)
    #expect(first != nil && container.resolve(TalliedObject.self) === first)
    #expect(tally.count == 1)
  }
  /// A cycle of `.container` services closed through `initCompleted` validates as it resolves:
  /// the dry run finds the instance being completed, and keeps neither.
  @Test func validateFollowsACycleThroughInitCompletedAndKeepsNothing() {
    let tally = AliveTally()
    let container = DIScopeSwinject.Container()
    container.register(Owner.self) { _ in Owner(tally: tally) }.inObjectScope(.container)
      .initCompleted { r, owner in owner.pet = r.resolve(Pet.self) }
    container.register(Pet.self) { r in Pet(owner: r.resolve(Owner.self)!, tally: tally) }
      .inObjectScope(.container)
    let report = container.validate()
    #expect(report.findings.isEmpty, "\(report)")
    #expect(tally.count == 0, "validate() left instances alive")
    let owner = container.resolve(Owner.self)
    #expect(owner?.pet?.owner === owner)
  }
}

/// `validateFollowsACycleThroughInitCompletedAndKeepsNothing`'s cycle: each counted while alive.
private final class Owner {
  let tallied: TalliedObject
  var pet: Pet?
  init(tally: AliveTally) { tallied = TalliedObject(tally: tally) }
}

private final class Pet {
  let tallied: TalliedObject
  unowned let owner: Owner
  init(owner: Owner, tally: AliveTally) {
    self.owner = owner
    tallied = TalliedObject(tally: tally)
  }
}
