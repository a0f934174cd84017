/// Validation that runs no factory: from what real resolves showed.
extension Container {
  /// Checks every registration that answers here from what is known without building anything:
  /// the registrations and their scopes, the dependencies `observed` saw their builds resolve (and
  /// those recorded for a cached instance: an eager build's, or while holders were tracked), and
  /// the resolves `observed` saw fail. Reports captive dependencies and overrides a parent's
  /// singleton never sees among those edges, and each failure seen (a missing registration, a
  /// cycle, a factory that threw) — and lists as unchecked every registration whose dependencies
  /// were never seen (``UncheckedRegistration/Reason/notSeenBuilt``, or
  /// ``UncheckedRegistration/Reason/builtBeforeValidation`` for one cached before), since learning
  /// them would run its factory.
  ///
  /// For a program that is running: `validate(samples:)`'s dry run calls every factory, in
  /// the caller's process, and a factory may act on the world (open a connection, charge a card)
  /// or trap (a force-unwrap of what only a real request supplies), which would end the program.
  /// Here nothing is built, cached, numbered or reported to observers.
  ///
  /// ```swift
  /// let recorder = TraceRecorder(container)
  /// // ... the program serves ...
  /// var observed = ObservedDependencies()
  /// observed.record(recorder.recorded)
  /// print(container.validateWithoutBuilding(from: observed))
  /// ```
  public func validateWithoutBuilding(from observed: ObservedDependencies) -> ValidationReport {
    let answering = answeringRegistrations()
    // Read under the family lock; the infos are made out of it (`info` takes it).
    let (known, recorded) = family.withLock { _ in
      var known: [RegistrationToken: (Registration, Container)] = [:]
      for container in lineage {
        container.registry.stacks.forEachRegistration { known[$0.token] = known[$0.token] ?? ($0, container) }
      }
      let recorded = answering.map { registration, _ in
        registration.state.withLockHeld { state in
          (isLive: state.liveCachedNumber != nil, eagerEdges: state.eagerEdges, holdings: state.liveHoldings)
        }
      }
      return (known, recorded)
    }
    /// A registration as it is now (its scope may have changed since it was seen), when it is
    /// still in this container's lineage; as it was seen otherwise (a request's value).
    func current(_ seen: RegistrationInfo) -> RegistrationInfo {
      guard let (registration, owner) = known[seen.token] else { return seen }
      return registration.info(stackDepth: nil, container: owner.name)
    }
    let log = EdgeLog()
    var unchecked: [UncheckedRegistration] = []
    for ((registration, owner), recorded) in zip(answering, recorded) {
      // A value or an instance given as it is: nothing to build, nothing it depends on.
      if registration.factoryIsInstance || registration.storedFactory is InstanceBox { continue }
      let info = registration.info(stackDepth: nil, container: owner.name)
      if let build = observed.build(of: info) {
        let edges = build.dependencies.values.map { dependency in
          DependencyEdge(from: info, key: dependency.key, to: dependency.to.map(current), resolvedIn: dependency.resolvedIn)
        }
        // In a stable order: the findings made from them are listed in it.
        log.absorb(edges.sorted(by: Self.edgeOrder))
      } else if recorded.isLive, let eagerEdges = recorded.eagerEdges {
        log.absorb(eagerEdges)
      } else if recorded.isLive, let holdings = recorded.holdings {
        // A dependency's registration gone since (removed and let go of) is no edge of now.
        for held in holdings.dependencies {
          guard let to = held.registration else { continue }
          log.record(from: registration, to: to, key: held.key, resolvedIn: owner)
        }
      } else {
        unchecked.append(
          UncheckedRegistration(
            registration: registration.info(stackDepth: 0, container: owner.name),
            reason: recorded.isLive ? .builtBeforeValidation : .notSeenBuilt))
      }
    }
    let edges = log.edges
    let findings = observed.failures.map(Self.finding(forFailureSeen:)) + captiveFindings(edges) + ignoredOverrides(edges)
    return ValidationReport(
      findings: Self.deduplicated(findings),
      registrations: answering.map { $0.0.info(stackDepth: 0, container: $0.1.name) },
      edges: edges.sorted(by: Self.edgeOrder), unchecked: unchecked.sorted { $0.token < $1.token })
  }

  /// A root resolve that failed, as the finding a dry run would have made of it, said to be seen.
  private static func finding(forFailureSeen failure: ObservedDependencies.Failure) -> ValidationFinding {
    let error = failure.error
    let message = "\(error.message) (seen failing in a resolve in '\(failure.container)')"
    switch error.kind {
    case .notRegistered:
      return ValidationFinding(
        kind: .missing, keys: [error.key], tokens: [], path: error.path, message: message, hints: error.hints)
    case .cycle:
      return ValidationFinding(
        kind: .cycle, keys: [error.key], tokens: [], path: error.path,
        cycle: error.cycle.dropLast().map(\.description), message: message, hints: error.hints)
    default:
      return ValidationFinding(
        kind: .failure, keys: [error.key], tokens: [], path: error.path, message: message, hints: error.hints)
    }
  }
}
