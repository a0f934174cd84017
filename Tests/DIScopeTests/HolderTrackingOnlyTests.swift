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

/// What a holder-tracking observer is and is not: it counts no step on any path (a thread's
/// steps delivered to another observer or counted for a paused one, a task's), and a thread that
/// reported to other observers while it only tracks lets go of them when its resolve ends.
@Suite("Holder tracking alone: counts nothing, keeps nothing")
struct HolderTrackingCountsNothingTests {
  final class Front: Sendable {
    let web: WebService
    init(web: WebService) { self.web = web }
  }

  /// Its gate is closed for good: a step handed to the other observers, or counted by a paused
  /// one, or a task's step, is never counted by it (no atomic add for a count no one reads).
  @Test func aHolderTrackingObserverCountsNoStep() async throws {
    let container = Container()
    let tracker = container.observeForHolderTracking()
    container.register((any Logger).self) { _ in ConsoleLogger() }
    container.register(WebService.self, scope: .prototype) { r in WebService(logger: try r.resolve((any Logger).self)) }
    container.register(Front.self) { r in Front(web: try r.resolve(WebService.self)) }
    container.register(Db.self) { _ in
      await Task.yield()
      return Db()
    }
    _ = try container.resolve(Front.self)  // tracking alone: gathered, counted by no one
    _ = try await container.resolveAsync(Db.self)  // a task's step: built
    let log = EventLog()
    let other = container.observe { log.append($0) }
    _ = try container.resolve(WebService.self)  // two steps handed to the other observer
    other.pause()
    _ = try container.resolve(WebService.self)  // two counted by the paused one
    _ = try await container.resolveAsync(Db.self)  // and a task's: cached
    #expect(log.steps.count == 2)
    #expect(other.resume() == 3)
    #expect(tracker.resume() == 0, "a holder-tracking observer counts nothing")
    #expect(container.explain(Front.self).holds?.count == 1, "and holders are tracked")
    other.cancel()
    tracker.cancel()
  }

  /// Tracking alone, a root that is not reported (a routed prototype) over a step that was
  /// reported (to an observer cancelled before the root ends): the thread kept the observers for
  /// that step, and lets go of them as the resolve ends, so a cancelled handler is not kept
  /// alive by a thread that may never report again.
  @Test func anObserverCancelledDuringAResolveIsNotKeptByItsThread() throws {
    final class Sink: Sendable {}
    weak var released: Sink?
    let container = Container()
    container.tracksHolders = true
    container.register((any Logger).self) { _ in ConsoleLogger() }
    let cancelling = Locked<Observation?>(nil)
    container.register(WebService.self, scope: .prototype) { r in
      let logger = try r.resolve((any Logger).self)  // reported at depth 1
      let observation = cancelling.withLock { observation in
        defer { observation = nil }
        return observation
      }
      observation?.cancel()
      return WebService(logger: logger)
    }
    do {
      let sink = Sink()
      released = sink
      let observation = container.observe { _ in withExtendedLifetime(sink) {} }
      _ = try container.resolve(WebService.self)  // the general path: its route made
      cancelling.withLock { $0 = observation }
      _ = try container.resolve(WebService.self)  // the route, the observer cancelled in its factory
      #expect(cancelling.withLock { $0 } == nil, "cancelled mid-resolve")
    }
    #expect(released == nil, "nothing on this thread holds the cancelled handler")
    #expect(container.tracksHolders)
  }
}

/// Tracking alone records what an observer's family records: the same holdings (by registration
/// and type; numbers differ, since an unreported step takes none) and the same stale references,
/// whichever fast path answered a dependency before its holder was built.
@Suite("Holder tracking alone records what observing records")
struct HolderTrackingAgreesWithObservingTests {
  final class Session: Sendable {}
  final class Inner: Sendable {
    let logger: any Logger
    init(logger: any Logger) { self.logger = logger }
  }
  final class Front: Sendable {
    let parts: [any Sendable]
    init(parts: [any Sendable]) { self.parts = parts }
  }
  final class Request: Sendable {
    let parts: [any Sendable]
    init(parts: [any Sendable]) { self.parts = parts }
  }

  enum Watching: CaseIterable { case trackingOnly, observed, pausedObserver }

  /// Makes `container` watched so; returns the observer to cancel, if any.
  private func watch(_ container: Container, _ watching: Watching) -> Observation? {
    switch watching {
    case .trackingOnly:
      container.tracksHolders = true
      return nil
    case .observed:
      return container.observe { _ in }
    case .pausedObserver:
      let observation = container.observe { _ in }
      observation.pause()
      return observation
    }
  }

  /// What is recorded of each holder, and what is stale after a change, in a family watched so.
  private func record(_ watching: Watching) throws -> [String] {
    let container = Container()
    let observation = watch(container, watching)
    defer { observation?.cancel() }
    container.register((any Logger).self) { _ in ConsoleLogger() }
    container.register(Db.self, scope: .prototype) { _ in Db() }
    container.register(Session.self, scope: .graph) { _ in Session() }
    container.register(WebService.self, scope: .prototype) { r in WebService(logger: try r.resolve((any Logger).self)) }
    container.register(Inner.self) { r in Inner(logger: try r.resolve((any Logger).self)) }
    container.register(Front.self) { r in
      Front(parts: [
        try r.resolve(Session.self), try r.resolve(Db.self), try r.resolve(WebService.self),
        try r.resolve((any Logger).self), try r.resolve(Inner.self),
      ])
    }
    container.register(Request.self, scope: .prototype) { r in
      Request(parts: [try r.resolve(Session.self), try r.resolve(Db.self), try r.resolve(WebService.self)])
    }
    // Every route made, the logger answered inline (tracking alone) or reported (observed).
    for _ in 0..<3 {
      _ = try container.resolve((any Logger).self)
      _ = try container.resolve(Request.self)
    }
    // The front built under a routed prototype that built the session before it.
    container.register(Request.self, scope: .prototype) { r in
      Request(parts: [try r.resolve(Session.self), try r.resolve(Front.self)])
    }
    for _ in 0..<2 { _ = try container.resolve(Request.self) }
    var lines: [String] = []
    for (name, explanation) in [("Front", container.explain(Front.self)), ("Inner", container.explain(Inner.self))] {
      let holds = explanation.holds?.map { "\($0.key) \($0.instance.registration.token) \($0.instance.typeName)" }
      lines.append("\(name): \(holds ?? ["unknown"])")
    }
    container.mock((any Logger).self, with: NullLogger())
    lines += container.staleReferences().map {
      "\($0.holder.registration.token) holds \($0.held.registration.token): \($0.reason)"
    }
    #expect(container.tracksHolders)
    return lines
  }

  /// The async engine gathers no holdings (README says so): an instance an `async` factory
  /// built holds what is unknown, however the family is watched, and the reason says so (it said
  /// "built before holders were tracked" of an instance built while they were).
  @Test func whatAnAsyncInstanceHoldsIsUnknownHoweverWatched() async throws {
    for watching in Watching.allCases {
      let container = Container()
      let observation = watch(container, watching)
      container.register((any Logger).self) { _ in ConsoleLogger() }
      container.register(Inner.self) { r in Inner(logger: try await r.resolve((any Logger).self)) }
      _ = try await container.resolveAsync(Inner.self)
      let explanation = container.explain(Inner.self)
      #expect(explanation.holds == nil, "\(watching)")
      #expect(explanation.holdsUnknown == .builtByAsyncFactory, "\(watching)")
      #expect(
        container.scanStaleReferences().untracked.map(\.reason) == [.builtByAsyncFactory], "\(watching)")
      observation?.cancel()
    }
  }

  @Test func trackingAloneRecordsWhatObservingRecords() throws {
    let observed = try record(.observed)
    #expect(observed.count == 4, "\(observed)")
    for watching in [Watching.trackingOnly, .pausedObserver] {
      #expect(try record(watching) == observed, "\(watching)")
    }
  }
}
