import DIScope
import Foundation
import Testing

/// A child's own values (`register(_:value:)`) are answered from where the child keeps them, with
/// no lock and no per-thread entry: these check that the shortcut answers exactly what the stacks
/// would, through every change to them, from any thread.
@Suite("Request values: a child's own values answered in place")
struct RequestValueTests {
  @Test func aValueFollowsEveryChangeToItsStack() throws {
    let child = Container().makeChild(named: "request")
    let first = RequestID("first")
    let value = child.register(RequestID.self, value: first)
    #expect(try child.resolve(RequestID.self) === first)

    let factory = child.register(RequestID.self) { _ in RequestID("factory") }
    #expect(try child.resolve(RequestID.self).value == "factory", "a factory pushed over it")
    child.remove(factory)
    #expect(try child.resolve(RequestID.self) === first, "uncovered again")

    let mock = RequestID("mock")
    let mockToken = child.mock(RequestID.self, with: mock)
    #expect(try child.resolve(RequestID.self) === mock)
    child.remove(mockToken)
    #expect(try child.resolve(RequestID.self) === first)

    let second = RequestID("second")
    let secondToken = child.register(RequestID.self, value: second)
    #expect(try child.resolve(RequestID.self) === second, "a value over a value")
    child.remove(value)
    #expect(try child.resolve(RequestID.self) === second, "removing the one below changes nothing")
    child.remove(secondToken)
    #expect(throws: ResolutionError.self) { try child.resolve(RequestID.self) }
  }

  @Test func aValueAnswersThroughScopeAndCachingChangesAsTheStackDoes() throws {
    let child = Container().makeChild()
    let id = RequestID("r")
    let token = child.register(RequestID.self, value: id)
    #expect(try child.resolve(RequestID.self) === id)
    child.setCaching(false, for: token)
    #expect(try child.resolve(RequestID.self) === id)
    child.setScope(.prototype, for: token)
    #expect(try child.resolve(RequestID.self) === id)
  }

  @Test func valuesOfEveryKindReadBackAsThemselves() throws {
    let child = Container().makeChild()
    child.register(Int.self, value: 42)
    child.register(String.self, value: String(repeating: "long enough not to fit inline ", count: 3))
    child.register((any Logger).self, value: FileLogger())
    child.register([Int].self, value: [1, 2, 3])
    #expect(try child.resolve(Int.self) == 42)
    #expect(try child.resolve(String.self).hasPrefix("long enough"))
    #expect(try child.resolve((any Logger).self).label == "file")
    #expect(try child.resolve([Int].self) == [1, 2, 3], "a fifth type: past the tracked ones")
    #expect(try child.resolve(Int.self) == 42)
  }

  @Test func aNamedValueAndABareOneAreDifferentKeys() throws {
    let child = Container().makeChild()
    child.register(RequestID.self, value: RequestID("bare"))
    child.register(RequestID.self, name: "trace", value: RequestID("named"))
    #expect(try child.resolve(RequestID.self).value == "bare")
    #expect(try child.resolve(RequestID.self, name: "trace").value == "named")
  }

  @Test func aGrandchildSeesItsParentsValueUnlessItHasItsOwn() throws {
    let app = Container()
    let request = app.makeChild(named: "request")
    let id = RequestID("request")
    request.register(RequestID.self, value: id)
    let task = request.makeChild(named: "task")
    #expect(try task.resolve(RequestID.self) === id)
    let own = RequestID("task")
    task.register(RequestID.self, value: own)
    #expect(try task.resolve(RequestID.self) === own)
    #expect(try request.resolve(RequestID.self) === id)
  }

  @Test func aShutDownChildRefusesItsOwnValues() throws {
    let child = Container().makeChild(named: "request")
    child.register(RequestID.self, value: RequestID("r"))
    #expect(try child.resolve(RequestID.self).value == "r")
    try child.shutdownSynchronously()
    let error = #expect(throws: ResolutionError.self) { try child.resolve(RequestID.self) }
    #expect(error.map { "\($0)" }?.contains("shut down") == true)
  }

  @Test func validationAndObserversStillSeeEveryValueStep() throws {
    let app = Container()
    app.register(Handler.self, scope: .prototype) { r in
      Handler(connection: try r.resolve(Connection.self), id: try r.resolve(RequestID.self))
    }
    let child = app.makeChild()
    child.register(Connection.self, value: Connection())
    child.register(RequestID.self, value: RequestID("v"))
    #expect(child.validate().isEmpty)
    let events = EventLog()
    let observation = child.observe { events.append($0) }
    defer { observation.cancel() }
    _ = try child.resolve(Handler.self)
    #expect(events.steps.count == 3, "the handler and both values it resolved")
  }

  /// One thread keeps pushing and removing values over a child's type while others resolve it:
  /// each resolve answers one of the values that was live, and nothing is read after it is freed
  /// (run under the thread sanitizer by `Scripts/test`).
  @Test func resolvesRacingValueChangesAnswerALiveValue() throws {
    let child = Container().makeChild(named: "request")
    let base = RequestID("base")
    child.register(RequestID.self, value: base)
    let done = Locked(false)
    let failures = Locked<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 3) { thread in
      if thread == 0 {
        for round in 0..<2_000 {
          let token = child.register(RequestID.self, value: RequestID("pushed-\(round)"))
          if round.isMultiple(of: 3) {
            let over = child.register(RequestID.self) { _ in RequestID("factory") }
            child.remove(over)
          }
          child.remove(token)
        }
        done.withLock { $0 = true }
        return
      }
      while !done.withLock({ $0 }) {
        do {
          let value = try child.resolve(RequestID.self).value
          if !(value == "base" || value == "factory" || value.hasPrefix("pushed-")) {
            failures.withLock { $0.append(value) }
          }
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }
    }
    #expect(failures.withLock { $0 }.isEmpty)
    #expect(try child.resolve(RequestID.self) === base)
  }
}

/// Graph-scope services resolved through this thread's routes are built once per root resolve and
/// never shared across two.
@Suite("Graph scope through a thread's routes")
struct RoutedGraphTests {
  final class Leaf: Sendable {}
  struct Pair: Sendable {
    let left: Leaf
    let right: Leaf
  }
  struct ValueLeaf: Sendable { let id: Int }
  struct ValuePair: Sendable {
    let left: ValueLeaf
    let right: ValueLeaf
  }

  @Test func aGraphInstanceIsSharedWithinOneResolveAndFreshInTheNext() throws {
    let container = Container()
    container.register(Leaf.self, scope: .graph) { _ in Leaf() }
    container.register(Pair.self, scope: .prototype) { r in
      Pair(left: try r.resolve(Leaf.self), right: try r.resolve(Leaf.self))
    }
    var seen: [Leaf] = []
    for _ in 0..<4 {  // the first resolves make the routes; the later ones follow them
      let pair = try container.resolve(Pair.self)
      #expect(pair.left === pair.right)
      #expect(!seen.contains { $0 === pair.left })
      seen.append(pair.left)
    }
    #expect(try container.resolve(Leaf.self) !== container.resolve(Leaf.self), "a root of its own")
  }

  @Test func aGraphValueThatIsNotAClassIsKeptBoxed() throws {
    let container = Container()
    let counter = Locked(0)
    container.register(ValueLeaf.self, scope: .graph) { _ in
      ValueLeaf(id: counter.withLock { $0 += 1; return $0 })
    }
    container.register(ValuePair.self, scope: .prototype) { r in
      ValuePair(left: try r.resolve(ValueLeaf.self), right: try r.resolve(ValueLeaf.self))
    }
    for _ in 0..<3 {
      let pair = try container.resolve(ValuePair.self)
      #expect(pair.left.id == pair.right.id)
    }
    #expect(counter.withLock { $0 } == 3)
  }

  @Test func aFailedResolveLeavesNothingForTheNext() throws {
    let container = Container()
    let fail = Locked(false)
    container.register(Leaf.self, scope: .graph) { _ in Leaf() }
    container.register(Pair.self, scope: .prototype) { r in
      let left = try r.resolve(Leaf.self)
      if fail.withLock({ $0 }) { throw CancellationError() }
      return Pair(left: left, right: try r.resolve(Leaf.self))
    }
    let before = try container.resolve(Pair.self)
    fail.withLock { $0 = true }
    #expect(throws: ResolutionError.self) { try container.resolve(Pair.self) }
    fail.withLock { $0 = false }
    let after = try container.resolve(Pair.self)
    #expect(after.left === after.right)
    #expect(after.left !== before.left)
  }

  @Test func aChildsGraphServicesSeeItsOwnValues() throws {
    let app = Container()
    app.register(Handler.self, scope: .graph) { r in
      Handler(connection: try r.resolve(Connection.self), id: try r.resolve(RequestID.self))
    }
    app.register(Pair.self, scope: .prototype) { _ in Pair(left: Leaf(), right: Leaf()) }
    for request in 0..<3 {
      let child = app.makeChild(named: "request")
      child.register(Connection.self, value: Connection())
      child.register(RequestID.self, value: RequestID("r\(request)"))
      #expect(try child.resolve(Handler.self).id.value == "r\(request)")
      try child.shutdownSynchronously()
    }
  }
}

/// A container's stacks are a list while short and gain an index past a few keys: both answer
/// the same, and keys keep the order they were first registered in.
@Suite("Stacks by key, short and long")
struct StackTableTests {
  @Test func manyKeysKeepTheirOrderAndAnswerAfterTheIndexIsBuilt() throws {
    let container = Container()
    var expected: [ServiceKey] = []
    for number in 0..<40 {
      container.register(Int.self, name: "n\(number)") { _ in number }
      expected.append(ServiceKey(Int.self, name: "n\(number)"))
    }
    container.register(RequestID.self) { _ in RequestID("last") }
    expected.append(ServiceKey(RequestID.self))
    #expect(container.registeredKeys == expected)
    for number in [0, 7, 8, 9, 39] {
      #expect(try container.resolve(Int.self, name: "n\(number)") == number)
    }
    let token = container.register(Int.self, name: "n8") { _ in -8 }
    #expect(try container.resolve(Int.self, name: "n8") == -8)
    container.remove(token)
    #expect(try container.resolve(Int.self, name: "n8") == 8)
    #expect(container.registeredKeys == expected, "a key pushed again is not added again")
  }
}

/// A singleton factory pushed over a key this thread resolved before is built through the route
/// the push remembered: these check that it answers, caches, fails, races and cycles as the
/// general path does.
@Suite("Singletons built through a pushed route")
struct RoutedSingletonTests {
  @Test func aPushedFactoryIsBuiltOnceThenCachedThenUncovered() throws {
    let container = Container()
    container.register((any Logger).self) { _ in ConsoleLogger() }
    let original = try container.resolve((any Logger).self)
    let built = Locked(0)
    let token = container.register((any Logger).self) { _ in
      built.withLock { $0 += 1 }
      return FileLogger()
    }
    let first = try container.resolve((any Logger).self)
    #expect(first.label == "file")
    #expect(try container.resolve((any Logger).self) === first)
    #expect(built.withLock { $0 } == 1)
    container.remove(token)
    #expect(try container.resolve((any Logger).self) === original)
  }

  @Test func aFailedBuildIsNotCachedAndTheNextResolveTriesAgain() throws {
    let container = Container()
    container.register(Db.self) { _ in Db() }
    _ = try container.resolve(Db.self)
    let attempts = Locked(0)
    container.register(Db.self) { _ in
      let attempt = attempts.withLock { $0 += 1; return $0 }
      if attempt == 1 { throw CancellationError() }
      return Db()
    }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Db.self) }
    #expect(error.map { "\($0)" }?.contains("CancellationError") == true)
    let db = try container.resolve(Db.self)
    #expect(try container.resolve(Db.self) === db)
    #expect(attempts.withLock { $0 } == 2)
  }

  @Test func aFactoryThatResolvesItselfIsACycleEveryTime() throws {
    let container = Container()
    container.register(Db.self) { _ in Db() }
    _ = try container.resolve(Db.self)
    container.register(Db.self) { r in try r.resolve(Db.self) }
    for _ in 0..<2 {
      let error = #expect(throws: ResolutionError.self) { try container.resolve(Db.self) }
      #expect(error.map { "\($0)" }?.contains("cycle") == true)
    }
  }

  @Test func aFactoryThatRemovesItsOwnRegistrationIsNotCached() throws {
    let container = Container()
    container.register(Db.self) { _ in Db() }
    let original = try container.resolve(Db.self)
    let token = Locked<RegistrationToken?>(nil)
    token.withLock {
      $0 = container.register(Db.self) { _ in
        if let mine = token.withLock({ $0 }) { container.remove(mine) }
        return Db()
      }
    }
    let built = try container.resolve(Db.self)
    #expect(built !== original, "the resolve gets what it built")
    #expect(try container.resolve(Db.self) === original, "but it was never cached")
  }

  /// The pushing thread builds through its route while others resolve the same key through the
  /// general path: one instance, built once (run under the thread sanitizer by `Scripts/test`).
  @Test func threadsRacingTheRoutedBuildShareOneInstance() throws {
    for _ in 0..<50 {
      let container = Container()
      container.register(Db.self) { _ in Db() }
      _ = try container.resolve(Db.self)
      let built = Locked(0)
      container.register(Db.self) { _ in
        built.withLock { $0 += 1 }
        usleep(100)
        return Db()
      }
      let seen = Locked<[ObjectIdentifier]>([])
      DispatchQueue.concurrentPerform(iterations: 3) { _ in
        if let db = try? container.resolve(Db.self) { seen.withLock { $0.append(ObjectIdentifier(db)) } }
      }
      #expect(built.withLock { $0 } == 1)
      #expect(Set(seen.withLock { $0 }).count == 1)
    }
  }
}

extension RequestValueTests {
  @Test func aValueRegisteredAfterTheShutdownIsRefusedAllTheSame() throws {
    let child = Container().makeChild(named: "request")
    try child.shutdownSynchronously()
    child.register(RequestID.self, value: RequestID("late"))
    #expect(throws: ResolutionError.self) { try child.resolve(RequestID.self) }
  }

  @Test func aMockPushedAfterTheShutdownIsRefusedAllTheSame() throws {
    let container = Container()
    try container.shutdownSynchronously()
    container.mock(Db.self, with: Db())
    #expect(throws: ResolutionError.self) { try container.resolve(Db.self) }
  }
}
