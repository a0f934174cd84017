import DIScope
import Synchronization
import Testing

/// A tally of inits and deinits (and disposals) of the types below, by name.
private final class Lifecycle: Sendable {
  private let counts = Mutex<[String: Int]>([:])
  func note(_ event: String) { counts.withLock { $0[event, default: 0] += 1 } }
  func count(_ event: String) -> Int { counts.withLock { $0[event] ?? 0 } }
}

private final class Store: Sendable {}
private final class Details: Sendable {
  let user: String
  init(user: String, store: Store) { self.user = user }
}
private final class Config: Sendable {
  let life: Lifecycle
  init(_ life: Lifecycle) {
    self.life = life
    life.note("Config.init")
  }
  deinit { life.note("Config.deinit") }
}
private final class ConfigUser: Sendable {
  init(config: Config) {}
}
private final class Link: Sendable {
  let next: [Link]
  init(next: [Link]) { self.next = next }
}
private final class Pooled: Disposable, Sendable {
  let life: Lifecycle
  init(_ life: Lifecycle) {
    self.life = life
    life.note("Pooled.init")
  }
  func dispose() { life.note("Pooled.dispose") }
  deinit { life.note("Pooled.deinit") }
}
private final class RequestTag: Sendable {}
private final class RequestHandler: Sendable {
  init(tag: RequestTag) {}
}
@MainActor private final class Screen: Sendable {
  init(store: Store) {}
}
private final class Remote: Sendable {
  init(store: Store) {}
}

@Suite("validate(): a report that tells the truth")
struct ValidationTruthTests {
  @Test func anArgumentFactoryWithoutASampleIsListedAsUncheckedNeverAsOk() throws {
    let container = Container()
    container.register(Details.self) { (r: Resolver, user: String) in
      Details(user: user, store: try r.resolve(Store.self))
    }
    let report = container.validate()
    #expect(report.isEmpty)
    #expect(!report.isComplete)
    let unchecked = try #require(report.unchecked.first)
    #expect(unchecked.reason == .takesArguments("(String)"))
    #expect(!report.description.contains("no findings"), "\(report)")
    #expect(report.description.contains("not checked: 'Details' (prototype, t1): it takes runtime arguments (String)"))
  }

  @Test func aSampleChecksAnArgumentFactoryOnceWithItsArguments() throws {
    let container = Container()
    let users = Mutex<[String]>([])
    container.register(Details.self) { (r: Resolver, user: String) in
      users.withLock { $0.append(user) }
      return Details(user: user, store: try r.resolve(Store.self))
    }
    let sample = ValidationSample(Details.self, arguments: "ann")
    let missing = container.validate(samples: [sample])
    #expect(missing.isComplete)
    #expect(missing.findings.map(\.kind) == [.missing], "\(missing)")
    #expect(missing.findings.first?.key == ServiceKey(Store.self))

    container.register(Store.self) { _ in Store() }
    let fixed = container.validate(samples: [sample])
    #expect(fixed.isEmpty && fixed.isComplete, "\(fixed)")
    #expect(users.withLock { $0 } == ["ann", "ann"], "one run each, with the sample")
    #expect(fixed.edges.map { "\($0.from.key)->\($0.key)" } == ["Details->Store"])
  }

  @Test func theSynchronousValidateListsAMainActorFactoryTheAsyncOneChecksIt() async throws {
    let container = Container()
    container.register(Screen.self) { @MainActor r in Screen(store: try r.resolve(Store.self)) }
    container.register(Link.self, scope: .prototype) { r in
      _ = try r.resolve(Screen.self)
      return Link(next: [])
    }
    let validateHere: @Sendable () -> ValidationReport = { container.validate() }
    // Off the main actor (a detached task), the synchronous dry run cannot run it.
    let synchronous = await Task.detached { validateHere() }.value
    #expect(synchronous.isEmpty && !synchronous.isComplete)
    #expect(synchronous.unchecked.map(\.reason) == [.mainActorFactory, .dependsOnMainActor(ServiceKey(Screen.self))])
    #expect(synchronous.unchecked.first?.hint == "validate with `await container.validate()`")

    let awaited = await container.validate()
    #expect(awaited.isComplete, "\(awaited)")
    #expect(awaited.findings.map(\.kind) == [.missing], "\(awaited)")
    #expect(awaited.findings.first?.path == ["Screen", "Store"])
  }

  @Test func theAsyncValidateAwaitsAnAsyncFactoryOnceARun() async throws {
    let container = Container()
    let builds = Mutex(0)
    container.register(Remote.self) { r in
      builds.withLock { $0 += 1 }
      return Remote(store: try await r.resolve(Store.self))
    }
    container.register(Link.self, scope: .prototype) { r in
      _ = try await r.resolve(Remote.self)
      return Link(next: [])
    }
    container.register(ConfigUser.self, scope: .prototype) { r in
      _ = try r.resolve(Remote.self)  // never works: a synchronous factory cannot await
      return ConfigUser(config: Config(Lifecycle()))
    }
    let validateHere: () -> ValidationReport = { container.validate() }
    let synchronous = validateHere()
    #expect(synchronous.unchecked.map(\.reason) == [.asyncFactory, .asyncFactory])
    #expect(synchronous.findings.map(\.key) == [ServiceKey(Remote.self)], "\(synchronous)")

    let awaited = await container.validate()
    #expect(awaited.isComplete, "\(awaited)")
    #expect(awaited.findings.map(\.kind) == [.missing, .failure], "\(awaited)")
    #expect(builds.withLock { $0 } == 1, "Remote's factory ran, once, and met the missing Store")
    container.register(Store.self) { _ in Store() }
    let fixed = await container.validate()
    #expect(fixed.findings.map(\.kind) == [.failure], "\(fixed)")
    #expect(fixed.isComplete)
    #expect(builds.withLock { $0 } == 2, "once more in the second run, though two services need it")
  }

  @Test func servicesChildrenSupplyAreNotMissingAtTheRootButAreInAChildThatLacksThem() throws {
    let app = Container()
    app.declareSuppliedByChildren(RequestTag.self)
    app.register(RequestHandler.self, scope: .prototype) { r in RequestHandler(tag: try r.resolve(RequestTag.self)) }

    let root = app.validate()
    #expect(root.isEmpty, "\(root)")
    #expect(root.unchecked.map(\.reason) == [.needsServiceFromChildren(ServiceKey(RequestTag.self))])

    let lacking = app.makeChild(named: "request")
    let missing = lacking.validate()
    #expect(missing.findings.map(\.kind) == [.missing], "\(missing)")
    #expect(missing.findings.first?.hint == "'root' declares that its children supply 'RequestTag': register it in 'request'")

    let supplying = app.makeChild(named: "request")
    supplying.register(RequestTag.self, value: RequestTag())
    let complete = supplying.validate()
    #expect(complete.isEmpty && complete.isComplete, "\(complete)")
  }

  /// Fifteen levels of prototypes, each resolving two of the next: 2^15 paths, one build each.
  @Test func aFifteenLevelPrototypeDiamondBuildsEachRegistrationOnce() {
    let container = Container()
    let builds = Mutex(0)
    let levels = 15
    for level in 0..<levels {
      for side in ["a", "b"] {
        container.register(Link.self, name: "\(side)\(level)", scope: .prototype) { r in
          builds.withLock { $0 += 1 }
          guard level + 1 < levels else { return Link(next: []) }
          return Link(next: [try r.resolve(Link.self, name: "a\(level + 1)"), try r.resolve(Link.self, name: "b\(level + 1)")])
        }
      }
    }
    let report = container.validate()
    #expect(report.isEmpty && report.isComplete, "\(report)")
    #expect(builds.withLock { $0 } == 2 * levels)
    #expect(report.edges.count == 4 * (levels - 1))
  }

  @Test func oneResolveAndTwoValidationsBuildOneConfig() throws {
    let container = Container()
    let life = Lifecycle()
    container.register(Config.self) { _ in Config(life) }
    container.register(ConfigUser.self, scope: .prototype) { r in ConfigUser(config: try r.resolve(Config.self)) }
    let config = try container.resolve(Config.self)
    let first = container.validate()
    let second = container.validate()
    #expect(life.count("Config.init") == 1)
    #expect(life.count("Config.deinit") == 0)
    withExtendedLifetime(config) {}
    // Built before, untracked: its dependencies were never seen, and the report says so.
    #expect(first.unchecked.map(\.reason) == [.builtBeforeValidation])
    #expect(second.isEmpty && !second.isComplete)

    let tracked = Container()
    tracked.tracksHolders = true
    tracked.register(Store.self) { _ in Store() }
    tracked.register(Config.self) { r in
      _ = try r.resolve(Store.self)
      return Config(life)
    }
    _ = try tracked.resolve(Config.self)
    let report = tracked.validate()
    #expect(report.isEmpty && report.isComplete, "\(report)")
    #expect(report.edges.map { "\($0.from.key)->\($0.key)" } == ["Config->Store"])
    #expect(life.count("Config.init") == 2)
  }

  @Test func whatValidationBuildsIsDisposedAndLetGoOf() async throws {
    let life = Lifecycle()
    let container = Container()
    container.register(Pooled.self, scope: .prototype) { _ in Pooled(life) }
    container.register(Link.self, name: "user", scope: .prototype) { r in
      _ = try r.resolve(Pooled.self)
      return Link(next: [])
    }
    let validateHere: () -> ValidationReport = { container.validate() }
    #expect(validateHere().isEmpty)
    #expect(life.count("Pooled.init") == 1, "built once, for both the user and itself")
    #expect(life.count("Pooled.dispose") == 1)
    #expect(life.count("Pooled.deinit") == 1, "nothing kept after validate() returns")

    let closed = Mutex(0)
    let async = Container()
    async.register(Store.self, dispose: { _ in closed.withLock { $0 += 1 } }) { _ in Store() }
    #expect(await async.validate().isEmpty)
    #expect(closed.withLock { $0 } == 1)
  }

  @Test func aCycleCarriesItsMembers() throws {
    let container = Container()
    container.register(CycleA.self) { r in CycleA(try r.resolve(CycleB.self)) }
    container.register(CycleB.self) { r in CycleB(try r.resolve(CycleC.self)) }
    container.register(CycleC.self) { r in CycleC(try r.resolve(CycleA.self)) }
    let cycles = container.validate().findings.filter { $0.kind == .cycle }
    #expect(cycles.count == 1)
    #expect(cycles.first?.cycle == ["CycleA", "CycleB", "CycleC"])
  }

  @Test func theReadmeExampleChecksEverything() async throws {
    let container = Container()
    container.register(Store.self) { _ in Store() }
    container.register(UserDetails.self) { (r: Resolver, user: String) in
      _ = try r.resolve(Store.self)
      return UserDetails(user: user)
    }
    container.register(Screen.self) { @MainActor r in Screen(store: try r.resolve(Store.self)) }
    // --- README: validate ---
    let report = await container.validate(samples: [.init(UserDetails.self, arguments: "ann")])
    #expect(report.isEmpty, "\(report)")      // nothing found...
    #expect(report.isComplete, "\(report)")   // ...and nothing left unchecked
    // --- end ---
    #expect(report.description == "ok: 3 registrations checked, no findings")
  }
}
