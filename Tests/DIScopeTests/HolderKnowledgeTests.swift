import DIScope
import Synchronization
import Testing

/// A holder that keeps what it was built with only while it is built (it reads it and lets go).
private final class ForgetfulHolder: Sendable {
  let loggerName: String
  init(logger: any Logger) { loggerName = String(describing: type(of: logger)) }
}

/// A mock that says when it is gone.
private final class TrackedMockLogger: Logger, @unchecked Sendable {
  // Unchecked: `onDeinit` is set once, before the instance is shared, and only read in deinit.
  var onDeinit: @Sendable () -> Void = {}
  let label = "tracked mock"
  deinit { onDeinit() }
}

/// Holder knowledge (issue 44): a cached instance whose build was not tracked holds what no one
/// knows, and every report says "unknown" of it, with why, rather than "none".
@Suite("Holder knowledge: what is known of what cached instances hold")
struct HolderKnowledgeTests {
  /// WebService (t2) built before tracking began, then a mock of Logger pushed.
  private func appBuiltBeforeTracking() throws -> (Container, web: RegistrationToken) {
    let container = Container()
    _ = container.register((any Logger).self) { _ in ConsoleLogger() }
    let web = container.register(WebService.self) { r in WebService(logger: try r.resolve((any Logger).self)) }
    _ = try container.resolve(WebService.self)
    return (container, web)
  }

  @Test func anInstanceBuiltBeforeTrackingBeganIsUnknownNotNone() throws {
    let (container, web) = try appBuiltBeforeTracking()
    container.tracksHolders = true
    _ = container.mock((any Logger).self, with: NullLogger())
    let scan = container.scanStaleReferences()
    #expect(scan.found.isEmpty)
    #expect(scan.verdict == .unknown)
    #expect(!scan.isComplete)
    #expect(scan.untracked.map(\.instance.registration.token) == [web])
    #expect(scan.untracked.first?.reason == .builtBeforeTracking)
    // The mock given as an instance holds nothing the container handed it: not unknown.
    #expect(scan.untracked.count == 1)
  }

  @Test func untrackedWhileNothingTracksSaysSo() throws {
    let (container, _) = try appBuiltBeforeTracking()
    #expect(container.scanStaleReferences().untracked.first?.reason == .notTracked)
  }

  @Test func rebuiltWhileTrackedItIsKnownAndItsStaleReferenceFound() throws {
    let (container, web) = try appBuiltBeforeTracking()
    container.tracksHolders = true
    container.setCaching(false, for: web)
    container.setCaching(true, for: web)
    _ = try container.resolve(WebService.self)
    // Known now: only the logger, built before tracking, is not (it holds nothing, but that too
    // is not known).
    #expect(!container.scanStaleReferences().untracked.contains { $0.instance.registration.token == web })
    _ = container.mock((any Logger).self, with: NullLogger())
    let scan = container.scanStaleReferences()
    #expect(scan.verdict == .found)
    #expect(scan.found.map(\.holder.registration.token) == [web])
  }

  @Test func explainSaysWhatItsHoldsAndItsHoldersAreUnknownAndWhy() throws {
    let (container, _) = try appBuiltBeforeTracking()
    container.tracksHolders = true
    let web = container.explain(WebService.self)
    #expect(web.holds == nil)
    #expect(web.holdsUnknown == .builtBeforeTracking)
    let logger = container.explain((any Logger).self)
    #expect(logger.heldBy.isEmpty)
    #expect(logger.untrackedHolders.map(\.instance.registration.token) == [web.answering?.token])
  }

  @Test func aReleasedWeakInstanceIsNoLongerReportedCached() throws {
    let container = Container()
    let token = container.register(WebService.self, scope: .weak) { _ in WebService(logger: NullLogger()) }
    var instance: WebService? = try container.resolve(WebService.self)
    #expect(container.stacks.first?.registrations.first?.cachedInstanceNumber != nil)
    _ = instance
    instance = nil
    #expect(container.stacks.first?.registrations.first?.token == token)
    #expect(container.stacks.first?.registrations.first?.cachedInstanceNumber == nil)
    #expect(container.explain(WebService.self).cached == nil)
  }

  /// A debugging tool never harms what it debugs: what holder tracking records keeps no instance
  /// alive, not even a removed mock's, once the holder let go of it.
  @Test func holderTrackingKeepsNoRemovedMockAlive() throws {
    let container = Container()
    container.tracksHolders = true
    _ = container.register((any Logger).self) { _ in ConsoleLogger() }
    // Resolved in a scope of its own, so that the test's frame keeps no reference.
    let holder = container.register(ForgetfulHolder.self) { r in ForgetfulHolder(logger: try r.resolve((any Logger).self)) }
    let gone = Flag()
    func pushMock() -> RegistrationToken {
      let mock = TrackedMockLogger()
      mock.onDeinit = { gone.set() }
      return container.mock((any Logger).self, with: mock)
    }
    let token = pushMock()
    _ = try container.resolve(ForgetfulHolder.self)
    #expect(!gone.isSet)
    _ = container.remove(token)
    #expect(gone.isSet, "holder tracking kept the removed mock alive")
    // And what it held is still said, from what was kept of the registration.
    let stale = container.staleReferences()
    #expect(stale.map(\.holder.registration.token) == [holder])
    #expect(stale.first?.held.registration.token == token)
    #expect(stale.first?.reason == .removed || stale.first?.reason == .replaced)
  }
}

/// Set once, read after.
private final class Flag: Sendable {
  private let value = Atomic<Bool>(false)
  func set() { value.store(true, ordering: .relaxed) }
  var isSet: Bool { value.load(ordering: .relaxed) }
}
