/// Resolving with `await`: `async` factories, `@MainActor` factories from anywhere, and every
/// synchronous registration on the way (through the synchronous engine, which is unchanged).
///
/// The synchronous engine keeps its state per thread; an `async` factory may resume on another
/// thread, so this engine carries its path (for cycles and error paths) and its graph-scope
/// instances in the `AsyncResolver` it hands each factory. An `async` singleton is built once by
/// one task that every concurrent resolve awaits: none blocks a thread.
extension Container {
  /// Resolves `Service`, awaiting what needs awaiting: an `async` factory, a `@MainActor` one
  /// from off the main actor, or one of their dependencies. Any registration resolves this way.
  ///
  /// A named variant of `resolve`, so that the synchronous `try container.resolve(...)` calls
  /// inside `async` functions keep compiling without an `await`.
  ///
  /// ```swift
  /// container.register(Database.self) { r in try await Database.connect(try await r.resolve(Settings.self)) }
  /// let db = try await container.resolveAsync(Database.self)
  /// ```
  public func resolveAsync<Service>(_ type: Service.Type, name: String? = nil) async throws -> Service {
    try await resolveAsync(key: ServiceKey(type, name: name), as: type, from: nil)
  }

  /// Resolves `Service` with runtime arguments, awaiting its factory (see ``resolveAsync(_:name:)``).
  ///
  /// ```swift
  /// let report = try await container.resolveAsync(Report.self, arguments: "2026-11")
  /// ```
  public func resolveAsync<Service, each Argument: Sendable>(
    _ type: Service.Type, name: String? = nil, arguments: repeat each Argument
  ) async throws -> Service {
    try await resolveAsync(
      key: ServiceKey(type, name: name), as: type, from: nil, arguments: repeat each arguments)
  }

  /// The typed entry point of the async engine, without runtime arguments.
  func resolveAsync<Service>(key: ServiceKey, as type: Service.Type, from parent: AsyncResolver?)
    async throws -> Service
  {
    let answer = try await resolveAsyncAnswer(
      key, from: parent,
      sync: { container in InstanceBox.make(try container.resolve(key: key, as: type)) },
      make: { registration, resolver in
        if let factory = registration.factory as? AsyncFactoryBox<Service> {
          return InstanceBox.make(try await factory.make(resolver))
        }
        throw resolver.container.argumentMismatch(registration, passed: nil)
      })
    return try value(of: answer, as: type, key: key)
  }

  /// The typed entry point of the async engine, with runtime arguments.
  func resolveAsync<Service, each Argument: Sendable>(
    key: ServiceKey, as type: Service.Type, from parent: AsyncResolver?, validating run: ValidationRun? = nil,
    arguments: repeat each Argument
  ) async throws -> Service {
    let passed = "(\(Self.typeNames(of: (repeat (each Argument).self)).joined(separator: ", ")))"
    let arguments = SendableArguments(values: (repeat each arguments))
    let answer = try await resolveAsyncAnswer(
      key, from: parent, validating: run,
      sync: { container in
        InstanceBox.make(try container.resolve(key: key, as: type, arguments: repeat each arguments.values))
      },
      make: { registration, resolver in
        guard let factory = registration.factory as? AsyncArgumentFactoryBox<Service, repeat each Argument>
        else { throw resolver.container.argumentMismatch(registration, passed: passed) }
        return InstanceBox.make(try await factory.make(resolver, repeat each arguments.values))
      })
    return try value(of: answer, as: type, key: key)
  }

  private func value<Service>(of answer: AsyncAnswer, as _: Service.Type, key: ServiceKey) throws -> Service {
    switch answer {
    case .box(let box): return box.value(as: Service.self)
    case .object(let weak):
      guard let service = weak.object as? Service else {
        throw ResolutionError(
          kind: .typeMismatch, key: key, path: [key.description],
          message: "the weak instance of '\(key)' is a \(type(of: weak.object)), not a '\(Service.self)'")
      }
      return service
    }
  }

  /// The untyped engine. `sync` resolves a registration the synchronous engine can (it is not
  /// `async`, or nothing answers and that engine says so, or makes a provider); `make` runs an
  /// `async` factory. Both box what they make with the service's own type, which the typed
  /// entry points read back.
  ///
  /// `validating` makes a root resolve part of a validation run (`await validate()`): the
  /// synchronous parts are its dry runs, and an `async` factory runs at most once in the run,
  /// its instance kept by the run, never cached or numbered.
  ///
  /// The root of an `async` resolution reports its failure to observers, once (its synchronous
  /// parts report none: `ThreadState.partsOfAsyncResolutions`); a validation run reports nothing.
  func resolveAsyncAnswer(
    _ key: ServiceKey, from parent: AsyncResolver?, validating: ValidationRun? = nil,
    sync unvalidatedSync: @escaping @Sendable (Container) throws -> InstanceBox,
    make: @escaping @Sendable (Registration, AsyncResolver) async throws -> InstanceBox
  ) async throws -> AsyncAnswer {
    guard parent == nil, validating == nil else {
      return try await answerAsync(key, from: parent, validating: validating, sync: unvalidatedSync, make: make)
    }
    do {
      return try await answerAsync(key, from: nil, validating: nil, sync: unvalidatedSync, make: make)
    } catch let error as ResolutionError {
      if family.isObserved { emit(.resolutionFailed(error, container: name)) }
      throw error
    }
  }

  /// `resolveAsyncAnswer`'s engine, which reports no failure itself.
  private func answerAsync(
    _ key: ServiceKey, from parent: AsyncResolver?, validating: ValidationRun?,
    sync unvalidatedSync: @escaping @Sendable (Container) throws -> InstanceBox,
    make: @escaping @Sendable (Registration, AsyncResolver) async throws -> InstanceBox
  ) async throws -> AsyncAnswer {
    let path = parent?.path ?? []
    let graph = parent?.graph ?? AsyncGraph(run: validating)
    let run = graph.run
    // Every synchronous part runs as a part of this resolution (it reports no failure of its
    // own), and, in a validation run, as a dry run of it, on the thread it runs on.
    // A synchronous part is a build under the async step that asked for it, when timed.
    let parentTimer = path.last?.timer
    let sync: @Sendable (Container) throws -> InstanceBox = { container in
      let started = parentTimer == nil ? 0 : MonotonicClock.nanoseconds()
      defer { parentTimer?.addBuild(startedAt: started) }
      let thread = ThreadState.current
      thread.partsOfAsyncResolutions += 1
      defer { thread.partsOfAsyncResolutions -= 1 }
      guard let run else { return try unvalidatedSync(container) }
      return try run.withDryRun(on: thread) { try unvalidatedSync(container) }
    }
    let (found, shutDown) = family.withLock { state -> ((Registration, Container)?, Container?) in
      let found = lookup(key, in: state)
      return (found, registry.isShutDown ? self : found.flatMap { $0.1.registry.isShutDown ? $0.1 : nil })
    }
    if let shutDown { throw prefixed(wasShutDown(shutDown, asked: key, thread: nil), by: path) }
    if let run, let from = path.last?.registration {
      run.edges.record(from: from, to: found?.0, key: key, resolvedIn: self)
    }
    guard let (registration, owner) = found, registration.isolation != .none else {
      // The synchronous engine, as a root on this thread: it never waits for anything, so it
      // cannot come back here; its errors get this path in front.
      do { return .box(try sync(self)) } catch let error as ResolutionError {
        // A synchronous service whose dependencies reach a `@MainActor` one, asked for off the
        // main actor: built on the main actor instead, where that step may run (what it built
        // on the way that is cached stays cached; anything else is built again there).
        if error.kind == .offMainActor {
          return .box(
            try await MainActor.run { [self] in
              do { return try sync(self) } catch let error as ResolutionError {
                throw prefixed(error, by: path)
              }
            })
        }
        throw prefixed(error, by: path)
      }
    }
    // The guard's rule (`BuildGuard`), over the task's path.
    switch BuildGuard.refusal(
      position: path.firstIndex(where: { $0.registration === registration }), depth: path.count)
    {
    case .cycle(let start):
      throw asyncCycle(path: Array(path[start...]), back: registration, prefix: Array(path[..<start]))
    case .tooDeep:
      throw asyncTooDeep(registration, path: path)
    case nil:
      break
    }
    if registration.isolation == .mainActor {
      // On the main actor, the synchronous engine builds it (once, as any singleton).
      let box = try await MainActor.run { [self] in
        do { return try sync(self) } catch let error as ResolutionError {
          throw prefixed(error, by: path)
        }
      }
      return .box(box)
    }
    let (scope, readIn) = registration.state.withLock { ($0.effectiveScope, $0.epoch) }
    let resolver = AsyncResolver(
      container: scope.isCached ? owner : self,
      path: path + [
        AsyncStep(
          registration: registration, claim: scope.isCached ? BuildSignal() : nil,
          timer: family.timesBuilds ? AsyncBuildTimer() : nil)
      ],
      graph: graph)
    // Validation builds and keeps nothing, and is observed by no one.
    if let run { return try await buildInValidation(registration, run: run, resolver: resolver, make: make) }
    let (answer, outcome, number): (AsyncAnswer, ResolutionStep.Outcome, Int?)
    switch scope {
    case .prototype:
      (answer, outcome, number) = (.box(try await buildAsync(registration, resolver: resolver, make: make)), .created, nil)
    case .graph:
      if let kept = graph.instance(of: registration) {
        (answer, outcome, number) = (kept, .cached, nil)
      } else {
        let built = AsyncAnswer.box(try await buildAsync(registration, resolver: resolver, make: make))
        let kept = graph.keep(built, for: registration)
        (answer, outcome, number) = (kept, .created, nil)
      }
    case .singleton, .eager, .weak:
      (answer, outcome, number) = try await produceAsyncShared(
        registration, scope: scope, readIn: readIn, resolver: resolver, make: make)
    }
    if family.isObserved {
      let buildTime = outcome == .created ? resolver.path.last?.timer?.finish(under: path.last?.timer) : nil
      emitAsyncStep(
        registration, outcome, scope, number, answer, depth: path.count,
        resolution: graph.number, buildTime: buildTime)
    }
    return answer
  }

  /// The step of an `async` factory's answer, as the synchronous engine reports its own: the same
  /// event (`resolvedStep`), at its depth in the `async` resolution, numbered by the same rule
  /// (`stepNumber()` when nothing kept it), reported by the same rule (`reportsSteps`), counted
  /// rather than built while no observer takes events. Its resolution is the root's graph, since
  /// its steps may finish on several threads (see `TraceRecorder`).
  private func emitAsyncStep(
    _ registration: Registration, _ outcome: ResolutionStep.Outcome, _ scope: Scope, _ number: Int?,
    _ answer: AsyncAnswer, depth: Int, resolution: Int, buildTime: BuildTime?
  ) {
    let instance: ObservedInstance =
      switch answer {
      case .box(let box): ObservedInstance(value: box.anyValue)
      case .object(let weak): ObservedInstance(object: weak.object)
      }
    // Learnt while observed (holders tracked included), paused or not, as the synchronous
    // `build` learns it.
    if outcome == .created { registration.learnImplementation(of: instance.value) }
    // A task gathers no holdings (`HeldFrames` are a thread's; a synchronous registration on the
    // way is resolved by the synchronous engine, which gathers for its own shared builds): with
    // only a holder-tracking observer, no one wants this step, and it is not even counted.
    guard reportsUngatheredSteps else { return }
    if skipsObservedSteps { return countSkippedStep(among: family.withLock { $0.observers }) }
    let number = number ?? (outcome == .created ? stepNumber() : nil)
    emit(
      resolvedStep(
        registration, outcome, scope, number, instance, depth: depth,
        stackDepth: family.withLock { _ in depthInStack(of: registration) }, resolver: .task(resolution),
        buildTime: buildTime))
  }

  /// An `async` registration in a validation run: what answers without a build, by the run's one
  /// rule (`ValidationRun.answerWithoutBuilding`); otherwise its factory runs, and the run keeps
  /// what it built (never cached, numbered or observed).
  private func buildInValidation(
    _ registration: Registration, run: ValidationRun, resolver: AsyncResolver,
    make: @Sendable (Registration, AsyncResolver) async throws -> InstanceBox
  ) async throws -> AsyncAnswer {
    let read = registration.state.withLock { StateSnapshot(&$0, of: registration) }
    switch try run.answerWithoutBuilding(
      registration, scope: read.scope, cached: read.cached, weakInstance: read.weakInstance)
    {
    case .box(let box): return .box(box)
    case .object(let object): return .object(.init(object: object))
    case nil: break
    }
    do {
      let box = try await buildAsync(registration, resolver: resolver, make: make)
      run.keep(registration, box: box)
      return .box(box)
    } catch let error as ResolutionError {
      run.fail(registration, with: error)
      throw error
    }
  }

  /// Runs an `async` factory; its own errors become `factoryFailed` with the path.
  private func buildAsync(
    _ registration: Registration, resolver: AsyncResolver,
    make: @Sendable (Registration, AsyncResolver) async throws -> InstanceBox
  ) async throws -> InstanceBox {
    do {
      return try await make(registration, resolver)
    } catch let error as ResolutionError {
      throw error
    } catch {
      throw asyncFactoryFailed(registration, error: error, path: resolver.path)
    }
  }

  /// An `async` singleton, eager or weak instance: the cached one, or a new build, or, while
  /// another task builds it, that build awaited — claimed as on the synchronous path
  /// (`SharedClaim`), the claim's builder being the build's `BuildSignal`. The resolve that claims
  /// builds in its own task; the others await the signal and claim again, as threads waiting for
  /// a build do: they find the instance cached, or (a failed build, one a change overtook) build
  /// it themselves. Nothing but the registration keeps what was built: no task's result does.
  private func produceAsyncShared(
    _ registration: Registration, scope: Scope, readIn: Int, resolver: AsyncResolver,
    make: @escaping @Sendable (Registration, AsyncResolver) async throws -> InstanceBox
  ) async throws -> (AsyncAnswer, ResolutionStep.Outcome, Int?) {
    // This build's claim, made with its step (see `AsyncStep.claim`).
    let signal = resolver.path.last!.claim!
    // Who waits, if this resolve must await another task's build: the build of the nearest shared
    // registration on the path (this registration itself is last on it, not yet built), named by
    // its claim.
    let waiting = resolver.path.dropLast().last(where: \.isShared).map { ObjectIdentifier($0.claim!) }
    while true {
      let next: AsyncClaimStep = try family.withLock { family in
        let claim = registration.state.withLockHeld {
          $0.claim(
            registration, for: ObjectIdentifier(signal),
            ownerIsShutDown: resolver.container.registry.isShutDown, readIn: readIn)
        }
        switch claim {
        case .cached(let box, let number): return .answered(.box(box), number)
        case .weak(let object, let number): return .answered(.object(.init(object: object)), number)
        case .ownerShutDown: return .refused
        case .changed: return .build(epoch: nil)
        case .claimed(let epoch):
          registration.state.withLockHeld { $0.awaitableBuild = signal }
          return .build(epoch: epoch)
        case .busy:
          // A claim held by a task has its signal; one held by a thread (never, for an `async`
          // registration, which the synchronous engine refuses) is waited for by claiming again.
          guard let building = registration.state.withLockHeld({ $0.awaitableBuild }) else { return .retry }
          // The same wait rule as threads' (`waitLoop`): a wait that would close a loop of builds,
          // each awaiting the next, is a cycle, not a deadlock.
          if let waiting {
            if Self.waitLoop(for: registration, of: waiting, in: family.builds) != nil {
              throw asyncCycle(path: resolver.path, back: registration, prefix: [])
            }
            family.builds.wait(waiting, for: registration)
          }
          return .awaiting(building)
        }
      }
      switch next {
      case .answered(let answer, let number):
        return (answer, .cached, number)
      case .refused:
        // Out of the lock: the error reads the containers' names.
        throw prefixed(
          wasShutDown(resolver.container, asked: registration.key, thread: nil), by: Array(resolver.path.dropLast()))
      case .build(let epoch):
        // Whatever happens, the resolves awaiting this build go on (and claim again).
        defer { signal.finish() }
        let box: InstanceBox
        do {
          box = try await buildAsync(registration, resolver: resolver, make: make)
        } catch {
          if epoch != nil { finishBuilding(registration, store: nil) }
          throw error
        }
        // Unclaimed (the registration changed since this resolve read it): for this resolve alone.
        guard let epoch else { return (.box(box), .created, nil) }
        let value = box.anyValue
        let kept: FinishedBuild.Kept =
          scope != .weak ? .box(box) : type(of: value) is AnyClass ? .weak(value as AnyObject) : .nothing
        let number = finishBuilding(
          registration, store: FinishedBuild(epoch: epoch, number: nil, kept: kept, immortal: nil))
        return (.box(box), .created, number)
      case .awaiting(let building):
        await building.wait()
        if let waiting { family.withLock { $0.builds.endWait(waiting, for: registration) } }
      case .retry:
        await Task.yield()
      }
    }
  }

  /// Builds an `async` or `@MainActor` eager registration as it is registered, in a task of its
  /// own (registering cannot wait); a failure is reported to observers and left for the first
  /// resolve to throw again.
  func buildEagerlyInTask(_ registration: Registration) {
    let key = registration.key
    // Registered before the task can end (it takes the same lock to leave the table).
    family.withLock { state in
      let number = state.nextEagerBuild
      state.nextEagerBuild += 1
      state.eagerBuilds[number] = Task { [self] in
        await buildEagerly(key, registration: registration)
        family.withLock { _ = $0.eagerBuilds.removeValue(forKey: number) }
      }
    }
  }

  /// Waits until every eager build that registering started in a task (an `async` or
  /// `@MainActor` one: see `buildEagerlyInTask`) has ended, built or failed. For tests that
  /// hold the async engine to the synchronous one's order (the model-based test).
  package func eagerBuildsFinished() async {
    while let next = family.withLock({ $0.eagerBuilds.values.first }) { await next.value }
  }

  private func buildEagerly(_ key: ServiceKey, registration: Registration) async {
    // Asked again: the task may start after a registration was pushed over this one.
    guard answersForItsKey(registration) else { return }
    do {
      _ = try await resolveAsyncAnswer(
        key, from: nil,
        // Untyped: the instance is built and cached, and nothing reads the box made here.
        sync: { container in InstanceBox.make(try container.resolveAny(key: key)) },
        make: { registration, resolver in
          guard let factory = registration.factory as? any AsyncErasedFactory else {
            throw resolver.container.argumentMismatch(registration, passed: nil)
          }
          return try await factory.makeBoxed(resolver)
        })
    } catch let error as ResolutionError {
      if family.isObserved {
        emit(.eagerBuildFailed(registration.info(stackDepth: nil, container: name), error))
      }
    } catch {
      // Every error of the engine is a `ResolutionError` (a factory's own is wrapped).
    }
  }

  /// Whether the synchronous engine may run `registration`'s factory on this thread; the error
  /// to throw when it may not.
  func isolationRefusal(_ registration: Registration, thread: ThreadState) -> ResolutionError? {
    switch registration.isolation {
    case .none: return nil
    case .async: return needsAwait(registration, thread: thread)
    case .mainActor: return isOnMainActor() ? nil : offMainActor(registration, thread: thread)
    }
  }
}

/// What a resolve of an `async` shared instance does after its claim (see `produceAsyncShared`).
private enum AsyncClaimStep {
  case answered(AsyncAnswer, Int)
  /// Its owner shut down since the lookup: refused.
  case refused
  /// Build it, claimed in `epoch`, or (`nil`) for this resolve alone.
  case build(epoch: Int?)
  /// Another task's build, awaited.
  case awaiting(BuildSignal)
  case retry
}

/// Runtime arguments carried into the task that builds a shared instance.
///
/// `@unchecked Sendable`: every argument is `Sendable` (the entry points require it); a pack of
/// them in a tuple is not seen as such by the compiler.
struct SendableArguments<each Argument: Sendable>: @unchecked Sendable {
  let values: (repeat each Argument)
}
