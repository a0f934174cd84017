import DIScopeSwinject
import Testing

// The examples of Sources/DIScopeSwinject/DIScopeSwinject.docc/MigratingFromSwinject.md, compiled
// and run (`ArticleSyncTests` fails if the article and these regions drift apart). `Store`,
// `MemoryStore` and `Repository` are this target's fixtures.
struct MigrationArticleTests {
  @Test func swinjectCodeRunsUnchangedAndGainsDiagnostics() {
    // --- DOCC: swinject-migration ---
    let container = Container()                           // import DIScopeSwinject
    container.register(Store.self) { _ in MemoryStore() }.inObjectScope(.container)
    container.register(Repository.self) { r in Repository(store: r.resolve(Store.self)) }
    let repository = container.resolve(Repository.self)   // Optional, as on Swinject
    let report = container.validate()                     // DIScope's dry run of every registration
    let why = container.explain(Repository.self)          // which registration answers, and why
    #expect(repository != nil && report.isEmpty, "\(report)\n\(why)")
    // --- end ---
  }

  @Test func theDIScopeContainerBehindIt() throws {
    let container = Container()
    container.register(Store.self) { _ in MemoryStore() }.inObjectScope(.container)
    // --- DOCC: swinject-discope ---
    let core = container.discope                          // the DIScope container behind it
    #expect(core.canResolve(Store.self))
    #expect(container.explain(Store.self).answering?.scope == .singleton)  // .container is .singleton
    // --- end ---
  }
}
