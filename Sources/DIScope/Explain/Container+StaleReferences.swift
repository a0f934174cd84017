/// Stale references: cached instances holding what their key no longer answers with.
extension Container {
  /// The cached instances, answering here or in a parent, that hold an instance this container
  /// would no longer hand out for the key it was asked by: one from a registration that no longer
  /// answers (register over it, remove it, a mock pushed or popped, an assembly installed or
  /// removed, a child's override), or one its registration has since let go of (a scope or
  /// caching change). By holder token, then in the order each holder resolved its dependencies.
  ///
  /// Read from what ``tracksHolders`` recorded: instances built while nothing tracked holders
  /// are not listed, so an empty answer does not mean that nothing is stale: ask
  /// ``scanStaleReferences()``, which names them. A prototype holder is never listed: every
  /// resolve builds it again.
  ///
  /// ```swift
  /// for stale in container.staleReferences() { print("warning:", stale) }
  /// ```
  public func staleReferences() -> [StaleReference] { scanStaleReferences().found }

  /// The stale references, and the cached instances whose holdings are unknown (built while
  /// nothing tracked holders): what a report must say before it says "none".
  ///
  /// ```swift
  /// let scan = container.scanStaleReferences()
  /// switch scan.verdict {
  /// case .none: print("no stale references")
  /// case .found: scan.found.forEach { print("stale:", $0) }
  /// case .unknown: scan.untracked.forEach { print("unknown:", $0) }
  /// }
  /// ```
  public func scanStaleReferences() -> StaleReferenceScan {
    family.withLock { state in
      let (known, untracked) = holderKnowledge(in: state)
      let found = known.flatMap { holder in
        holder.holdings.dependencies.compactMap { staleReference(holder, $0, in: state) }
      }
      return StaleReferenceScan(found: found, untracked: untracked)
    }
  }

  /// A registration answering here or in a parent whose cached instance's holdings are known.
  struct CachedHolder {
    let registration: Registration
    let owner: Container
    let holdings: Holdings
  }

  /// Every registration that answers its key from here and caches an instance whose build was
  /// tracked, by token. Under the family lock.
  func cachedHolders(in state: FamilyLockedState) -> [CachedHolder] { holderKnowledge(in: state).known }

  /// The one place that decides whether a cached instance's holdings are known: those of every
  /// registration that answers its key from here and caches an instance the container built, by
  /// token, known (its build was tracked) or not (and why). An instance given to the container (a
  /// mock's, a value's) holds nothing the container handed it. Under the family lock.
  func holderKnowledge(in state: FamilyLockedState) -> (known: [CachedHolder], untracked: [UntrackedHolder]) {
    var holders: [CachedHolder] = []
    var untracked: [(Registration, UntrackedHolder)] = []
    for container in lineage {
      for entry in container.registry.stacks.entries {
        let (key, stack) = (entry.key, entry.stack)
        // What it holds first: most registrations cache nothing that holds anything, and that
        // is one read, where the lookup is a search through the lineage (a script's command
        // asks this after every change: it must not cost a lookup per registration).
        guard let top = stack.last else { continue }
        let (number, holdings) = top.state.withLockHeld { ($0.liveCachedNumber, $0.liveHoldings) }
        guard let number, holdings != nil || !top.isPrebuilt, lookup(key, in: state)?.0 === top else { continue }
        if let holdings {
          holders.append(CachedHolder(registration: top, owner: container, holdings: holdings))
        } else {
          let info = info(of: top, owner: container)
          let instance = InstanceReference(
            number: number, typeName: info.implementationName, registration: info)
          untracked.append((top, UntrackedHolder(instance: instance, reason: untrackedReason(of: top))))
        }
      }
    }
    return (
      holders.sorted { $0.registration.token < $1.registration.token },
      untracked.sorted { $0.0.token < $1.0.token }.map(\.1)
    )
  }

  /// Why what `registration`'s cached instance holds is not known, when it is not: the one rule,
  /// for the scan and for `explain`. Under the family lock.
  func untrackedReason(of registration: Registration) -> UntrackedHolder.Reason {
    // The async engine gathers no holdings (`gathering` is a thread's, and a task has none).
    if registration.isolation == .async { return .builtByAsyncFactory }
    return family.isObserved ? .builtBeforeTracking : .notTracked
  }

  /// What `holder` holds of `dependency`, when it is stale from this container. Under the lock.
  func staleReference(_ holder: CachedHolder, _ dependency: HeldDependency, in state: FamilyLockedState)
    -> StaleReference?
  {
    let answering = lookup(dependency.key, in: state)
    let reason: StaleReference.Reason
    if let (now, _) = answering, dependency.isAnswered(by: now) {
      let (scope, cachedNumber) = now.state.withLockHeld { ($0.effectiveScope, $0.liveCachedNumber) }
      guard scope != dependency.scope || (scope.isCached && cachedNumber != dependency.number) else {
        return nil
      }
      reason = .rebuilt
    } else {
      reason = answering == nil ? .removed : .replaced
    }
    // A child's registration never reaches a parent's singleton, however often it is rebuilt:
    // it is built in the parent, from the parent's registrations.
    let fix: StaleReference.Fix =
      if let (_, owner) = answering, holder.owner.selfOrParent(withID: owner.id) == nil {
        .registerHolder(holder.registration.key, inContainer: owner.name)
      } else {
        .rebuildHolder(holder.registration.token)
      }
    return StaleReference(
      holder: instanceReference(holder), held: instanceReference(dependency),
      key: dependency.key, answeringNow: answering.map { info(of: $0.0, owner: $0.1) }, reason: reason,
      container: name, fix: fix)
  }

  /// The holder's cached instance, named. Under the lock.
  func instanceReference(_ holder: CachedHolder) -> InstanceReference {
    InstanceReference(
      number: holder.holdings.instanceNumber, type: holder.holdings.instanceType,
      registration: holder.registration, info: info(of: holder.registration, owner: holder.owner))
  }

  /// A held dependency, named. Under the lock. A registration gone since (removed, and let go of)
  /// is named from what was kept of it.
  func instanceReference(_ dependency: HeldDependency) -> InstanceReference {
    guard let registration = dependency.registration else {
      let name = dependency.explicitImplementationName ?? String(describing: dependency.instanceType)
      let info = RegistrationInfo(
        token: dependency.token, key: dependency.key, implementationName: name,
        scope: dependency.scope, isCaching: true, isMock: dependency.isMock, argumentTypes: nil, group: nil,
        container: selfOrParent(withID: dependency.token.ownerID)?.name ?? name, cachedInstanceNumber: nil,
        stackDepth: nil, location: nil)
      return InstanceReference(number: dependency.number, typeName: name, registration: info)
    }
    let owner = selfOrParent(withID: registration.ownerID)
    return InstanceReference(
      number: dependency.number, type: dependency.instanceType, registration: registration,
      info: info(of: registration, owner: owner))
  }

  /// A registration's description with its place in its stack (`nil` once removed). Under the lock.
  func info(of registration: Registration, owner: Container?) -> RegistrationInfo {
    let depth = owner?.registry.stacks[registration.key].flatMap { stack in
      stack.lastIndex { $0 === registration }.map { stack.count - 1 - $0 }
    }
    return registration.state.withLockHeld {
      registration.info(lockHeld: $0, stackDepth: depth, container: owner?.name ?? name)
    }
  }
}
