import Synchronization

/// What an `async` factory resolves its dependencies from: `try await r.resolve(T.self)` for
/// any registration, `async` or not.
///
/// It continues the resolution the factory is part of, as ``Resolver`` does: the same cycle
/// detection, the same graph scope, the same error path, carried with the resolver rather than
/// by a thread (an `async` factory may resume on another thread).
///
/// ```swift
/// container.register(Database.self) { r in
///   try await Database.connect(url: try await r.resolve(Settings.self).databaseURL)
/// }
/// let db = try await container.resolveAsync(Database.self)
/// ```
public struct AsyncResolver: Sendable {
  /// The container this resolver resolves from.
  public let container: Container
  /// The registrations being built, outermost first.
  let path: [AsyncStep]
  /// The graph-scope instances of this root resolve, shared by every branch of it.
  let graph: AsyncGraph

  init(container: Container, path: [AsyncStep], graph: AsyncGraph) {
    self.container = container
    self.path = path
    self.graph = graph
  }

  /// Resolves `Service`, awaiting its factory if it is `async` or isolated to the main actor.
  public func resolve<Service>(_ type: Service.Type, name: String? = nil) async throws -> Service {
    try await container.resolveAsync(key: ServiceKey(type, name: name), as: type, from: self)
  }

  /// Resolves `Service` with runtime arguments, for an `async` registration that takes them.
  public func resolve<Service, each Argument: Sendable>(
    _ type: Service.Type, name: String? = nil, arguments: repeat each Argument
  ) async throws -> Service {
    try await container.resolveAsync(
      key: ServiceKey(type, name: name), as: type, from: self, arguments: repeat each arguments)
  }

  /// Resolves `Service`, or returns `nil` when nothing is registered for it.
  public func optionalResolve<Service>(_ type: Service.Type, name: String? = nil) async throws -> Service? {
    let key = ServiceKey(type, name: name)
    guard container.hasRegistration(for: key) else { return nil }
    return try await container.resolveAsync(key: key, as: type, from: self)
  }
}

/// The graph-scope instances of one root `async` resolve (factories may resolve concurrently,
/// with `async let`, so it is locked).
final class AsyncGraph: Sendable {
  /// The root resolution's number, which its steps name (`task 12`), in the order they started.
  let number = AsyncGraph.counter.wrappingAdd(1, ordering: .relaxed).newValue
  private static let counter = Atomic<Int>(0)
  /// The validation run this resolve is part of (`await validate()`), or `nil`.
  let run: ValidationRun?

  init(run: ValidationRun? = nil) { self.run = run }

  /// By registration (held, so that its identity is not reused while the resolve lasts).
  private let entries = Protected<[ObjectIdentifier: (Registration, AsyncAnswer)]>([:])

  func instance(of registration: Registration) -> AsyncAnswer? {
    entries.withLock { $0[ObjectIdentifier(registration)]?.1 }
  }

  /// Keeps `answer` unless a concurrent branch kept one first; returns the one kept.
  func keep(_ answer: AsyncAnswer, for registration: Registration) -> AsyncAnswer {
    entries.withLock { entries in
      if let kept = entries[ObjectIdentifier(registration)] { return kept.1 }
      entries[ObjectIdentifier(registration)] = (registration, answer)
      return answer
    }
  }
}

/// One registration being built by an `async` resolve, and whether it is a shared build (its
/// instance cached): the nearest shared build on a path is who waits when the path awaits
/// another task's build.
struct AsyncStep: Sendable {
  let registration: Registration
  /// The claim of a shared build's step (a singleton, eager or weak one): its builder's identity
  /// (see `SharedClaim`), held by the step for as long as the build's resolve runs, so that a wait
  /// recorded under it (`SharedBuilds`) names this build and no other. `nil` for the rest.
  let claim: BuildSignal?
  /// The step's build time, while an observer asked for times (`Family.timesBuilds`, read as the
  /// step starts); `nil` otherwise.
  var timer: AsyncBuildTimer? = nil
  var isShared: Bool { claim != nil }
}

/// An `async` build's clock: when it started, and how long the builds finished under it took
/// (its dependencies may be built concurrently, by `async let`: added atomically).
final class AsyncBuildTimer: Sendable {
  private let start = MonotonicClock.nanoseconds()
  private let underneath = Atomic<UInt64>(0)

  /// Adds a build under this one that started at `start` and ends now (a synchronous part).
  func addBuild(startedAt start: UInt64) {
    underneath.wrappingAdd(MonotonicClock.nanoseconds() &- start, ordering: .relaxed)
  }

  /// The build's time, now that it is over, which is added to `parent`'s builds under it.
  func finish(under parent: AsyncBuildTimer?) -> BuildTime {
    let total = MonotonicClock.nanoseconds() &- start
    parent?.underneath.wrappingAdd(total, ordering: .relaxed)
    let below = underneath.load(ordering: .relaxed)
    return BuildTime(startNanoseconds: start, nanoseconds: total, ownNanoseconds: total &- min(total, below))
  }
}

/// What the async engine produced: a box read back with the service's type, or a weak
/// registration's object, cast back to it.
enum AsyncAnswer: Sendable {
  case box(InstanceBox)
  case object(WeakObject)

  /// `@unchecked Sendable`: an instance shared by a weak registration, shared across threads
  /// exactly as the registration's contract shares it; the reference is never written.
  struct WeakObject: @unchecked Sendable { let object: AnyObject }
}
