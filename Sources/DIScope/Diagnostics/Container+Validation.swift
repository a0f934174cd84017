/// Validation: resolving every registration in a dry run that keeps nothing.
extension Container {
  /// Resolves every registration that answers in this container in a dry run, and reports missing
  /// registrations, cycles, captive dependencies and overrides a parent's singleton never sees —
  /// and, as ``ValidationReport/unchecked``, every registration it could not check, with the
  /// reason. It never crashes on a bad graph.
  ///
  /// Each factory runs at most once in a run: what it built answers every later resolve of it in
  /// the same run (a diamond's shared dependency is built once), and at the end of the run is
  /// disposed (``Disposable``, or a `dispose:` closure, which only `await` can run: it is run in
  /// a task of its own here) and let go of. Nothing is cached, numbered or observed; an instance
  /// already cached (a singleton resolved before, an eager one) answers as it is and is not built
  /// again: its edges are those recorded when it was built (eager, or while holders were tracked),
  /// otherwise it is listed as unchecked. A factory that takes runtime arguments runs only with
  /// a ``ValidationSample``; an `async` or `@MainActor` one (off the main actor) only in the
  /// `async` overload, ``validate(samples:)-(_)``. A service that this container's children
  /// supply (``declareSuppliedByChildren(_:name:)``) is not reported missing: what needs it is
  /// listed as unchecked. Validate in tests or at start-up, not where a build has effects.
  ///
  /// ```swift
  /// let report = container.validate(samples: [.init(UserDetails.self, arguments: "ann")])
  /// #expect(report.isEmpty, "\(report)")
  /// #expect(report.isComplete, "\(report)")
  /// ```
  public func validate(samples: [ValidationSample] = []) -> ValidationReport {
    let thread = ThreadState.current
    if let refusal = refusalDuringAResolve(thread) { return refusal }
    let run = ValidationRun()
    let answering = answeringRegistrations()
    var tally = ValidationTally()
    run.withDryRun(on: thread) {
      for (registration, owner) in answering {
        if let deferred = check(registration, owner: owner, samples: samples, run: run, tally: &tally) {
          tally.unchecked.append((registration, owner, deferred))
        }
      }
    }
    tally.findings += disposeSynchronously(run.takeBuilt())
    return report(answering, run: run, tally: tally)
  }

  /// ``validate(samples:)-(_)`` that also checks what only `await` can: `@MainActor` factories
  /// and what resolves them (on the main actor, in one hop), and `async` factories (awaited, each
  /// at most once in the run); and awaits the disposal of what it built. (A synchronous factory
  /// that resolves an `async` one fails wherever it runs: that is a finding in both.)
  ///
  /// ```swift
  /// let report = await container.validate()
  /// #expect(report.isEmpty && report.isComplete, "\(report)")
  /// ```
  public func validate(samples: [ValidationSample] = []) async -> ValidationReport {
    if let refusal = refusalDuringAResolve(ThreadState.current) { return refusal }
    let run = ValidationRun()
    let answering = answeringRegistrations()
    var tally = ValidationTally()
    var later: [(Registration, Container, UncheckedRegistration.Reason)] = []
    run.withDryRun(on: ThreadState.current) {
      for (registration, owner) in answering {
        if let deferred = check(registration, owner: owner, samples: samples, run: run, tally: &tally) {
          later.append((registration, owner, deferred))
        }
      }
    }
    let onMainActor = later.filter { $0.2.needsMainActor }
    if !onMainActor.isEmpty {
      let result = await MainActor.run { [self] in
        var tally = ValidationTally()
        run.withDryRun(on: ThreadState.current) {
          for (registration, owner, _) in onMainActor {
            if let deferred = check(registration, owner: owner, samples: samples, run: run, tally: &tally) {
              tally.unchecked.append((registration, owner, deferred))
            }
          }
        }
        return tally
      }
      tally.findings += result.findings
      later = later.filter { !$0.2.needsMainActor } + result.unchecked
    }
    for (registration, owner, reason) in later {
      guard reason.needsAwait else {
        tally.unchecked.append((registration, owner, reason))
        continue
      }
      await checkAwaiting(registration, samples: samples, run: run, tally: &tally)
    }
    tally.findings += await disposeAwaiting(run.takeBuilt())
    return report(answering, run: run, tally: tally)
  }

  /// Declares that this container's children supply `Service` (a request's values, registered in
  /// each request's child): validating this container then does not report it missing, and lists
  /// what needs it as unchecked; validating a child that lacks it reports it missing there.
  ///
  /// ```swift
  /// app.declareSuppliedByChildren(RequestID.self)
  /// app.register(Handler.self, scope: .prototype) { r in Handler(id: try r.resolve(RequestID.self)) }
  /// #expect(app.validate().isEmpty)
  /// let request = app.makeChild(named: "request")
  /// request.register(RequestID.self, value: RequestID("r1"))
  /// #expect(request.validate().isComplete)
  /// ```
  public func declareSuppliedByChildren<Service>(_ type: Service.Type, name: String? = nil) {
    let key = ServiceKey(type, name: name)
    family.withLock { _ in _ = registry.attachments.suppliedByChildren.insert(key) }
  }

  /// The services this container's children supply (see ``declareSuppliedByChildren(_:name:)``).
  var servicesSuppliedByChildren: Set<ServiceKey> {
    family.withLock { _ in registry.attachments.suppliedByChildren }
  }

  /// From a factory (or an observer of a dry run), a dry run would tangle with the resolve under
  /// way: say so, rather than pass with nothing checked.
  private func refusalDuringAResolve(_ thread: ThreadState) -> ValidationReport? {
    guard !thread.chain.isEmpty || thread.isDryRun else { return nil }
    let finding = ValidationFinding(
      kind: .failure, keys: [], tokens: [], path: [],
      message: "validate() was called during a resolve on this thread (from a factory), so nothing was checked",
      hint: "call validate() outside any resolution: in a test, or at start-up")
    return ValidationReport(findings: [finding], registrations: [], edges: [], unchecked: [])
  }

  private func report(_ answering: [(Registration, Container)], run: ValidationRun, tally: ValidationTally)
    -> ValidationReport
  {
    var tally = tally
    // Failures a factory was handed as `nil` and built over (DIScopeSwinject's resolve): each is
    // reported as the same failure thrown would be, said of the factory that took it.
    for noted in run.takeHandedNil() {
      if let reason = record(noted.error, of: noted.registration, in: &tally, handedNil: true) {
        let owner = answering.first { $0.0 === noted.registration }?.1 ?? self
        tally.unchecked.append((noted.registration, owner, reason))
      }
    }
    let edges = run.edges.edges
    let infos = answering.map { $0.0.info(stackDepth: 0, container: $0.1.name) }
    var listed: Set<UncheckedRegistration> = []
    let unchecked = tally.unchecked
      .map { UncheckedRegistration(registration: $0.0.info(stackDepth: 0, container: $0.1.name), reason: $0.2) }
      .filter { listed.insert($0).inserted }  // a factory handed nil twice for one reason: listed once
      .sorted { $0.token < $1.token }
    let findings = tally.findings + captiveFindings(edges) + ignoredOverrides(edges)
    return ValidationReport(
      findings: Self.deduplicated(findings), registrations: infos,
      edges: edges.sorted(by: Self.edgeOrder), unchecked: unchecked)
  }

  /// The registration answering each key visible here, nearest container first, by token.
  func answeringRegistrations() -> [(Registration, Container)] {
    family.withLock { _ in
      var seen: Set<ServiceKey> = []
      var result: [(Registration, Container)] = []
      for container in lineage {
        for key in container.registry.orderedKeys where !seen.contains(key) {
          guard let top = container.registry.stacks[key]?.last else { continue }
          seen.insert(key)
          result.append((top, container))
        }
      }
      return result.sorted { $0.0.token < $1.0.token }
    }
  }

  func captiveFindings(_ edges: [DependencyEdge]) -> [ValidationFinding] {
    edges.compactMap { edge in
      // One that takes runtime arguments cannot be resolved as a dependency at all: the dry run
      // reports that, and "make it a singleton" would be no fix.
      guard let to = edge.to, to.argumentTypes == nil else { return nil }
      let holder = edge.from.isCaching ? edge.from.scope : .prototype
      let held = to.isCaching ? to.scope : .prototype
      let (a, b) = (edge.from.key.serviceName, to.key.serviceName)
      if held == .weak && (holder == .singleton || holder == .eager) {
        // A weak instance lives while anyone holds it: a singleton holds it for good.
        return ValidationFinding(
          kind: .captive, keys: [edge.from.key, to.key], tokens: [edge.from.token, to.token], path: [],
          message: "'\(a)' (\(holder), \(edge.from.token)) holds '\(b)' (weak, \(to.token)): "
            + "the \(b) it holds is never released, so it is not weak at all",
          hint: "make '\(b)' a singleton if it may live forever, or inject Provider<\(b)> into '\(a)' "
            + "and resolve it only while in use")
      }
      guard holder.isCached, !held.isCached else { return nil }
      // A cached scope with caching off behaves as a prototype: say which, and the fix that fits.
      let heldText = to.isCaching ? "\(held)" : "\(to.scope), cache off"
      let fix = to.scope.isCached && !to.isCaching ? "turn caching of '\(b)' back on" : "make '\(b)' a singleton"
      return ValidationFinding(
        kind: .captive, keys: [edge.from.key, to.key], tokens: [edge.from.token, to.token], path: [],
        message: "'\(a)' (\(holder), \(edge.from.token)) holds '\(b)' (\(heldText), \(to.token)): "
          + "every \(a) user shares one \(b)",
        hint: "\(fix), or inject Provider<\(b)> into '\(a)' to get a new one each time")
    }
  }

  /// A parent's singleton resolves its dependencies from its own container: an override of one of
  /// them in this (child) container never reaches it.
  func ignoredOverrides(_ edges: [DependencyEdge]) -> [ValidationFinding] {
    guard parent != nil else { return [] }
    return edges.compactMap { edge in
      guard edge.from.container != name, edge.from.scope.isCached, edge.from.isCaching,
        let used = edge.to, let override = answeringRegistration(for: edge.key),
        override.token != used.token, override.container != used.container
      else { return nil }
      let (a, b) = (edge.from.key.serviceName, edge.key.serviceName)
      return ValidationFinding(
        kind: .ignoredOverride, keys: [edge.from.key, edge.key],
        tokens: [edge.from.token, override.token, used.token], path: [],
        message: "'\(a)' (\(edge.from.scope), \(edge.from.token) in \(edge.from.container)) is built "
          + "from \(used.container)'s '\(b)' (\(used.token)): the override in '\(override.container)' "
          + "(\(override.token)) never reaches it",
        hint: "register '\(a)' in '\(override.container)' too, or make it prototype or graph so it "
          + "resolves from the container where the resolution starts")
    }
  }

  static func deduplicated(_ findings: [ValidationFinding]) -> [ValidationFinding] {
    var seen: Set<String> = []
    let order = ValidationFinding.Kind.allCases
    return findings.filter { finding in
      // A cycle is found once from each registration on it: report it once.
      let identity =
        finding.kind == .cycle
        ? "cycle|" + Set(finding.cycle).sorted().joined(separator: " ")
        : "\(finding.kind)|\(finding.message)|\(finding.path)"
      return seen.insert(identity).inserted
    }
      .sorted {
        let (l, r) = (order.firstIndex(of: $0.kind)!, order.firstIndex(of: $1.kind)!)
        return l != r ? l < r : ($0.tokens.first?.number ?? 0) < ($1.tokens.first?.number ?? 0)
      }
  }

  static func edgeOrder(_ a: DependencyEdge, _ b: DependencyEdge) -> Bool {
    if a.from.token != b.from.token { return a.from.token < b.from.token }
    return (a.to?.token.number ?? Int.max, a.key.description) < (b.to?.token.number ?? Int.max, b.key.description)
  }
}
