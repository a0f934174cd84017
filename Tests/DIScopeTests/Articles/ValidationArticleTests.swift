import DIScope
import Testing

// The examples of Sources/DIScope/DIScope.docc/ValidationAndExplain.md, compiled and run.
@Suite("Article: Validation and explain")
struct ValidationArticle {
  final class Session: Sendable {}
  final class Cache: Sendable {
    let session: Session
    init(session: Session) { self.session = session }
  }
  final class Report: Sendable {
    let month: String
    init(month: String) { self.month = month }
  }

  @Test func aTestThatValidatesTheWiring() async throws {
    // --- DOCC: validate ---
    let container = Container()
    container.register(Session.self, scope: .prototype) { _ in Session() }
    container.register(Cache.self) { r in Cache(session: try r.resolve(Session.self)) }
    container.register(Report.self) { (_: Resolver, month: String) in Report(month: month) }
    let report = await container.validate(samples: [.init(Report.self, arguments: "May")])
    #expect(report.findings.map(\.kind) == [.captive])   // every Cache user shares one Session
    #expect(report.isComplete, "\(report)")               // nothing left unchecked
    // --- end ---
    let withoutSamples = await container.validate()
    #expect(!withoutSamples.isComplete)
  }

  @Test func explainAndStaleReferences() throws {
    // --- DOCC: explain ---
    let container = Container()
    container.tracksHolders = true                        // remember what each instance holds
    let session = container.register(Session.self) { _ in Session() }
    let cache = container.register(Cache.self) { r in Cache(session: try r.resolve(Session.self)) }
    _ = try container.resolve(Cache.self)
    container.mock(Session.self, with: Session())         // answers from now on...
    #expect(container.staleReferences().count == 1)       // ...but the cached Cache holds the old one
    print(container.explain(Cache.self))                  // what answers, caches, holds; what is stale
    container.setCaching(false, for: cache)               // the fix: rebuild the holder
    container.setCaching(true, for: cache)
    #expect(container.staleReferences().isEmpty)
    // --- end ---
    _ = session
  }
}
