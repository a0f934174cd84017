import DIScope
import Testing

// The examples of Sources/DIScope/DIScope.docc/ScopesAndLifetimes.md, compiled and run.
@Suite("Article: Scopes and lifetimes")
struct ScopesArticle {
  final class Clock: Sendable {}
  final class Session: Sendable {}
  final class Page: Sendable {
    let header: Session, body: Session
    init(header: Session, body: Session) { (self.header, self.body) = (header, body) }
  }

  @Test func eachScopeKeepsWhatItBuildsForItsOwnTime() throws {
    // --- DOCC: scopes ---
    let container = Container()
    container.register(Clock.self) { _ in Clock() }                        // .singleton
    let session = container.register(Session.self, scope: .graph) { _ in Session() }
    container.register(Page.self, scope: .prototype) { r in
      Page(header: try r.resolve(Session.self), body: try r.resolve(Session.self))
    }
    #expect(try container.resolve(Clock.self) === container.resolve(Clock.self))
    let page = try container.resolve(Page.self)
    #expect(page.header === page.body)                                     // one per root resolve
    #expect(try container.resolve(Page.self).header !== page.header)       // a new graph each time
    try container.setScope(.singleton, for: session)                       // drops what was cached
    container.setCaching(false, for: session)                              // as .prototype, scope kept
    #expect(container.registration(session)?.scope == .singleton)
    // --- end ---
    #expect(try container.resolve(Session.self) !== container.resolve(Session.self))
  }

  @Test func weakAndEager() throws {
    // --- DOCC: scopes-weak-eager ---
    let container = Container()
    container.register(Session.self, scope: .weak) { _ in Session() }     // shared while held
    container.register(Clock.self, scope: .eager) { _ in Clock() }         // built right now
    var held: Session? = try container.resolve(Session.self)
    #expect(try container.resolve(Session.self) === held)
    held = nil                                                             // released: built anew next time
    // --- end ---
    _ = held
  }
}
