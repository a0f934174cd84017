import Synchronization

/// One `validate()` run: the edges it saw, and what each registration it built came to — built
/// once, then answered from here for the rest of the run (a diamond's shared dependency is built
/// once, not once a path), or failed, and that failure thrown again.
///
/// The synchronous engine reads it from the `ThreadState` of the thread validating; the async
/// overload carries it across its hops (to the main actor, into `async` factories, whose
/// concurrent branches may reach it at once): so it is locked.
final class ValidationRun: Sendable {
  let edges = EdgeLog()
  private let state = Mutex(State())
  /// Whether a prototype is built again each time it is asked for, as a real resolve builds it
  /// (a look at one resolve's graph: `withoutSideEffects`). Validation builds each registration
  /// once in a run instead: what it checks is the edges, and a deep prototype diamond would
  /// otherwise take exponential time.
  let buildsPrototypesAnew: Bool

  init(buildsPrototypesAnew: Bool = false) {
    self.buildsPrototypesAnew = buildsPrototypesAnew
  }

  private struct State {
    /// What each registration built or failed with, by identity.
    var outcomes: [ObjectIdentifier: Outcome] = [:]
    /// Keeps every registration named by `outcomes` alive (a `GraphEntry` does not).
    var registrations: [Registration] = []
    /// Every instance a factory built in this run, in the order built: disposed newest first.
    var built: [Built] = []
    /// Whether any factory ran (or a prebuilt instance was first asked for) in this run.
    var didBuild = false
  }

  enum Outcome {
    case built(GraphEntry)
    case failed(ResolutionError)
  }

  /// An instance a factory built during the run, to dispose when it ends.
  ///
  /// `@unchecked Sendable`: the run alone holds it once the factory returned (never cached,
  /// never handed to a caller); it goes to be disposed, on the main actor for a `@MainActor`
  /// registration, and nothing else reads it.
  struct Built: @unchecked Sendable {
    let registration: Registration
    let instance: Any
  }

  func outcome(of registration: Registration) -> Outcome? {
    state.withLock { $0.outcomes[ObjectIdentifier(registration)] }
  }

  /// What answers a registration in a run without its factory (see `answerWithoutBuilding`).
  enum Answer {
    case box(InstanceBox)
    case object(AnyObject)
  }

  /// What answers `registration` in this run without running its factory: the one rule of the
  /// dry run, for the synchronous engine (`Container.produceInDryRun`) and the async one
  /// (`buildInValidation`) alike. What the run built of it answers again, and a failure it met is
  /// thrown again; otherwise an instance cached before the run answers as it is (built before, it
  /// is not built again). `nil`: run its factory, once in the run, and `keep` what it built (or
  /// `fail` with its error): never cached, numbered or observed.
  func answerWithoutBuilding(
    _ registration: Registration, scope: Scope, cached: InstanceBox?, weakInstance: AnyObject?
  ) throws -> Answer? {
    switch outcome(of: registration) {
    case .built(let entry):
      // `keep` boxes every entry it makes.
      return .box(unsafeDowncast(entry.instance, to: InstanceBox.self))
    case .failed(let error):
      throw error
    case nil:
      break
    }
    if scope.isCached, let cached { return .box(cached) }
    if scope == .weak, let weakInstance { return .object(weakInstance) }
    return nil
  }

  /// Whether the run built `registration` (so its dependencies were seen).
  func hasBuilt(_ registration: Registration) -> Bool {
    if case .built = outcome(of: registration) { return true }
    return false
  }

  /// Remembers what a factory built: to answer with for the rest of the run (unless it takes
  /// runtime arguments: each sample is its own build, and a resolve without them must still fail
  /// as it would for real), and to dispose at its end (unless it is a mock or a value, the
  /// caller's).
  func keep(_ registration: Registration, box: InstanceBox) {
    let isPrebuilt =
      registration.isMock || registration.factoryIsInstance || registration.storedFactory is InstanceBox
    let instance: Any? = isPrebuilt ? nil : box.anyValue
    // Read before the run's lock: the registration's own lock is the family's.
    let isBuiltOnce = !(buildsPrototypesAnew && registration.state.withLock { $0.scope } == .prototype)
    state.withLock { state in
      state.didBuild = true
      if registration.argumentTypes == nil && isBuiltOnce {
        state.registrations.append(registration)
        state.outcomes[ObjectIdentifier(registration)] = .built(
          GraphEntry(registration: registration, box: box, number: 0))
      }
      if let instance { state.built.append(Built(registration: registration, instance: instance)) }
    }
  }

  /// Remembers a failure, to throw again when the registration is asked for later in the run —
  /// except one that says where it was asked from (off the main actor), which the async overload
  /// tries again on the main actor.
  func fail(_ registration: Registration, with error: ResolutionError) {
    guard registration.argumentTypes == nil, error.kind != .offMainActor else { return }
    state.withLock { state in
      state.registrations.append(registration)
      state.outcomes[ObjectIdentifier(registration)] = .failed(error)
    }
  }

  /// Whether anything was built in the run so far.
  var didBuild: Bool { state.withLock { $0.didBuild } }

  /// A failed resolve whose `nil` a factory was handed (see `noteHandedNil(_:to:)`).
  struct HandedNil: Sendable {
    let registration: Registration
    let error: ResolutionError
  }
  private let handedNil = Mutex<[HandedNil]>([])

  /// Remembers that the factory of `registration` was handed `nil` for a resolve that failed with
  /// `error`, as a compatibility module's API answers (DIScopeSwinject's `resolve` returns an
  /// optional) and as it would be at run time: the factory goes on, and the report says what it
  /// was handed `nil` for. (A list of its own: `takeBuilt` forgets `state`, and the report is
  /// made after.)
  func noteHandedNil(_ error: ResolutionError, to registration: Registration) {
    handedNil.withLock { $0.append(HandedNil(registration: registration, error: error)) }
  }

  /// What `noteHandedNil(_:to:)` remembered, in the order met; forgotten here.
  func takeHandedNil() -> [HandedNil] {
    handedNil.withLock { noted in
      defer { noted.removeAll() }
      return noted
    }
  }

  /// Hands over what was built, newest first, and forgets everything: the run holds no instance
  /// after.
  func takeBuilt() -> [Built] {
    // Swapped out under the lock, let go of out of it (a deinit may do anything).
    let taken = state.withLock { state -> State in
      var taken = State()
      swap(&taken, &state)
      return taken
    }
    return taken.built.reversed()
  }

  /// Runs `body` with this run as the thread's dry run (nothing cached, numbered or observed;
  /// every edge recorded), then restores the thread.
  func withDryRun<Result>(on thread: ThreadState, _ body: () throws -> Result) rethrows -> Result {
    let saved = (thread.isDryRun, thread.edgeLog, thread.validationRun)
    // Every dependency must reach the engine, which records its edge: a hit in this thread's
    // cache would answer in the caller's inlined code and record nothing.
    thread.cache.forgetEverything()
    thread.isDryRun = true
    thread.edgeLog = edges
    thread.validationRun = self
    defer { (thread.isDryRun, thread.edgeLog, thread.validationRun) = saved }
    return try body()
  }
}
