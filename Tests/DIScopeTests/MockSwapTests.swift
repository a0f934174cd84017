import DIScope
import Synchronization
import Testing

/// `mock(_:with:)` takes the mock itself (a class instance as it is, anything else boxed once) as
/// it is pushed, answers with it from then on, and the pushing thread finds it without a lookup. These pin down what that must not change.
@Suite("Mock swaps")
struct MockSwapTests {
  @Test func theMockIsTheInstanceGivenNotACopyOrALaterBuild() throws {
    let container = Container()
    container.register((any Logger).self) { _ in ConsoleLogger() }
    let mock = NullLogger()
    let token = container.mock((any Logger).self, with: mock)
    #expect(try container.resolve((any Logger).self) === mock)
    #expect(try container.resolve((any Logger).self) === mock, "cached: the same every time")
    #expect(container.remove(token))
    #expect(try container.resolve((any Logger).self) is ConsoleLogger)
  }

  @Test func aSwapOnOneThreadIsSeenByAnother() async throws {
    let container = Container()
    container.register(Db.self) { _ in Db() }
    let original = try container.resolve(Db.self)
    let mock = Db()
    let token = container.mock(Db.self, with: mock)
    let seenDuring = try await Task.detached { try container.resolve(Db.self) }.value
    #expect(seenDuring === mock)
    container.remove(token)
    let seenAfter = try await Task.detached { try container.resolve(Db.self) }.value
    #expect(seenAfter === original)
    #expect(try container.resolve(Db.self) === original, "the pushing thread forgot the mock")
  }

  @Test func aRemovedMockIsReleasedByTheThreadThatPushedIt() throws {
    let container = Container()
    container.register(Db.self) { _ in Db() }
    weak var released: Db?
    do {
      let mock = Db()
      released = mock
      let token = container.mock(Db.self, with: mock)
      #expect(try container.resolve(Db.self) === mock)
      container.remove(token)
    }
    #expect(released == nil, "neither the registration nor this thread's cache keeps the mock")
  }

  @Test func aMockNumbersItsInstanceAsItIsPushed() throws {
    let container = Container()
    container.register(Db.self) { _ in Db() }
    var steps: [ResolutionStep] = []
    let lock = Mutex<[ResolutionStep]>([])
    let observation = container.observe { event in
      if case .resolved(let step) = event { lock.withLock { $0.append(step) } }
    }
    defer { observation.cancel() }
    let mock = Db()
    let token = container.mock(Db.self, with: mock)
    // Observed, the pushing thread's entry answers through the route: the mock's box is its
    // registration's factory, which the entry does not hold itself.
    #expect(try container.resolve(Db.self) === mock)
    #expect(try container.resolve(Db.self) === mock)
    steps = lock.withLock { $0 }
    try #require(steps.count == 2)
    #expect(steps.allSatisfy { $0.outcome == .cached }, "nothing is built: the mock was given")
    #expect(steps[0].instanceNumber != nil)
    #expect(steps[0].instanceNumber == steps[1].instanceNumber)
    #expect(steps[0].registration?.token == token)
    #expect(steps[0].registration?.isMock == true)
  }

  @Test func withCachingOffAMockStillAnswersWithItsInstance() throws {
    let container = Container()
    let mock = NullLogger()
    let token = container.mock((any Logger).self, with: mock)
    #expect(container.setCaching(false, for: token))
    #expect(try container.resolve((any Logger).self) === mock)
    #expect(try container.setScope(.prototype, for: token))
    #expect(try container.resolve((any Logger).self) === mock)
    #expect(try container.setScope(.graph, for: token))
    #expect(try container.resolve((any Logger).self) === mock)
  }

  /// A mock of a class type is its own factory (no box); of a protocol or a value type, boxed.
  /// Both answer the same through every path: another thread's slow path, caching switched off
  /// and on, untyped resolves, validation, observers.
  @Test func aClassInstanceMockAnswersLikeABoxedOneThroughEveryPath() async throws {
    let container = Container()
    container.register(Db.self) { _ in Db() }
    container.register(Int.self) { _ in 1 }
    let mock = Db()
    let token = container.mock(Db.self, with: mock)
    let value = container.mock(Int.self, with: 42)
    let log = EventLog()
    let observation = container.observe { log.append($0) }
    defer { observation.cancel() }

    let elsewhere = try await Task.detached { (try container.resolve(Db.self), try container.resolve(Int.self)) }.value
    #expect(elsewhere.0 === mock)
    #expect(elsewhere.1 == 42)
    #expect(try container.resolveAny(key: ServiceKey(Db.self)) as? Db === mock)
    #expect(try container.resolveAny(key: ServiceKey(Int.self)) as? Int == 42)
    let numbers = log.steps.filter { $0.key == ServiceKey(Db.self) }.map(\.instanceNumber)
    #expect(numbers.count == 2 && numbers[0] != nil && numbers[0] == numbers[1], "one number, pushed")
    #expect(log.steps.allSatisfy { $0.outcome == .cached })
    #expect(log.steps.first { $0.key == ServiceKey(Db.self) }?.instanceTypeName == "Db")

    let report = await container.validate()
    #expect(report.isEmpty && report.unchecked.isEmpty, "\(report)")

    for each in [token, value] {
      #expect(container.setCaching(false, for: each))
      #expect(try container.resolve(Db.self) === mock)
      #expect(try container.resolve(Int.self) == 42)
      #expect(container.setCaching(true, for: each))
      #expect(try container.resolve(Db.self) === mock)
      #expect(try container.resolve(Int.self) == 42)
    }
    #expect(container.remove(token) && container.remove(value))
    #expect(try container.resolve(Db.self) !== mock)
    #expect(try container.resolve(Int.self) == 1)
  }

  /// The pushing thread's cache entry is made last, after the events: if an observer's handler
  /// took the mock away meanwhile, no entry is made to keep it alive.
  @Test func aMockAnObserverRemovesAsItIsPushedIsNotKeptAlive() throws {
    let container = Container()
    container.register(Db.self) { _ in Db() }
    let observation = container.observe { event in
      if case .mockPushed(let info, _) = event { container.remove(info.token) }
    }
    defer { observation.cancel() }
    weak var released: Db?
    do {
      let mock = Db()
      released = mock
      container.mock(Db.self, with: mock)
    }
    #expect(released == nil, "neither the registration nor this thread's cache keeps the mock")
    #expect(try container.resolve(Db.self) !== released)
  }

  /// A subclass's metatype passed as `Service.Type` keys the mock by `Service`, the type the
  /// instance is: a resolve of the subclass never gets an instance that is not one.
  @Test func aMockIsKeyedByTheTypeItIsGivenAs() throws {
    // `@unchecked Sendable`: neither has any state.
    class Base: @unchecked Sendable {}
    final class Sub: Base, @unchecked Sendable {}
    let container = Container()
    container.register(Sub.self) { _ in Sub() }
    let type: Base.Type = Sub.self
    let mock = Base()
    container.mock(type, with: mock)
    #expect(try container.resolve(Base.self) === mock)
    #expect(try container.resolve(Sub.self) !== mock)
  }

  @Test func validationResolvesAMockWithoutAFindingOrAnUncheckedEntry() {
    let container = Container()
    container.register(WebService.self) { r in WebService(logger: try r.resolve((any Logger).self)) }
    container.mock((any Logger).self, with: NullLogger())
    let report = container.validate()
    #expect(report.isEmpty, "\(report)")
    #expect(report.unchecked.isEmpty)
  }

  @Test func aKeyResolvedAsAnotherTypeIsAnErrorNotAReinterpretation() throws {
    let container = Container()
    let key = ServiceKey(Db.self)
    container.mock(Db.self, with: Db())
    container.register(ContentCache.self) { _ in ContentCache() }
    let error = try #require(throws: ResolutionError.self) {
      try container.resolve(key: key, as: ContentCache.self)
    }
    #expect(error.kind == .typeMismatch)
    #expect(error.message.contains("'Db'"))
    #expect(error.message.contains("'ContentCache'"))
    // A cached singleton too: the first resolve caches it, the mismatched one must still refuse.
    _ = try container.resolve(ContentCache.self)
    #expect(throws: ResolutionError.self) {
      try container.resolve(key: ServiceKey(ContentCache.self), as: Db.self)
    }
    #expect(try container.resolve(key: key, as: Db.self) === container.resolve(Db.self))
  }

  @Test func namedMocksSwapOnlyTheirName() throws {
    let container = Container()
    container.register((any Logger).self, name: "file") { _ in FileLogger() }
    container.register((any Logger).self) { _ in ConsoleLogger() }
    let mock = NullLogger()
    let token = container.mock((any Logger).self, name: "file", with: mock)
    #expect(try container.resolve((any Logger).self, name: "file") === mock)
    #expect(try container.resolve((any Logger).self) is ConsoleLogger)
    container.remove(token)
    #expect(try container.resolve((any Logger).self, name: "file") is FileLogger)
  }

  @Test func keysWithEqualPartsAreEqualAndHashAlikeHoweverMade() {
    let named = [ServiceKey(Db.self, name: "a"), ServiceKey(type: Db.self, name: "a")]
    #expect(named[0] == named[1])
    #expect(named[0].hashValue == named[1].hashValue)
    #expect(Set(named).count == 1)
    #expect(ServiceKey(Db.self) != ServiceKey(Db.self, name: "a"))
    #expect(ServiceKey(Db.self) != ServiceKey(ContentCache.self))
    let dynamic = ServiceKey(service: "Db", instanceType: Db.self)
    #expect(dynamic != ServiceKey(Db.self), "a dynamic service is not the Swift type")
    #expect(dynamic == ServiceKey(service: "Db", instanceType: Db.self))
    #expect(dynamic != ServiceKey(service: "Db", instanceType: Db.self, name: "a"))
    // Many bare types in one dictionary: every one found again (the bare-type hash).
    var keys: [ServiceKey: Int] = [:]
    let types: [any Any.Type] = [Db.self, ContentCache.self, WebService.self, NoticeManager.self]
    for (index, type) in types.enumerated() { keys[ServiceKey(type: type)] = index }
    for (index, type) in types.enumerated() { #expect(keys[ServiceKey(type: type)] == index) }
  }
}
