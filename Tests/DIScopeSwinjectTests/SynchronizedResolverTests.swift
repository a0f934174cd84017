import DIScopeSwinject
import Dispatch
import Synchronization
import Testing

private final class Dog {}
private final class Owner {
  let dog: Dog
  init(dog: Dog) { self.dog = dog }
}

/// Counts the factories running at once: more than one at a time through `synchronize()` is the
/// defect these tests look for (Swinject's suite finds it only as a lost insertion in a `Set`).
private final class Overlaps: Sendable {
  private let running = Atomic<Int>(0)
  private let overlaps = Atomic<Int>(0)
  let built = Atomic<Int>(0)

  func inside<Result>(_ body: () -> Result) -> Result {
    if running.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
      overlaps.add(1, ordering: .relaxed)
    }
    // Long enough for another thread to enter if nothing keeps it out.
    for _ in 0..<200 { _ = running.load(ordering: .relaxed) }
    defer { running.subtract(1, ordering: .sequentiallyConsistent) }
    built.add(1, ordering: .relaxed)
    return body()
  }

  var count: Int { overlaps.load(ordering: .relaxed) }
}

/// A value handed to threads that the type system cannot prove safe to share: the resolver
/// `synchronize()` returns, documented as safe from any thread.
private struct Shared<Value>: @unchecked Sendable { let value: Value }

/// `synchronize()` as Swinject 2.10 has it: the resolves through the view, and the factories they
/// run (a `Provider`'s or `Lazy`'s too), go one at a time, while the resolve itself is the
/// container's own (the view registers nothing).
struct SynchronizedResolverTests {
  static let threads = 8
  static let rounds = 200

  private func makeContainer(_ overlaps: Overlaps, scope: ObjectScope) -> Container {
    let container = Container()
    container.register(Dog.self) { _ in overlaps.inside { Dog() } }.inObjectScope(scope)
    container.register(Owner.self) { r in
      // Counted after its dependency is built: a factory inside another is not an overlap.
      let dog = r.resolve(Dog.self)!
      return overlaps.inside { Owner(dog: dog) }
    }.inObjectScope(scope)
    return container
  }

  @Test(arguments: [ObjectScope.graph, .transient])
  func factoriesRunOneAtATimeThroughTheView(scope: ObjectScope) {
    let overlaps = Overlaps()
    let resolver = Shared(value: makeContainer(overlaps, scope: scope).synchronize())
    DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
      for _ in 0..<Self.rounds { _ = resolver.value.resolve(Owner.self) }
    }
    #expect(overlaps.built.load(ordering: .relaxed) == Self.threads * Self.rounds * 2)
    #expect(overlaps.count == 0)
  }

  @Test(arguments: [ObjectScope.graph, .transient])
  func wrappersMadeThroughTheViewBuildOneAtATime(scope: ObjectScope) {
    let overlaps = Overlaps()
    let resolver = Shared(value: makeContainer(overlaps, scope: scope).synchronize())
    DispatchQueue.concurrentPerform(iterations: Self.threads) { index in
      for _ in 0..<Self.rounds {
        if index % 2 == 0 {
          _ = resolver.value.resolve(Provider<Owner>.self)?.instance
        } else {
          _ = resolver.value.resolve(Lazy<Owner>.self)?.instance
        }
      }
    }
    #expect(overlaps.built.load(ordering: .relaxed) == Self.threads * Self.rounds * 2)
    #expect(overlaps.count == 0)
  }

  /// A view that registered something of its own resolves it, and its parent's, as a child
  /// container does, still one at a time.
  @Test func aViewThatRegistersResolvesItsOwnToo() throws {
    let overlaps = Overlaps()
    let parent = makeContainer(overlaps, scope: .graph)
    let view = try #require(parent.synchronize() as? Container)
    view.register(Dog.self, name: "own") { _ in overlaps.inside { Dog() } }
    let shared = Shared(value: view)
    DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
      for _ in 0..<Self.rounds {
        #expect(shared.value.resolve(Dog.self, name: "own") != nil)
        #expect(shared.value.resolve(Owner.self) != nil)
      }
    }
    #expect(overlaps.count == 0)
  }
}
