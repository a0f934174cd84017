import DIScope
import Testing

// The README's tour, line for line: if this stops compiling or passing, the README is wrong.
// (The README's `Logger`, `WebService` ... are the fixtures' types here.)

struct ReadmeAnalytics: Analytics {}

@Suite("README tour")
struct ReadmeTourTests {
  @Test func theTour() throws {
    // --- README: tour ---
    let container = Container()
    let t1 = container.register(Logger.self) { _ in ConsoleLogger() }   // .singleton by default
    container.register(WebService.self, scope: .prototype) { r in
      WebService(logger: try r.resolve(Logger.self))
    }
    container.register(Logger.self, name: "file") { _ in FileLogger() }
    let web = try container.resolve(WebService.self)
    let file = try container.resolve(Logger.self, name: "file")
    let maybe = try container.optionalResolve(Analytics.self)            // nil: nothing registered
    let t2 = container.register(Logger.self) { _ in NullLogger() }       // the newest answers
    container.remove(t2)                                                 // true: ConsoleLogger answers again
    try container.setScope(.graph, for: t1)
    container.setCaching(false, for: t1)
    container.register(UserDetails.self) { (r: Resolver, user: String) in UserDetails(user: user) }
    let details = try container.resolve(UserDetails.self, argument: "ann")
    container.register(Db.self) { _ in Db() }
    let makeDb = try container.resolve(Provider<Db>.self)
    let db = try makeDb()
    let group = container.install(AppAssembly())
    container.remove(group)
    let child = container.makeChild()
    // --- end ---
    #expect(web.logger.label == "console")
    #expect(file.label == "file")
    #expect(maybe == nil)
    #expect(!container.remove(t2))
    #expect(container.registration(t1)?.scope == .graph)
    #expect(container.registration(t1)?.isCaching == false)
    #expect(details.user == "ann")
    #expect(db === (try makeDb()))
    #expect(!container.canResolve(ControlContext.self))
    #expect(try child.resolve(Logger.self).label == "console")
  }

  @Test func hopoatesSpellings() throws {
    // --- README: hopoate ---
    let container = Container()
    container.register(service: Logger.self, cacheService: false) { ConsoleLogger() }
    container.register(ConsoleLogger(), for: Logger.self)
    // --- end ---
    #expect(try container.resolve(Logger.self) === container.resolve(Logger.self))
  }

  @Test func errorsReadLikeThis() throws {
    let container = Container()
    container.register(WebService.self) { r in WebService(logger: try r.resolve(Logger.self)) }
    // As if made in the app's assembly, at the site the README shows.
    container.register(Logger.self, name: "file", fileID: "MyApp/AppAssembly.swift", line: 12) { _ in FileLogger() }
    let error = try #require(throws: ResolutionError.self) { try container.resolve(WebService.self) }
    // --- README: error ---
    #expect(error.description == """
      error: no registration for 'Logger'
        path: WebService -> Logger
        hint: 'Logger' is registered under the name "file" (t2 Logger named "file" [singleton] made at AppAssembly.swift:12); to fix, register it: container.register(Logger.self) { r in ... }
      """)
    // --- end ---
  }
}
