/// Validation: resolving every registration in a dry run that keeps nothing.
extension Container {
  /// Resolves every registration that answers in this container in a dry run — no instance is
  /// kept, no number is used, observers see nothing, and an eager instance already built is not
  /// built again — and reports missing registrations, cycles, captive dependencies and overrides a
  /// parent's singleton never sees. It never crashes on a bad graph. Each factory runs (a
  /// singleton's too, even if already built; the copy is dropped): validate in tests or at
  /// start-up, not where a second build has effects.
  ///
  /// ```swift
  /// let report = container.validate()
  /// #expect(report.isEmpty, "\(report)")
  /// ```
  public func validate() -> ValidationReport {
    let thread = ThreadState.current
    guard thread.chain.isEmpty, !thread.isDryRun else {
      // From a factory (or an observer of a dry run), a dry run would tangle with the resolve
      // under way: say so, rather than pass with nothing checked.
      let finding = ValidationFinding(
        kind: .failure, keys: [], tokens: [], path: [],
        message: "validate() was called during a resolve on this thread (from a factory), so nothing was checked",
        hint: "call validate() outside any resolution: in a test, or at start-up")
      return ValidationReport(findings: [finding], registrations: [], edges: [], unchecked: [])
    }
    let answering = answeringRegistrations()
    let edgeLog = EdgeLog()
    var findings: [ValidationFinding] = []
    var unchecked: [RegistrationInfo] = []
    // Every dependency must reach the engine, which records its edge: a hit in this thread's
    // cache would answer in the caller's inlined code and record nothing.
    thread.cache.forgetEverything()
    thread.isDryRun = true
    thread.edgeLog = edgeLog
    defer {
      thread.isDryRun = false
      thread.edgeLog = nil
    }
    for (registration, owner) in answering {
      let (eagerEdges, isEager) = registration.state.withLock {
        ($0.hasCached ? $0.eagerEdges : nil, $0.effectiveScope == .eager)
      }
      if isEager, let eagerEdges {
        edgeLog.absorb(eagerEdges)
        continue
      }
      // The dry run is synchronous: an `async` factory, or a `@MainActor` one off the main
      // thread, is left unchecked (as one that takes runtime arguments is).
      let canRunHere =
        registration.isolation == .none || (registration.isolation == .mainActor && isOnMainActor())
      guard canRunHere, let factory = registration.erasedFactory else {
        unchecked.append(registration.info(stackDepth: 0, container: owner.name))
        continue
      }
      do {
        _ = try factory.resolveErased(in: self, key: registration.key)
      } catch let error as ResolutionError {
        findings.append(finding(for: error, registration: registration))
      } catch {}
    }
    let infos = answering.map { $0.0.info(stackDepth: 0, container: $0.1.name) }
    findings += captiveFindings(edgeLog.edges) + ignoredOverrides(edgeLog.edges)
    return ValidationReport(
      findings: Self.deduplicated(findings), registrations: infos,
      edges: edgeLog.edges.sorted(by: Self.edgeOrder), unchecked: unchecked)
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

  private func finding(for error: ResolutionError, registration: Registration) -> ValidationFinding {
    switch error.kind {
    case .notRegistered:
      return ValidationFinding(
        kind: .missing, keys: [error.key, registration.key], tokens: [registration.token],
        path: error.path, message: error.message, hint: error.hint)
    case .cycle:
      return ValidationFinding(
        kind: .cycle, keys: [error.key], tokens: [registration.token], path: error.path,
        message: error.message, hint: error.hint)
    default:
      return ValidationFinding(
        kind: .failure, keys: [error.key], tokens: [registration.token], path: error.path,
        message: error.message, hint: error.hint)
    }
  }

  private func captiveFindings(_ edges: [DependencyEdge]) -> [ValidationFinding] {
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
  private func ignoredOverrides(_ edges: [DependencyEdge]) -> [ValidationFinding] {
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
        ? "cycle|" + Set(finding.message.split(separator: " ")).sorted().joined(separator: " ")
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
