import DIScope
import TestSupport
import Testing

final class MockWebService: Sendable {}

/// The seed app, tracked: `ZoneHolder` (singleton) holds the `WebService` it was built with.
final class ZoneHolder: Sendable {
  let webService: WebService
  init(webService: WebService) { self.webService = webService }
}

/// A container with Logger (t1), WebService (t2) and ZoneHolder (t3), holders tracked, and
/// ZoneHolder built (ZoneHolder#3 holds WebService#2, which holds ConsoleLogger#1).
private func trackedApp(holderScope: Scope = .singleton) throws -> (Container, [RegistrationToken]) {
  let container = Container()
  container.tracksHolders = true
  let logger = container.register((any Logger).self) { _ in ConsoleLogger() }
  let web = container.register(WebService.self) { r in WebService(logger: try r.resolve((any Logger).self)) }
  let holder = container.register(ZoneHolder.self, scope: holderScope) { r in
    ZoneHolder(webService: try r.resolve(WebService.self))
  }
  _ = try container.resolve(ZoneHolder.self)
  return (container, [logger, web, holder])
}

@Suite("Stale references: cached instances holding what their key no longer answers with")
struct StaleReferenceTests {
  @Test func nothingIsStaleWhileNothingChanged() throws {
    let (container, _) = try trackedApp()
    #expect(container.staleReferences().isEmpty)
  }

  @Test func registeringOverADependencyLeavesItsHolderStale() throws {
    let (container, tokens) = try trackedApp()
    let over = container.register(WebService.self) { _ in WebService(logger: NullLogger()) }
    let stale = try #require(container.staleReferences().first)
    #expect(container.staleReferences().count == 1)
    #expect(stale.holder.registration.token == tokens[2])
    #expect(stale.held.registration.token == tokens[1])
    #expect(stale.answeringNow?.token == over)
    #expect(stale.reason == .replaced)
    #expect(stale.fix == .rebuildHolder(tokens[2]))
    #expect(
      stale.description
        == "ZoneHolder#3 (t3, singleton) still holds WebService#2 from t2, which no longer answers for WebService (t4 answers now); to fix, rebuild it: container.setCaching(false, for: t3), then container.setCaching(true, for: t3)")
  }

  @Test func aMockPushedOverABuiltDependencyIsNotSeenByItsHolder() throws {
    let (container, tokens) = try trackedApp()
    let mock = container.mock(WebService.self, with: WebService(logger: NullLogger()))
    let stale = container.staleReferences()
    #expect(stale.map(\.holder.registration.token) == [tokens[2]])
    #expect(stale.first?.answeringNow?.token == mock)
    #expect(stale.first?.answeringNow?.isMock == true)
  }

  @Test func unmockLeavesTheMockInsideTheSingletonBuiltWithIt() throws {
    let container = Container()
    container.tracksHolders = true
    container.register((any Logger).self) { _ in ConsoleLogger() }
    let web = container.register(WebService.self) { r in WebService(logger: try r.resolve((any Logger).self)) }
    let mock = container.mock(WebService.self, with: WebService(logger: NullLogger()))
    let holder = container.register(ZoneHolder.self) { r in ZoneHolder(webService: try r.resolve(WebService.self)) }
    _ = try container.resolve(ZoneHolder.self)
    #expect(container.staleReferences().isEmpty)
    container.remove(mock)
    let stale = try #require(container.staleReferences().first)
    #expect(stale.held.registration.token == mock)
    #expect(stale.held.registration.isMock)
    #expect(stale.answeringNow?.token == web)
    #expect(stale.holder.registration.token == holder)
    // The fix it names works: rebuilt, the holder holds what answers now.
    container.setCaching(false, for: holder)
    container.setCaching(true, for: holder)
    _ = try container.resolve(ZoneHolder.self)
    #expect(container.staleReferences().isEmpty)
  }

  @Test func removingADependencyWithNothingBelowLeavesNothingAnswering() throws {
    let (container, tokens) = try trackedApp()
    container.remove(tokens[1])
    let stale = try #require(container.staleReferences().first)
    #expect(stale.reason == .removed)
    #expect(stale.answeringNow == nil)
    #expect(stale.whatChanged == "which no longer answers for WebService (nothing does now)")
  }

  @Test(arguments: ["scope", "caching"])
  func changingADependencysScopeOrCachingLeavesItsHolderWithTheOldInstance(change: String) throws {
    let (container, tokens) = try trackedApp()
    if change == "scope" {
      try container.setScope(.prototype, for: tokens[1])
    } else {
      container.setCaching(false, for: tokens[1])
    }
    let stale = try #require(container.staleReferences().first)
    #expect(stale.reason == .rebuilt)
    #expect(stale.held.description == "WebService#2")
    #expect(stale.answeringNow?.token == tokens[1])
    #expect(stale.whatChanged == "which t2 no longer hands out (it is \(change == "scope" ? "prototype" : "caching off") now)")
  }

  @Test func aDependencyRebuiltAsANewSingletonLeavesItsOldHolderStale() throws {
    let (container, tokens) = try trackedApp()
    container.setCaching(false, for: tokens[1])
    container.setCaching(true, for: tokens[1])
    _ = try container.resolve(WebService.self)  // WebService#4 now
    #expect(container.staleReferences().first?.whatChanged == "which t2 no longer hands out (it caches #4 now)")
  }

  @Test func anAssemblyInstalledOverADependencyAndRemovedAgain() throws {
    struct Override: Assembly {
      func assemble(into container: Container) {
        container.register(WebService.self) { _ in WebService(logger: NullLogger()) }
      }
    }
    let (container, tokens) = try trackedApp()
    let group = container.install(Override())
    #expect(container.staleReferences().map(\.answeringNow?.token) == [group.tokens[0]])
    // Rebuilt under the assembly, then the assembly goes: stale the other way round.
    container.setCaching(false, for: tokens[2])
    container.setCaching(true, for: tokens[2])
    _ = try container.resolve(ZoneHolder.self)
    #expect(container.staleReferences().isEmpty)
    container.remove(group)
    let stale = container.staleReferences()
    #expect(stale.map(\.held.registration.token) == [group.tokens[0]])
    #expect(stale.map(\.answeringNow?.token) == [tokens[1]])
  }

  @Test func aChildsOverrideNeverReachesItsParentsSingleton() throws {
    let (parent, tokens) = try trackedApp()
    let child = parent.makeChild(named: "test")
    let override = child.register(WebService.self) { _ in WebService(logger: NullLogger()) }
    #expect(parent.staleReferences().isEmpty, "the parent still answers with its own WebService")
    let stale = try #require(child.staleReferences().first)
    #expect(stale.holder.registration.token == tokens[2])
    #expect(stale.answeringNow?.token == override)
    #expect(stale.fix == .registerHolder(ServiceKey(ZoneHolder.self), inContainer: "test"))
    #expect(stale.whatChanged == "which no longer answers for WebService in test (t4 answers now)")
  }

  @Test func aPrototypeHolderIsNeverStale() throws {
    let (container, _) = try trackedApp(holderScope: .prototype)
    container.mock(WebService.self, with: WebService(logger: NullLogger()))
    container.register((any Logger).self) { _ in NullLogger() }
    // WebService#2 (a singleton) holds the old logger; ZoneHolder itself is rebuilt on every resolve.
    #expect(container.staleReferences().map(\.holder.registration.token.description) == [])
  }

  @Test func aShadowedSingletonHoldingTheOldLoggerIsStaleOnceItAnswers() throws {
    let (container, tokens) = try trackedApp()
    container.register((any Logger).self) { _ in NullLogger() }
    let stale = container.staleReferences()
    #expect(stale.map(\.holder.registration.token) == [tokens[1]])
    #expect(stale.first?.held.description == "ConsoleLogger#1")
  }

  @Test func untrackedBuildsRecordNothing() throws {
    let container = Container()
    #expect(!container.tracksHolders)
    container.register(WebService.self) { _ in WebService(logger: ConsoleLogger()) }
    container.register(ZoneHolder.self) { r in ZoneHolder(webService: try r.resolve(WebService.self)) }
    _ = try container.resolve(ZoneHolder.self)
    container.register(WebService.self) { _ in WebService(logger: NullLogger()) }
    #expect(container.staleReferences().isEmpty)
    #expect(container.explain(ZoneHolder.self).holds == nil)
  }

  @Test func anObserverTracksHoldersAndTurningTrackingOffStopsRecording() throws {
    let container = Container()
    let observation = container.observe { _ in }
    #expect(container.tracksHolders)
    observation.cancel()
    #expect(!container.tracksHolders)
    container.tracksHolders = true
    container.tracksHolders = true
    #expect(container.tracksHolders)
    container.tracksHolders = false
    #expect(!container.tracksHolders)
  }

  @Test func aWeakHolderIsTrackedWhileItLives() throws {
    let container = Container()
    container.tracksHolders = true
    let web = container.register(WebService.self) { _ in WebService(logger: ConsoleLogger()) }
    container.register(ZoneHolder.self, scope: .weak) { r in ZoneHolder(webService: try r.resolve(WebService.self)) }
    var holder: ZoneHolder? = try container.resolve(ZoneHolder.self)
    container.setCaching(false, for: web)
    #expect(container.staleReferences().count == 1)
    withExtendedLifetime(holder) {}
    holder = nil
    #expect(container.staleReferences().isEmpty, "a released weak instance is no longer cached")
  }

  @Test func anEagerSingletonRecordsWhatItWasBuiltWith() throws {
    let container = Container()
    container.tracksHolders = true
    container.register(WebService.self) { _ in WebService(logger: ConsoleLogger()) }
    let eager = container.register(ZoneHolder.self, scope: .eager) { r in
      ZoneHolder(webService: try r.resolve(WebService.self))
    }
    container.mock(WebService.self, with: WebService(logger: NullLogger()))
    #expect(container.staleReferences().map(\.holder.registration.token) == [eager])
  }
}

/// Two singletons whose holdings name each other's registration: the first holds the second, and
/// the second, built again later by a factory that changed its mind, holds the first.
final class Left: Sendable {
  let probe: DeinitProbe
  let right: Right
  init(probe: DeinitProbe, right: Right) {
    self.probe = probe
    self.right = right
  }
}
final class Right: Sendable {
  let left: Left?
  init(left: Left?) { self.left = left }
}

@Suite("Holdings never keep what they name alive")
struct HoldingsLifetimeTests {
  @Test(arguments: [false, true])
  func registrationsHoldingEachOthersInstancesAreFreedWithTheirContainer(removeFirst: Bool) throws {
    let freed = Locked(false)
    let wantsLeft = Locked(false)
    do {
      let container = Container()
      container.tracksHolders = true
      let left = container.register(Left.self) { r in
        Left(probe: DeinitProbe { freed.withLock { $0 = true } }, right: try r.resolve(Right.self))
      }
      let right = container.register(Right.self) { r in
        Right(left: wantsLeft.withLock { $0 } ? try r.resolve(Left.self) : nil)
      }
      _ = try container.resolve(Left.self)  // Left#2 holds Right#1
      container.setCaching(false, for: right)
      container.setCaching(true, for: right)
      wantsLeft.withLock { $0 = true }
      _ = try container.resolve(Right.self)  // Right#3 holds Left#2
      #expect(container.explain(Right.self).holds?.map(\.instance.description) == ["Left#2"])
      #expect(container.explain(Left.self).holds?.map(\.instance.description) == ["Right#1"])
      if removeFirst {
        container.remove(left)
        container.remove(right)
      }
      container.tracksHolders = false
    }
    #expect(freed.withLock { $0 }, "the singletons outlived their container")
  }
}
