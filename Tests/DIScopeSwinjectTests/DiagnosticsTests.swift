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

  @Test func anArgumentRegistrationIsKeyedByItsArguments() {
    let container = DIScopeSwinject.Container()
    container.register(Repository.self) { (_: DIScopeSwinject.Resolver, store: DiskStore) in Repository(store: store) }
    #expect(container.resolve(Repository.self, argument: DiskStore())?.store is DiskStore)
    #expect(container.discope.hasRegistration(for: ServiceKey(Repository.self, name: "(Resolver, DiskStore)")))
  }
}

