import DIScope
import TestSupport
import Testing

final class Session: Sendable {}
final class Cache: Sendable {
  let session: Session
  init(session: Session) { self.session = session }
}

@Suite("validate(): a dry run that finds defects and keeps nothing")
struct ValidationTests {
  @Test func aCleanGraphOf200ServicesHasNoFindings() throws {
    let container = Container()
    // Services below 100 are singletons over singletons; the rest are short-lived leaves.
    for index in 0..<200 {
      let scope: Scope = index < 100 ? .singleton : (index.isMultiple(of: 2) ? .prototype : .graph)
      container.register(Node.self, name: "n\(index)", scope: scope) { r in
        Node(next: index == 0 ? nil : try r.resolve(Node.self, name: "n\(index / 2)"))
      }
    }
    let report = container.validate()
    #expect(report.isEmpty, "\(report)")
    #expect(report.registrations.count == 200)
    #expect(report.edges.count == 199)
  }

  @Test func findsAMissingRegistrationWithThePathThatNeedsIt() {
    let container = Container()
    container.register(ControlContext.self) { r in
      ControlContext(webService: try r.resolve(WebService.self), zoneController: RFZoneController())
    }
    container.register(WebService.self) { r in WebService(logger: try r.resolve((any Logger).self)) }
    let report = container.validate()
    let missing = report.findings.filter { $0.kind == .missing }
    // WebService's factory runs once in the run (for ControlContext): its failure is one finding.
    #expect(missing.count == 1, "\(report)")
    #expect(missing.first?.path == ["ControlContext", "WebService", "Logger"])
    #expect(missing.first?.description.hasPrefix("error: no registration for 'Logger'") == true)
  }

  @Test func findsACycleWithItsPath() {
    let container = Container()
    container.register(CycleA.self) { r in CycleA(try r.resolve(CycleB.self)) }
    container.register(CycleB.self) { r in CycleB(try r.resolve(CycleC.self)) }
    container.register(CycleC.self) { r in CycleC(try r.resolve(CycleA.self)) }
    let cycles = container.validate().findings.filter { $0.kind == .cycle }
    #expect(cycles.map(\.message).contains("dependency cycle: CycleA -> CycleB -> CycleC -> CycleA"))
  }

  @Test(arguments: [Scope.singleton, .eager, .weak])
  func findsALongLivedInstanceHoldingAShortLivedOne(holder: Scope) throws {
    let container = Container()
    container.register(Session.self, scope: .prototype) { _ in Session() }
    container.register(Cache.self, scope: holder) { r in Cache(session: try r.resolve(Session.self)) }
    let report = container.validate()
    let captive = try #require(report.findings.first { $0.kind == .captive })
    #expect(captive.message == "'Cache' (\(holder), t2) holds 'Session' (prototype, t1): every Cache user shares one Session")
    #expect(captive.tokens.map(\.description) == ["t2", "t1"])
    #expect(captive.hint?.contains("Provider<Session>") == true)
  }

  /// A weak instance lives while anyone holds it; held by a singleton, it lives forever.
  @Test(arguments: [Scope.singleton, .eager])
  func aSingletonHoldingAWeakInstanceIsCaptive(holder: Scope) throws {
    let container = Container()
    container.register(Session.self, scope: .weak) { _ in Session() }
    container.register(Cache.self, scope: holder) { r in Cache(session: try r.resolve(Session.self)) }
    let captive = try #require(container.validate().findings.first { $0.kind == .captive })
    #expect(captive.message == "'Cache' (\(holder), t2) holds 'Session' (weak, t1): the Session it holds is never released, so it is not weak at all")
    #expect(captive.hint == "make 'Session' a singleton if it may live forever, or inject Provider<Session> into 'Cache' and resolve it only while in use")
  }

  /// A weak instance held by a weak one lives as long as its holder: no finding.
  @Test func aWeakInstanceHoldingAWeakOneIsFine() {
    let container = Container()
    container.register(Session.self, scope: .weak) { _ in Session() }
    container.register(Cache.self, scope: .weak) { r in Cache(session: try r.resolve(Session.self)) }
    #expect(container.validate().isEmpty)
  }

  /// A singleton with caching off is held as if a prototype: the hint says to turn caching on.
  @Test func aSingletonWithCachingOffIsCaptiveAndSaysSo() throws {
    let container = Container()
    let session = container.register(Session.self) { _ in Session() }
    container.setCaching(false, for: session)
    container.register(Cache.self) { r in Cache(session: try r.resolve(Session.self)) }
    let captive = try #require(container.validate().findings.first { $0.kind == .captive })
    #expect(captive.message == "'Cache' (singleton, t2) holds 'Session' (singleton, cache off, t1): every Cache user shares one Session")
    #expect(captive.hint?.hasPrefix("turn caching of 'Session' back on, or inject Provider<Session>") == true)
  }

  /// Called from a factory, validation checks nothing, and says so instead of passing.
  @Test func validateFromAFactorySaysItCheckedNothing() throws {
    let container = Container()
    let report = Locked<ValidationReport?>(nil)
    container.register(Db.self) { _ in
      report.withLock { $0 = container.validate() }
      return Db()
    }
    _ = try container.resolve(Db.self)
    let findings = try #require(report.withLock { $0 }).findings
    #expect(findings.map(\.kind) == [.failure])
    #expect(findings.first?.message.contains("during a resolve") == true)
  }

  @Test func aProviderIsNotCaptive() {
    final class Holder: Sendable {
      let sessions: Provider<Session>
      init(sessions: Provider<Session>) { self.sessions = sessions }
    }
    let container = Container()
    container.register(Session.self, scope: .prototype) { _ in Session() }
    container.register(Holder.self) { r in Holder(sessions: try r.resolve(Provider<Session>.self)) }
    #expect(container.validate().isEmpty)
  }

  @Test func findsAnOverrideAParentsSingletonNeverSees() throws {
    let parent = Container()
    parent.register((any Logger).self) { _ in ConsoleLogger() }
    parent.register(WebService.self) { r in WebService(logger: try r.resolve((any Logger).self)) }
    let child = parent.makeChild(named: "test")
    child.register((any Logger).self) { _ in NullLogger() }
    let finding = try #require(child.validate().findings.first { $0.kind == .ignoredOverride })
    #expect(finding.message.contains("'WebService' (singleton, t2 in root) is built from root's 'Logger' (t1)"))
    #expect(finding.message.contains("the override in 'test' (t3) never reaches it"))
    #expect(parent.validate().isEmpty)
  }

  @Test func aFailingFactoryIsAFinding() {
    let container = Container()
    container.register(Db.self) { _ in throw Boom.failed }
    #expect(container.validate().findings.map(\.kind) == [.failure])
  }

  @Test func theDryRunKeepsNothingNumbersNothingAndShowsObserversNothing() throws {
    let container = Container()
    let builds = Counter()
    container.register(Db.self) { _ in builds.increment(); return Db() }
    let log = EventLog()
    let observation = container.observe { log.append($0) }
    #expect(container.validate().isEmpty)
    #expect(log.all.isEmpty)
    _ = try container.resolve(Db.self)
    #expect(builds.value == 2, "the dry run built one and kept none; the real resolve built its own")
    #expect(log.steps.first?.instanceNumber == 1, "the dry run used no instance number")
    observation.cancel()
  }

  @Test func anEagerInstanceIsNotBuiltTwice() throws {
    let container = Container()
    let builds = Counter()
    container.register((any Logger).self) { _ in ConsoleLogger() }
    container.register(WebService.self, scope: .eager) { r in
      builds.increment()
      return WebService(logger: try r.resolve((any Logger).self))
    }
    #expect(builds.value == 1)
    let report = container.validate()
    #expect(builds.value == 1)
    #expect(report.edges.map { "\($0.from.token)->\($0.to?.token.description ?? "nil")" } == ["t2->t1"])
  }

  @Test func argumentRegistrationsAreListedAsUnchecked() {
    let container = Container()
    container.register(UserDetails.self) { (_: Resolver, user: String) in UserDetails(user: user) }
    let report = container.validate()
    #expect(report.isEmpty)
    #expect(report.unchecked.map(\.token.description) == ["t1"])
  }
}
