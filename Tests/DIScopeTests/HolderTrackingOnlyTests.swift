import DIScope
import TestSupport
import Testing

/// A singleton built over a prototype, for a holder two steps above a cached singleton.
final class ZoneFront: Sendable {
  let holder: ZoneHolder
  init(holder: ZoneHolder) { self.holder = holder }
}

/// A family whose only observer tracks holders (`tracksHolders = true`, a debug server's default)
/// keeps the unobserved fast paths (the inlined hit of a cached singleton, routed prototypes with
/// no step) everywhere but on a thread building a shared instance, whose steps are what the
/// instance holds: there, every step must still reach the engine.
@Suite("Holder tracking alone: fast paths outside shared builds, every step inside them")
struct HolderTrackingOnlyTests {
  /// WebService cached on this thread (the inlined hit answers it) before ZoneHolder, built over
  /// it, is first resolved: the build still records what it holds.
  @Test func aSingletonAnsweredInlineBeforeStillCountsAsHeldByWhatIsBuiltOverIt() throws {
    let container = Container()
    container.tracksHolders = true
    container.register((any Logger).self) { _ in ConsoleLogger() }
    let web = container.register(WebService.self) { r in WebService(logger: try r.resolve((any Logger).self)) }
    let holder = container.register(ZoneHolder.self) { r in ZoneHolder(webService: try r.resolve(WebService.self)) }
    for _ in 0..<3 { _ = try container.resolve(WebService.self) }  // cached, then answered inline
    _ = try container.resolve(ZoneHolder.self)
    let mock = container.mock(WebService.self, with: WebService(logger: NullLogger()))
    let stale = try #require(container.staleReferences().first)
    #expect(stale.holder.registration.token == holder)
    #expect(stale.held.registration.token == web)
    #expect(stale.answeringNow?.token == mock)
  }

  /// A singleton over a prototype over a cached singleton, resolved from a prototype root many
  /// times (the routed paths in between): each shared build records its direct dependencies.
  @Test func nestedBuildsUnderARoutedPrototypeRecordTheirOwnDependencies() throws {
    let container = Container()
    container.tracksHolders = true
    container.register((any Logger).self) { _ in ConsoleLogger() }
    let web = container.register(WebService.self) { r in WebService(logger: try r.resolve((any Logger).self)) }
    let holder = container.register(ZoneHolder.self, scope: .prototype) { r in
      ZoneHolder(webService: try r.resolve(WebService.self))
    }
    for _ in 0..<3 { _ = try container.resolve(ZoneHolder.self) }  // WebService cached, routes made
    let front = container.register(ZoneFront.self) { r in ZoneFront(holder: try r.resolve(ZoneHolder.self)) }
    for _ in 0..<3 { _ = try container.resolve(ZoneFront.self) }
    #expect(container.staleReferences().isEmpty)
    container.remove(holder)
    let stale = try #require(container.staleReferences().first)
    #expect(stale.holder.registration.token == front)
    #expect(stale.reason == .removed)
    // WebService is held by no cached instance: ZoneHolder was a prototype.
    #expect(!container.staleReferences().contains { $0.held.registration.token == web })
  }

  /// Another family's service resolved inside this family's shared build is not this family's
  /// dependency: removing it there leaves nothing stale here.
  @Test func anUntrackedFamilysStepsInsideATrackedBuildAreNotItsHoldings() throws {
    let other = Container()
    let otherLogger = other.register((any Logger).self) { _ in ConsoleLogger() }
    _ = try other.resolve((any Logger).self)
    let container = Container()
    container.tracksHolders = true
    container.register(WebService.self) { _ in WebService(logger: try other.resolve((any Logger).self)) }
    container.register(ZoneHolder.self) { r in ZoneHolder(webService: try r.resolve(WebService.self)) }
    _ = try container.resolve(ZoneHolder.self)
    #expect(container.staleReferences().isEmpty)
    other.remove(otherLogger)
    #expect(container.staleReferences().isEmpty)
    #expect(container.tracksHolders)
  }

  /// Resolves in between stay right: the same instances as an untracked family hands out.
  @Test func cachedSingletonsAndPrototypesAnswerAsWithoutTracking() throws {
    let container = Container()
    container.tracksHolders = true
    container.register((any Logger).self) { _ in ConsoleLogger() }
    container.register(WebService.self, scope: .prototype) { r in WebService(logger: try r.resolve((any Logger).self)) }
    let first = try container.resolve(WebService.self)
    let second = try container.resolve(WebService.self)
    #expect(first !== second)
    #expect(first.logger === second.logger)
    container.tracksHolders = false
    #expect(try container.resolve(WebService.self).logger === first.logger)
  }
}
