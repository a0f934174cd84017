import Foundation
import TestSupport
import Testing

@testable import DIScope

/// A singleton built on the general path is kept in the building thread's cache at once, so that
/// its second resolve is the inlined hit: the first resolve no longer stores only the route. These
/// read the thread's table the way the inlined `resolve` does.
@Suite("A singleton cached for the inlined lookup from its first resolve")
struct FirstResolveCachingTests {
  /// What the inlined lookup of `Service` in `container` finds on this thread, if anything.
  private func inlineHit<Service>(_: Service.Type, in container: Container, name: String? = nil) -> Service? {
    let found = FastPathCache.lookUpOnThisThread(
      Service.self, containerID: container.id.raw, name: name,
      generation: { container.entryGeneration })
    // A hit leaves the cache read open, as it does for the inlined resolve: copy, then end it (a
    // thread left in a read would keep a shutdown on another thread waiting for it forever).
    guard let instance = found.instance else { return nil }
    let copy = instance.assumingMemoryBound(to: Service.self).pointee
    FastPathCache.endReadOnThisThread()
    return copy
  }

  @Test func aSingletonResolvedOnceIsAnInlinedHit() throws {
    let container = Container()
    container.register(Db.self) { _ in Db() }
    #expect(inlineHit(Db.self, in: container) == nil)
    let db = try container.resolve(Db.self)
    #expect(inlineHit(Db.self, in: container) === db)
    #expect(try container.resolve(Db.self) === db)
  }

  @Test func aNamedEagerOrValueSingletonIsTooButNotAPrototypeOrWeakInstance() throws {
    let container = Container()
    container.register(Db.self, name: "main") { _ in Db() }
    container.register(Int.self, scope: .eager) { _ in 42 }
    container.register(FileLogger.self, scope: .prototype) { _ in FileLogger() }
    container.register(ConsoleLogger.self, scope: .weak) { _ in ConsoleLogger() }
    let db = try container.resolve(Db.self, name: "main")
    #expect(inlineHit(Db.self, in: container, name: "main") === db)
    #expect(try container.resolve(Int.self) == 42)
    #expect(inlineHit(Int.self, in: container) == 42)
    _ = try container.resolve(FileLogger.self)
    #expect(inlineHit(FileLogger.self, in: container) == nil)
    let console = try container.resolve(ConsoleLogger.self)
    #expect(inlineHit(ConsoleLogger.self, in: container) == nil)
    withExtendedLifetime(console) {}
  }

  @Test func aSingletonBuiltWhileObservedIsReportedAgainNotAnsweredInline() throws {
    let container = Container()
    container.register(Db.self) { _ in Db() }
    let steps = Locked<[ResolutionStep.Outcome]>([])
    let observation = container.observe { event in
      if case .resolved(let step) = event { steps.withLock { $0.append(step.outcome) } }
    }
    let db = try container.resolve(Db.self)
    #expect(inlineHit(Db.self, in: container) == nil)
    #expect(try container.resolve(Db.self) === db)
    #expect(steps.withLock { $0 } == [.created, .cached])
    observation.cancel()
  }

  @Test func aChangeAfterTheFirstResolveIsNeverAnsweredFromTheCache() throws {
    let container = Container()
    let token = container.register(Db.self) { _ in Db() }
    let first = try container.resolve(Db.self)
    #expect(inlineHit(Db.self, in: container) === first)
    try container.setScope(.prototype, for: token)
    #expect(inlineHit(Db.self, in: container) == nil)
    #expect(try container.resolve(Db.self) !== first)
  }

  @Test func aSingletonWhoseBuildWasDroppedMeanwhileIsNotCached() throws {
    let container = Container()
    let token = Locked<RegistrationToken?>(nil)
    let builds = Locked(0)
    token.withLock {
      $0 = container.register(Db.self) { _ in
        // The first build changes its own registration's scope under way: what it built is
        // not the registration's instance, so nothing may answer with it.
        if builds.withLock({ $0 += 1; return $0 }) == 1 {
          try container.setScope(.singleton, for: token.withLock { $0! })
        }
        return Db()
      }
    }
    let first = try container.resolve(Db.self)
    #expect(inlineHit(Db.self, in: container) == nil)
    let second = try container.resolve(Db.self)
    #expect(second !== first)
    #expect(inlineHit(Db.self, in: container) === second)
    #expect(builds.withLock { $0 } == 2)
  }

  @Test func aChildsSingletonOfItsParentIsCachedInTheParentsEntries() throws {
    let root = Container()
    root.register(Db.self) { _ in Db() }
    let child = root.makeChild()
    let db = try child.resolve(Db.self)
    #expect(inlineHit(Db.self, in: root) === db)
    #expect(try root.resolve(Db.self) === db)
  }

  /// A factory pushed over a key this thread resolved before is built through the route the push
  /// remembered, which keeps the instance in its registration only (a push, one resolve and a
  /// removal allocate no box); the next resolve takes it under one lock and keeps it for the
  /// inlined lookup.
  @Test func aRoutedSingletonIsAnInlinedHitAfterItsSecondResolve() throws {
    let container = Container()
    container.register(Db.self) { _ in Db() }
    let original = try container.resolve(Db.self)
    let token = container.register(Db.self) { _ in Db() }
    let pushed = try container.resolve(Db.self)
    #expect(pushed !== original)
    #expect(inlineHit(Db.self, in: container) == nil)
    #expect(try container.resolve(Db.self) === pushed)
    #expect(inlineHit(Db.self, in: container) === pushed)
    container.remove(token)
    #expect(inlineHit(Db.self, in: container) == nil)
    #expect(try container.resolve(Db.self) === original)
  }

  /// The plan a routed build returns counts no reference (see `Container.RoutedBuild`): a trivial
  /// value, which a field that retained (a strong box, a registration) would break.
  @Test func aRoutedBuildsPlanIsATrivialValue() {
    #expect(_isPOD(Container.RoutedBuild.self))
  }
}
