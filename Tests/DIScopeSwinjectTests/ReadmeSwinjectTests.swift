import DIScopeSwinject
import Testing

/// The README's migration example, compiled and run.
struct ReadmeSwinjectTests {
  @Test func migrationExample() {
    // --- README: swinject-migration ---
    let container = Container()  // import DIScopeSwinject
    container.register(Store.self) { _ in MemoryStore() }.inObjectScope(.container)
    container.register(Repository.self) { r in Repository(store: r.resolve(Store.self)) }
    let repository = container.resolve(Repository.self)   // as on Swinject
    let report = container.validate()                     // DIScope's dry run of every registration
    let why = container.explain(Store.self)               // which registration answers, its scope
    let core = container.discope                          // the DIScope container behind it
    // --- end ---
    #expect(repository?.store is MemoryStore)
    #expect(report.findings.isEmpty, "\(report)")
    #expect(why.answering?.scope == .singleton)
    #expect(core.canResolve(Repository.self))
  }
}
