/// Validation, one registration at a time: whether it can be checked here, checking it, and
/// disposing what the run built.
extension Container {
  /// Checks `registration` as the root of a dry run on this thread (the run's dry run must be
  /// on). Returns why it could not be checked here, or `nil` when it was (what it found is in
  /// `tally`).
  func check(
    _ registration: Registration, owner: Container, samples: [ValidationSample], run: ValidationRun,
    tally: inout ValidationTally
  ) -> UncheckedRegistration.Reason? {
    // Built as a dependency earlier in the run: its dependencies were seen then.
    if run.hasBuilt(registration) { return nil }
    // A mock or a value given as it is: nothing to build, nothing it depends on.
    if registration.factoryIsInstance || registration.storedFactory is InstanceBox { return nil }
    let (isLive, eagerEdges, holdings) = family.withLock { _ in
      registration.state.withLockHeld { state in
        (state.liveCachedNumber != nil, state.eagerEdges, state.liveHoldings)
      }
    }
    if isLive {
      // Built before: not built again. Its edges, if anything recorded them.
      if let eagerEdges {
        run.edges.absorb(eagerEdges)
      } else if let holdings {
        // A dependency's registration gone since (removed and let go of) is no edge of now.
        for held in holdings.dependencies {
          guard let to = held.registration else { continue }
          run.edges.record(from: registration, to: to, key: held.key, resolvedIn: owner)
        }
      } else {
        return .builtBeforeValidation
      }
      return nil
    }
    let sample = samples.first { $0.key == registration.key }
    if let types = registration.argumentTypes, sample == nil { return .takesArguments(types) }
    switch registration.isolation {
    case .async: return .asyncFactory
    case .mainActor where !isOnMainActor(): return .mainActorFactory
    default: break
    }
    do {
      if let sample {
        try sample.resolve(self)
      } else if let factory = registration.erasedFactory {
        _ = try factory.resolveErased(in: self, key: registration.key)
      }
    } catch let error as ResolutionError {
      return record(error, of: registration, in: &tally)
    } catch {}
    return nil
  }

  /// Checks, awaiting it, a registration the synchronous engine cannot build: an `async`
  /// factory, or one that depends on one.
  func checkAwaiting(
    _ registration: Registration, samples: [ValidationSample], run: ValidationRun,
    tally: inout ValidationTally
  ) async {
    let sample = samples.first { $0.key == registration.key }
    do {
      if let sample {
        try await sample.resolveAsync(self, run)
      } else {
        _ = try await resolveAsyncAnswer(
          registration.key, from: nil, validating: run,
          sync: { container in InstanceBox.make(try container.resolveAny(key: registration.key)) },
          make: { registration, resolver in
            guard let factory = registration.factory as? any AsyncErasedFactory else {
              throw resolver.container.argumentMismatch(registration, passed: nil)
            }
            return try await factory.makeBoxed(resolver)
          })
      }
    } catch let error as ResolutionError {
      if let reason = record(error, of: registration, in: &tally) {
        tally.unchecked.append((registration, self, reason))
      }
    } catch {}
  }

  /// Records what a check of `registration` threw, or (`handedNil`) what its factory was handed
  /// `nil` for and built over (see `noteHandedNilInDryRun`): a finding, or (returned) why it
  /// could not be checked here.
  func record(
    _ error: ResolutionError, of registration: Registration, in tally: inout ValidationTally,
    handedNil: Bool = false
  ) -> UncheckedRegistration.Reason? {
    switch error.kind {
    // A synchronous factory that resolves an `async` one (`needsAwait`) fails wherever it runs:
    // a finding. One that resolves a `@MainActor` one runs on the main actor.
    case .offMainActor: return .dependsOnMainActor(error.key)
    case .notRegistered where servicesSuppliedByChildren.contains(error.key):
      return .needsServiceFromChildren(error.key)
    default:
      tally.findings.append(finding(for: error, registration: registration, handedNil: handedNil))
      return nil
    }
  }

  private func finding(for error: ResolutionError, registration: Registration, handedNil: Bool)
    -> ValidationFinding
  {
    // Said of the factory that took the `nil`: it built without the service, as at run time, so
    // it may well resolve it as optional, which only its author knows.
    let took = "the factory of '\(registration.key)' was handed nil for it, as at run time"
    switch error.kind {
    case .notRegistered:
      var hints = error.hints
      if let declarer = lineage.dropFirst().first(where: { $0.servicesSuppliedByChildren.contains(error.key) }) {
        hints = [.note("'\(declarer.name)' declares that its children supply '\(error.key)': register it in '\(name)'")]
      }
      if handedNil {
        hints.append(.note("if '\(registration.key)' resolves it as optional, as its factory did here, nothing to fix"))
      }
      return ValidationFinding(
        kind: .missing, keys: [error.key, registration.key], tokens: [registration.token],
        path: error.path, message: handedNil ? "\(error.message): \(took), and built without it" : error.message,
        hints: hints)
    case .cycle:
      // The error's own members (the first repeated last), each once.
      return ValidationFinding(
        kind: .cycle, keys: [error.key], tokens: [registration.token], path: error.path,
        cycle: error.cycle.dropLast().map(\.description), message: error.message, hints: error.hints)
    default:
      return ValidationFinding(
        kind: .failure, keys: [error.key], tokens: [registration.token], path: error.path,
        message: handedNil ? "\(error.message) (\(took))" : error.message, hints: error.hints)
    }
  }

  /// Disposes what the run built, newest first, as far as synchronous code can: a `dispose:`
  /// closure or an ``AsyncDisposable`` instance is disposed in a task of its own. Returns the
  /// failures, as findings.
  func disposeSynchronously(_ built: [ValidationRun.Built]) -> [ValidationFinding] {
    var failures: [ValidationFinding] = []
    for item in built {
      let needsAwait: Bool
      var failure: (any Error)?
      if item.registration.disposal?.dispose != nil {
        needsAwait = true
      } else if item.registration.isolation == .mainActor {
        (_, failure) = Self.disposeFromMainActorSynchronously(MainActorInstance(value: item.instance))
        needsAwait = failure is NeedsAwait
      } else {
        (_, failure) = Self.disposeSynchronously(item.instance)
        needsAwait = failure is NeedsAwait
      }
      if needsAwait {
        Task { [self] in _ = await disposeAwaiting([item]) }
      } else if let failure {
        failures.append(disposalFailure(item, failure))
      }
    }
    return failures
  }

  /// Disposes what the run built, newest first, as a shutdown does. Returns the failures, as
  /// findings.
  func disposeAwaiting(_ built: [ValidationRun.Built]) async -> [ValidationFinding] {
    var failures: [ValidationFinding] = []
    for item in built {
      do {
        if let dispose = item.registration.disposal?.dispose {
          try await dispose(item.instance)
        } else if item.registration.isolation == .mainActor {
          _ = try await Self.disposeOnMainActor(MainActorInstance(value: item.instance))
        } else if let disposable = item.instance as? any AsyncDisposable {
          try await disposable.dispose()
        } else if let disposable = item.instance as? any Disposable {
          try disposable.dispose()
        }
      } catch {
        failures.append(disposalFailure(item, error))
      }
    }
    return failures
  }

  private func disposalFailure(_ item: ValidationRun.Built, _ error: any Error) -> ValidationFinding {
    let registration = item.registration
    return ValidationFinding(
      kind: .failure, keys: [registration.key], tokens: [registration.token], path: [],
      message: "disposing the '\(registration.key)' that validate() built (\(registration.token)) threw: \(error)",
      hint: "a dispose should not fail: validation builds and disposes each factory's instance once")
  }
}

/// What a validation run found so far, and what it could not check (with the container that
/// owns each, and why).
struct ValidationTally: Sendable {
  var findings: [ValidationFinding] = []
  var unchecked: [(Registration, Container, UncheckedRegistration.Reason)] = []
}

extension UncheckedRegistration.Reason {
  /// Whether checking it needs the main actor.
  var needsMainActor: Bool {
    switch self {
    case .mainActorFactory, .dependsOnMainActor: true
    default: false
    }
  }

  /// Whether checking it needs `await`.
  var needsAwait: Bool {
    switch self {
    case .asyncFactory: true
    default: false
    }
  }
}
