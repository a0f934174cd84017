import DIScope
import Testing

@Suite("explain: why a service resolves as it does, without building anything")
struct ExplainTests {
  @Test func aServiceNothingAnswersSaysSoWithTheResolveHint() {
    let container = Container()
    container.register((any Logger).self, name: "file") { _ in FileLogger() }
    let explanation = container.explain((any Logger).self)
    #expect(explanation.answering == nil)
    #expect(explanation.onResolve == .fails)
    #expect(explanation.lines.first == "Logger: nothing answers in root")
    #expect(explanation.hint?.contains("registered under the name \"file\"") == true)
  }

  /// A singleton with caching off builds on every resolve, and is still a singleton: said as the
  /// stacks and the trace say it, not as a prototype.
  @Test func aSingletonWithCachingOffIsNamedAsTheStacksNameIt() {
    let container = Container()
    let token = container.register((any Logger).self) { _ in ConsoleLogger() }
    container.setCaching(false, for: token)
    let explanation = container.explain((any Logger).self)
    #expect(
      explanation.resolveNowText == "builds a new one (singleton, caching off: every resolve does)",
      "\(explanation.resolveNowText)")
    #expect(explanation.lines.contains("  scope: singleton, caching off"), "\(explanation.lines)")
  }

  @Test func aSingletonNotYetBuiltWouldBeBuiltAndNothingIsBuiltByAsking() throws {
    let container = Container()
    container.tracksHolders = true
    let log = EventLog()
    let observation = container.observe { log.append($0) }
    defer { observation.cancel() }
    let line = #line + 1
    container.register((any Logger).self) { _ in ConsoleLogger() }
    let explanation = container.explain((any Logger).self)
    #expect(explanation.cached == nil)
    #expect(explanation.onResolve == .builds(.singleton))
    #expect(log.steps.isEmpty, "explain built something")
    #expect(
      explanation.description == """
        Logger: t1 Logger answers (the only registration in root)
          made at: ExplainTests.swift:\(line)
          scope: singleton, caching on
          resolve now: builds it and caches it (singleton)
        """)
  }

  @Test func aMockShadowingTheAppsOwnExplainsWhatItHoldsWhoHoldsItAndWhatIsStale() throws {
    let container = Container()
    container.tracksHolders = true
    container.install(AppAssembly())  // t1 Logger ... t4 ControlContext
    _ = try container.resolve(ControlContext.self)  // Logger#1 WebService#2 Zone#3 ControlContext#4
    let mock = container.mock(WebService.self, with: WebService(logger: NullLogger()))
    _ = try container.resolve(NoticeManager.self)  // built with the mock
    let explanation = container.explain(WebService.self)
    #expect(explanation.answering?.token == mock)
    #expect(explanation.shadowed.map(\.token.description) == ["t2"])
    #expect(explanation.reason == "a mock; newest of 2 in root; shadows t2")
    #expect(explanation.heldBy.map(\.description) == ["NoticeManager#\(explanation.heldBy.first?.number ?? 0)"])
    #expect(explanation.stale.map(\.holder.registration.token.description) == ["t4"])
    #expect(explanation.stale.first?.held.description == "WebService#2")
    let context = container.explain(ControlContext.self)
    #expect(context.cached?.description == "ControlContext#4")
    #expect(context.builtBy == ServiceKey(ControlContext.self))
    #expect(context.holds?.map(\.description) == ["WebService#2 (t2)", "ZoneController → RFZoneController#3 (t3)"])
    #expect(context.onResolve == .returnsCached(context.cached!))
    #expect(context.lines.contains("  resolve now: returns the cached ControlContext#4"))
    #expect(context.lines.last?.hasPrefix("  stale: ControlContext#4 (t4, singleton) still holds WebService#2 from t2") == true)
  }

  @Test func aDependencyBuiltInsideAnotherResolveSaysWhichResolveBuiltIt() throws {
    let container = Container()
    container.tracksHolders = true
    container.install(AppAssembly())
    _ = try container.resolve(ControlContext.self)
    let web = container.explain(WebService.self)
    #expect(web.lines.contains("  cached: WebService#2, built by resolve ControlContext"))
    #expect(web.lines.contains("  holds: Logger → ConsoleLogger#1 (t1)"))
    #expect(web.heldBy.map(\.description) == ["ControlContext#4"])
  }

  @Test func aChildSeesWhereTheAnswerComesFromAndWhatItOverrides() throws {
    let parent = Container()
    parent.register((any Logger).self) { _ in ConsoleLogger() }
    let child = parent.makeChild(named: "test")
    #expect(child.explain((any Logger).self).reason == "the only registration in root; found in the parent root")
    child.register((any Logger).self) { _ in FileLogger() }
    #expect(child.explain((any Logger).self).reason == "the only registration in test; overrides t1 in root")
  }

  @Test func anInstanceBuiltWhileUntrackedSaysItsHoldingsAreUnknown() throws {
    let container = Container()
    container.install(AppAssembly())
    _ = try container.resolve(WebService.self)
    let explanation = container.explain(WebService.self)
    #expect(explanation.holds == nil)
    #expect(explanation.lines.contains("  holds: unknown (built while holders were not tracked)"))
  }
}

@Suite("README: explain and stale references")
struct ReadmeExplainTests {
  @Test func theReadmeExampleRuns() throws {
    let container = Container()
    container.install(AppAssembly())
    // --- README: explain ---
    container.tracksHolders = true                  // always on while anything observes
    _ = try container.resolve(ControlContext.self)  // ControlContext#4 holds WebService#2
    container.mock(WebService.self, with: WebService(logger: NullLogger()))
    #expect(container.staleReferences().map(\.holder.description) == ["ControlContext#4"])
    #expect(container.explain(ControlContext.self).description == """
      ControlContext: t4 ControlContext answers (the only registration in root)
        made at: AppAssembly.swift:9
        scope: singleton, caching on
        cached: ControlContext#4, built by resolve ControlContext
        holds: WebService#2 (t2), ZoneController → RFZoneController#3 (t3)
        resolve now: returns the cached ControlContext#4
        stale: ControlContext#4 (t4, singleton) still holds WebService#2 from t2, which no longer answers for WebService (t7 answers now); to fix, rebuild it: container.setCaching(false, for: t4), then container.setCaching(true, for: t4)
      """)
    // --- end ---
  }
}
