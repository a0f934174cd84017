import DIScope
import Synchronization
import Testing

/// Whether a factory ran: set by a factory that must never run in these tests.
private final class Ran: Sendable {
  private let value = Mutex(false)
  func set() { value.withLock { $0 = true } }
  var isSet: Bool { value.withLock { $0 } }
}

private struct WouldTrap: Error {}
private final class Part: Sendable {}
private final class Teller: Sendable {
  init(part: Part) {}
}
private final class Basket: Sendable {
  init(part: Part) {}
}
private final class Nightly: Sendable {}
private final class Absent: Sendable {}
private final class Needy: Sendable {
  init(absent: Absent) {}
}
private final class Early: Sendable {
  init(part: Part) {}
}

@Suite("validateWithoutBuilding(from:): what real resolves showed, and no factory run")
struct ValidationWithoutBuildingTests {
  /// A recorder and the failures an observer hears, as a debugger attached to a program has them.
  private final class Watch: Sendable {
    let recorder: TraceRecorder
    private let failures = Failures()
    private let observation: Observation

    private final class Failures: Sendable {
      let list = Mutex<[(ResolutionError, String)]>([])
    }

    init(_ container: Container) {
      recorder = TraceRecorder(container)
      let failures = self.failures
      observation = container.observe { event in
        if case .resolutionFailed(let error, let container) = event { failures.list.withLock { $0.append((error, container)) } }
      }
    }

    var observed: ObservedDependencies {
      var observed = ObservedDependencies()
      observed.record(recorder.recorded)
      for (error, container) in failures.list.withLock({ $0 }) { observed.record(error, in: container) }
      return observed
    }
  }

  @Test func aFactoryNeverSeenBuiltIsListedAsUncheckedAndIsNotRun() throws {
    let container = Container()
    let watch = Watch(container)
    let ran = Ran()
    container.register(Part.self, scope: .prototype) { _ in Part() }
    container.register(Teller.self, scope: .prototype) { r in Teller(part: try r.resolve(Part.self)) }
    // A factory that would act on the world, or trap (a force-unwrap of what only a real night
    // supplies), if a validation ran it.
    container.register(Nightly.self) { _ in
      ran.set()
      throw WouldTrap()
    }
    _ = try container.resolve(Teller.self)

    let report = container.validateWithoutBuilding(from: watch.observed)
    #expect(!ran.isSet, "validating ran the factory")
    #expect(report.isEmpty, "\(report)")
    #expect(!report.isComplete)
    #expect(report.unchecked.map(\.registration.key) == [ServiceKey(Nightly.self)], "\(report)")
    #expect(report.unchecked.map(\.reason) == [.notSeenBuilt])
    // The prototype's edge, seen only in its real build (a prototype keeps no holdings).
    #expect(
      report.edges.contains { $0.from.key == ServiceKey(Teller.self) && $0.to?.key == ServiceKey(Part.self) },
      "\(report.edges)")
    #expect(report.registrations.count == 3)
    #expect(!report.description.contains("no findings"), "\(report)")
    #expect(report.description.contains("not checked: 'Nightly' (singleton, t3): not seen built"), "\(report)")
    #expect(report.description.hasSuffix("checked 2 of 3 registrations: nothing found in those, 1 not checked"))
  }

  @Test func aCaptiveDependencyIsFoundFromTheEdgesSeen() throws {
    let container = Container()
    let watch = Watch(container)
    container.register(Part.self, scope: .prototype) { _ in Part() }
    container.register(Basket.self) { r in Basket(part: try r.resolve(Part.self)) }
    _ = try container.resolve(Basket.self)

    let report = container.validateWithoutBuilding(from: watch.observed)
    #expect(report.isComplete, "\(report)")
    let finding = try #require(report.findings.first, "\(report)")
    #expect(report.findings.count == 1, "\(report)")
    #expect(finding.kind == .captive)
    #expect(finding.keys == [ServiceKey(Basket.self), ServiceKey(Part.self)])
    #expect(finding.message == "'Basket' (singleton, t2) holds 'Part' (prototype, t1): every Basket user shares one Part")
  }

  @Test func aScopeChangedSinceTheBuildIsJudgedAsItIsNow() throws {
    let container = Container()
    let watch = Watch(container)
    let part = container.register(Part.self) { _ in Part() }
    container.register(Teller.self) { r in Teller(part: try r.resolve(Part.self)) }
    _ = try container.resolve(Teller.self)
    #expect(container.validateWithoutBuilding(from: watch.observed).isEmpty)
    // The singleton Teller still holds the Part it was built with; its factory asks for Part,
    // which now answers with a new one each time.
    try container.setScope(.prototype, for: part)
    let report = container.validateWithoutBuilding(from: watch.observed)
    #expect(report.findings.map(\.kind) == [.captive], "\(report)")
  }

  @Test func aResolveSeenFailingIsAFinding() throws {
    let container = Container(name: "shop")
    let watch = Watch(container)
    container.register(Needy.self, scope: .prototype) { r in Needy(absent: try r.resolve(Absent.self)) }
    #expect(throws: ResolutionError.self) { try container.resolve(Needy.self) }

    let report = container.validateWithoutBuilding(from: watch.observed)
    let finding = try #require(report.findings.first, "\(report)")
    #expect(finding.kind == .missing)
    #expect(finding.key == ServiceKey(Absent.self))
    #expect(finding.path == ["Needy", "Absent"])
    #expect(finding.message == "no registration for 'Absent' (seen failing in a resolve in 'shop')", "\(finding)")
    // Its build never completed: what else it needs was not seen.
    #expect(report.unchecked.map(\.reason) == [.notSeenBuilt])
  }

  @Test func aSingletonBuiltBeforeAnythingObservedIsUncheckedAsBuiltBefore() throws {
    let container = Container()
    container.register(Part.self, scope: .prototype) { _ in Part() }
    container.register(Early.self) { r in Early(part: try r.resolve(Part.self)) }
    _ = try container.resolve(Early.self)
    let watch = Watch(container)

    let report = container.validateWithoutBuilding(from: watch.observed)
    #expect(
      report.unchecked.map(\.reason) == [.notSeenBuilt, .builtBeforeValidation],
      "Part never seen built, Early built before: \(report)")
  }

  @Test func theRecordKeepsTheNewestBuildsWithinItsBound() throws {
    let container = Container()
    let recorder = TraceRecorder(container)
    container.register(Part.self, scope: .prototype) { _ in Part() }
    container.register(Absent.self, scope: .prototype) { _ in Absent() }
    container.register(Nightly.self, scope: .prototype) { _ in Nightly() }
    var observed = ObservedDependencies(keepingAtMost: 2)
    let resolves: [() throws -> Any] = [
      { try container.resolve(Part.self) }, { try container.resolve(Absent.self) }, { try container.resolve(Nightly.self) },
    ]
    for resolve in resolves {
      _ = try resolve()
      observed.record(recorder.recorded)
      recorder.clear()
    }
    let report = container.validateWithoutBuilding(from: observed)
    #expect(report.unchecked.map(\.registration.key) == [ServiceKey(Part.self), ServiceKey(Absent.self)], "\(report)")
  }
}
