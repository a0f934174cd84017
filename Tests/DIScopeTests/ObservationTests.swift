import DIScope
import TestSupport
import Testing

@Suite("Observation and instance identity")
struct ObservationTests {
  @Test func registrationChangesAreEvents() throws {
    let container = Container()
    let log = EventLog()
    let observation = container.observe { log.append($0) }
    let token = container.register(Db.self) { _ in Db() }
    try container.setScope(.graph, for: token)
    container.setCaching(false, for: token)
    container.remove(token)
    let text = log.all.map(\.description)
    #expect(text == [
      "registered t1 Db -> Db [singleton]",
      "scope of t1 singleton -> graph",
      "caching of t1 off",
      "removed t1 Db",
    ])
    observation.cancel()
  }

  @Test func mockPushesAndPopsSayWhatTheyShadowAndUncover() throws {
    let container = Container()
    let log = EventLog()
    let observation = container.observe { log.append($0) }
    container.register((any Logger).self) { _ in ConsoleLogger() }
    let mock = container.mock((any Logger).self, with: NullLogger())
    container.remove(mock)
    let mocks = log.all.compactMap { event -> String? in
      switch event {
      case .mockPushed, .mockPopped: event.description
      default: nil
      }
    }
    #expect(mocks == ["mock t2 over Logger (shadows t1)", "unmock t2 Logger (uncovers t1)"])
    _ = observation
  }

  @Test func resolutionStepsArriveInnermostFirstWithDepthTokenAndOutcome() throws {
    let container = Container()
    container.install(AppAssembly())
    let log = EventLog()
    let observation = container.observe { log.append($0) }
    _ = try container.resolve(ControlContext.self)
    _ = try container.resolve(ControlContext.self)
    let steps = log.steps
    #expect(steps.map(\.key.serviceName) == [
      "Logger", "WebService", "ZoneController", "ControlContext", "ControlContext",
    ])
    #expect(steps.map(\.depth) == [2, 1, 1, 0, 0])
    #expect(steps.map(\.outcome) == [.created, .created, .created, .created, .cached])
    #expect(steps.map { $0.registration?.token.description } == ["t1", "t2", "t3", "t4", "t4"])
    #expect(steps.allSatisfy { $0.scope == .singleton && $0.registration?.stackDepth == 0 })
    #expect(steps.map(\.instanceNumber) == [1, 2, 3, 4, 4], "numbers count creations, dependencies first")
    #expect(steps[1].description == "WebService#2 created t2 [singleton]")
    observation.cancel()
  }

  @Test func stackDepthOfTheAnsweringRegistrationIsReported() throws {
    let container = Container()
    container.register(Db.self) { _ in Db() }
    let top = container.register(Db.self) { _ in Db() }
    let below = container.register(Db.self, name: "x") { _ in Db() }
    _ = below
    let log = EventLog()
    let observation = container.observe { log.append($0) }
    _ = try container.resolve(Db.self)
    #expect(log.steps.first?.registration?.token == top)
    #expect(log.steps.first?.registration?.stackDepth == 0)
    observation.cancel()
  }

  @Test func failuresAndAbsentOptionalsAreEvents() throws {
    let container = Container()
    let log = EventLog()
    let observation = container.observe { log.append($0) }
    _ = try container.optionalResolve((any Analytics).self)
    _ = try? container.resolve(Db.self)
    #expect(log.steps.first?.outcome == .absent)
    guard case .resolutionFailed(let error, let name)? = log.all.last else {
      Issue.record("no failure event: \(log.all)")
      return
    }
    #expect(error.kind == .notRegistered)
    #expect(name == "root")
    observation.cancel()
  }

  @Test func cancellingOrReleasingStopsObserving() throws {
    let container = Container()
    let log = EventLog()
    let observation = container.observe { log.append($0) }
    observation.cancel()
    container.register(Db.self) { _ in Db() }
    do {
      _ = container.observe { log.append($0) }  // released at once
    }
    container.register(Db.self) { _ in Db() }
    #expect(log.all.isEmpty)
  }

  /// A handler may hold another observation: cancelling the first releases the handler, which
  /// releases (and so cancels) the second, with no deadlock on the family lock.
  @Test func cancellingAnObserverThatHoldsAnotherCancelsBoth() throws {
    let container = Container()
    let log = EventLog()
    let inner = container.observe { log.append($0) }
    let outer = container.observe { _ in withExtendedLifetime(inner) {} }
    _ = consume inner
    outer.cancel()
    container.register(Db.self) { _ in Db() }
    #expect(log.all.isEmpty, "the inner observation went with the handler that held it")
  }

  @Test func aParentsObserverSeesItsChildrensEvents() throws {
    let parent = Container()
    let child = parent.makeChild(named: "kid")
    let log = EventLog()
    let observation = parent.observe { log.append($0) }
    child.register(Db.self) { _ in Db() }
    _ = try child.resolve(Db.self)
    #expect(log.all.count == 2)
    #expect(log.steps.first?.container == "kid")
    observation.cancel()
  }

  /// The last observer is handed the event itself and the others a copy: each still gets the
  /// same step, an observer that does not see the container is skipped without taking the event,
  /// and the instances the kept events carry live exactly as long as the events.
  @Test func everyObserverKeepsItsOwnEventAndNothingOutlivesThem() throws {
    let parent = Container()
    let child = parent.makeChild(named: "kid")
    parent.register(Db.self, scope: .prototype) { _ in Db() }
    let first = EventLog(), second = EventLog(), childs = EventLog()
    // Attached last, the child's observer is the list's last entry, and sees no parent step:
    // the parent's event is then handed to no one, and destroyed here.
    let observations = [
      parent.observe { first.append($0) }, parent.observe { second.append($0) },
      child.observe { childs.append($0) },
    ]
    weak var builtInParent: Db?
    builtInParent = try parent.resolve(Db.self)
    // Resolved in the child, the step is the child's observer's own (it is last) and the
    // parent's observers' copies.
    weak var builtInChild: Db?
    builtInChild = try child.resolve(Db.self)
    #expect(first.steps.map(\.container) == ["root", "kid"])
    #expect(second.steps.map(\.container) == ["root", "kid"])
    #expect(childs.steps.map(\.container) == ["kid"])
    do {
      let kept = [first, second, childs].map { $0.steps.last?.instance?.value as AnyObject? }
      #expect(kept.allSatisfy { $0 != nil && $0 === kept[0] }, "one instance, in every observer's event")
    }
    #expect(builtInParent != nil && builtInChild != nil, "the kept events hold their instances")
    for log in [first, second, childs] { log.removeAll() }
    #expect(builtInParent == nil && builtInChild == nil, "and nothing else does")
    withExtendedLifetime(observations) {}
  }

  @Test func cachedSingletonsReportedEvenAfterTheFastPathWarmedUp() throws {
    let container = Container()
    container.register(Db.self) { _ in Db() }
    _ = try container.resolve(Db.self)
    _ = try container.resolve(Db.self)  // now in this thread's fast-path cache
    let log = EventLog()
    let observation = container.observe { log.append($0) }
    _ = try container.resolve(Db.self)
    #expect(log.steps.map(\.outcome) == [.cached], "an observer must see cache hits too")
    observation.cancel()
  }

  @Test func instanceNumbersAreSharedByAFamily() throws {
    let parent = Container()
    parent.register(Db.self, scope: .prototype) { _ in Db() }
    let child = parent.makeChild()
    let log = EventLog()
    let observation = parent.observe { log.append($0) }
    _ = try parent.resolve(Db.self)
    _ = try child.resolve(Db.self)
    #expect(log.steps.map(\.instanceNumber) == [1, 2])
    observation.cancel()
  }

  /// A debug client whose queue is full pauses its observer: the observer is handed nothing and
  /// learns how many events it missed; another observer misses nothing; the container goes on
  /// keeping what only an observed build keeps (instance numbers, what a singleton holds).
  @Test func aPausedObserverIsHandedNothingAndCountsWhatItMissed() throws {
    let container = Container()
    container.install(AppAssembly())
    let pausedLog = EventLog()
    let paused = container.observe { pausedLog.append($0) }
    paused.pause()
    _ = try container.resolve(ControlContext.self)  // four steps, built while nobody takes events
    container.register(Db.self, scope: .prototype) { _ in Db() }  // one registration event
    #expect(pausedLog.all.isEmpty)
    #expect(paused.resume() == 5)
    #expect(paused.resume() == 0, "counted once")
    #expect(container.explain(ControlContext.self).holds?.count == 2, "holders tracked while paused")

    let openLog = EventLog()
    let open = container.observe { openLog.append($0) }
    paused.pause()
    _ = try container.resolve(Db.self)
    #expect(openLog.steps.map(\.instanceNumber) == [5], "four numbered while paused, this the fifth")
    #expect(pausedLog.all.isEmpty)
    #expect(paused.resume() == 1)
    _ = try container.resolve(Db.self)
    #expect(pausedLog.steps.map(\.instanceNumber) == [6])
    #expect(openLog.steps.map(\.instanceNumber) == [5, 6])
    open.cancel()
    paused.cancel()
  }

  /// While every observer is paused, prototypes and cached answers, which keep nothing of their
  /// own, are counted without an event; a singleton built meanwhile still knows what it holds.
  @Test func aPausedFamilyCountsEveryStepAndStillTracksHolders() throws {
    let container = Container()
    container.register(Db.self, scope: .prototype) { _ in Db() }
    container.register(PausedRepository.self) { r in PausedRepository(db: try r.resolve(Db.self)) }
    let log = EventLog()
    let observation = container.observe { log.append($0) }
    observation.pause()
    for _ in 0..<3 { _ = try container.resolve(Db.self) }  // three prototypes
    _ = try container.resolve(PausedRepository.self)  // a singleton over a prototype: two steps
    for _ in 0..<2 { _ = try container.resolve(PausedRepository.self) }  // cached: a step each
    #expect(log.all.isEmpty)
    #expect(observation.resume() == 7)
    let holds = container.explain(PausedRepository.self).holds ?? []
    #expect(holds.count == 1 && holds.first?.description.hasPrefix("Db#") == true, "\(holds)")
    _ = try container.resolve(PausedRepository.self)
    _ = try container.resolve(Db.self)
    #expect(log.steps.map(\.outcome) == [.cached, .created])
    #expect(observation.resume() == 0)
    observation.cancel()
  }
}

final class PausedRepository: Sendable {
  let db: Db
  init(db: Db) { self.db = db }
}

/// Observed resolves follow the same per-thread routes as unobserved ones (no lock, no stack
/// lookup on a repeat), and must still report every step exactly as the first resolve did.
@Suite("Observation of routed resolves")
struct RoutedObservationTests {
  final class Leaf: Sendable {}
  final class Branch: Sendable {
    let leaf: Leaf
    init(leaf: Leaf) { self.leaf = leaf }
  }

  @Test func everyRepeatResolveIsStillSeenStepByStepAndNumbered() throws {
    let container = Container()
    container.register(Leaf.self, scope: .prototype) { _ in Leaf() }
    container.register(Branch.self, scope: .prototype) { r in Branch(leaf: try r.resolve(Leaf.self)) }
    container.register(Db.self) { _ in Db() }
    _ = try container.resolve(Branch.self)  // routes made before anyone observes
    let log = EventLog()
    let observation = container.observe { log.append($0) }
    for _ in 0..<3 {
      _ = try container.resolve(Branch.self)
      _ = try container.resolve(Db.self)
    }
    let steps = log.steps
    #expect(steps.map(\.key.serviceName) == Array(repeating: ["Leaf", "Branch", "Db"], count: 3).flatMap { $0 })
    #expect(steps.map(\.depth) == Array(repeating: [1, 0, 0], count: 3).flatMap { $0 })
    #expect(steps.map(\.outcome) == [
      .created, .created, .created, .created, .created, .cached, .created, .created, .cached,
    ])
    let numbers = steps.compactMap(\.instanceNumber)
    #expect(numbers.count == 9)

    #expect(steps.allSatisfy { $0.registration?.stackDepth == 0 })
    #expect(steps[3].description.hasPrefix("Leaf#"), "type names come from the instance")
    observation.cancel()
  }

  @Test func aRoutedRootFailureIsReported() throws {
    struct Broken: Error {}
    let calls = Locked(0)
    let container = Container()
    container.register(Leaf.self, scope: .prototype) { _ in
      let call = calls.withLock { count -> Int in
        count += 1
        return count
      }
      if call == 3 { throw Broken() }
      return Leaf()
    }
    _ = try container.resolve(Leaf.self)
    let log = EventLog()
    let observation = container.observe { log.append($0) }
    _ = try container.resolve(Leaf.self)  // the slow path, which makes the observed route
    #expect(throws: ResolutionError.self) { try container.resolve(Leaf.self) }  // the route
    let failures = log.all.filter { if case .resolutionFailed = $0 { true } else { false } }
    #expect(failures.count == 1)
    #expect(log.steps.count == 1)
    observation.cancel()
  }

  @Test func aCancelledObserverIsNotKeptAliveByTheThreadThatReportedToIt() throws {
    final class Sink: Sendable {}
    weak var released: Sink?
    let container = Container()
    container.register(Leaf.self, scope: .prototype) { _ in Leaf() }
    container.register(Branch.self, scope: .prototype) { r in Branch(leaf: try r.resolve(Leaf.self)) }
    do {
      let sink = Sink()
      released = sink
      let observation = container.observe { _ in withExtendedLifetime(sink) {} }
      for _ in 0..<3 { _ = try container.resolve(Branch.self) }
      observation.cancel()
    }
    #expect(released == nil, "nothing on this thread holds the cancelled handler")
  }

  /// A handler that resolves in turn, mid-resolve, from the container it observes or from
  /// another family: every step of the outer resolve still reaches every observer, in order.
  @Test func aHandlerThatResolvesInTurnMissesNoStep() throws {
    let container = Container()
    container.register(Leaf.self, scope: .prototype) { _ in Leaf() }
    container.register(Branch.self, scope: .prototype) { r in Branch(leaf: try r.resolve(Leaf.self)) }
    container.register(Db.self) { _ in Db() }
    let other = Container(name: "other")
    other.register(Db.self) { _ in Db() }
    let otherLog = EventLog()
    let otherObservation = other.observe { otherLog.append($0) }
    let seen = EventLog()
    let nested = Locked(false)
    let resolving = container.observe { event in
      seen.append(event)
      guard case .resolved(let step) = event, step.key.serviceName == "Leaf",
        nested.withLock({ isNested in
          defer { isNested = true }
          return !isNested
        })
      else { return }
      defer { nested.withLock { $0 = false } }
      _ = try? container.resolve(Db.self)  // the same family, mid-delivery
      _ = try? other.resolve(Db.self)  // another family: the thread's observers are its now
    }
    let log = EventLog()
    let watching = container.observe { log.append($0) }
    for _ in 0..<3 { _ = try container.resolve(Branch.self) }
    // Delivery is synchronous: the nested resolve's step reaches the second observer before the
    // step the first observer was handling when it resolved.
    #expect(seen.steps.map(\.key.serviceName) == Array(repeating: ["Leaf", "Db", "Branch"], count: 3).flatMap { $0 })
    #expect(log.steps.map(\.key.serviceName) == Array(repeating: ["Db", "Leaf", "Branch"], count: 3).flatMap { $0 })
    #expect(log.steps.filter { $0.key.serviceName != "Db" }.map(\.depth) == [1, 0, 1, 0, 1, 0])
    #expect(otherLog.steps.map(\.key.serviceName) == ["Db", "Db", "Db"])
    resolving.cancel()
    watching.cancel()
    otherObservation.cancel()
  }

  @Test func aFactoryThatCoversItsOwnRegistrationShowsItsRealDepth() throws {
    let container = Container()
    container.register(Leaf.self, scope: .prototype) { _ in Leaf() }
    container.register(Branch.self, scope: .prototype) { r in
      // Pushes a registration over its own key while it builds: it no longer answers on top.
      r.container.register(Branch.self, scope: .prototype) { _ in Branch(leaf: Leaf()) }
      return Branch(leaf: try r.resolve(Leaf.self))
    }
    let log = EventLog()
    let observation = container.observe { log.append($0) }
    _ = try container.resolve(Branch.self)
    let branch = log.steps.last
    #expect(branch?.key.serviceName == "Branch")
    #expect(branch?.registration?.stackDepth == 1)
    #expect(branch?.registration?.token.description == "t2")
    observation.cancel()
  }
}
