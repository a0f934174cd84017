/// Explaining a resolve without making it.
extension Container {
  /// Why `Service` resolves as it does here, without building anything: which registration
  /// answers and why, its scope and caching, the instance it caches and what that holds, what a
  /// resolve would do now, who holds the current instance, and the stale references on the way.
  ///
  /// What instances hold is known for those built while ``tracksHolders`` was on.
  ///
  /// ```swift
  /// container.tracksHolders = true
  /// print(container.explain(Logger.self))
  /// // Logger: t1 ConsoleLogger answers (the only registration in root)
  /// //   scope: singleton, caching on
  /// //   resolve now: builds it and caches it (singleton)
  /// ```
  public func explain<Service>(_ type: Service.Type, name: String? = nil) -> Explanation {
    explain(key: ServiceKey(type, name: name))
  }

  /// ``explain(_:name:)`` for an explicit key (see `register(key:...)`).
  public func explain(key: ServiceKey) -> Explanation {
    let explanation = family.withLock { state -> Explanation? in
      guard let (registration, owner) = lookup(key, in: state) else { return nil }
      return explain(key, registration, owner, in: state)
    }
    return explanation
      ?? Explanation(
        key: key, container: name, answering: nil, shadowed: [], overridden: [], cached: nil,
        builtBy: nil, holds: nil, holdsUnknown: nil, onResolve: .fails, heldBy: [], untrackedHolders: [], stale: [],
        hint: hintsForMissing(key).map(\.description).joined(separator: "; "))
  }

  /// Under the family lock.
  private func explain(
    _ key: ServiceKey, _ registration: Registration, _ owner: Container, in state: FamilyLockedState
  ) -> Explanation {
    let stack = owner.registry.stacks[key].map(Array.init) ?? []
    let shadowed = stack.dropLast().reversed().map { info(of: $0, owner: owner) }
    let overridden = (owner.parent?.lineage ?? []).compactMap { parent in
      parent.registry.stacks[key]?.last.map { info(of: $0, owner: parent) }
    }
    let answering = info(of: registration, owner: owner)
    let (scope, cachedNumber, holdings) = registration.state.withLockHeld {
      ($0.effectiveScope, $0.liveCachedNumber, $0.liveHoldings)
    }
    let cached = cachedNumber.map { number in
      InstanceReference(
        number: number,
        typeName: holdings.map { String(describing: $0.instanceType) }
          .map { registration.explicitImplementationName ?? $0 } ?? answering.implementationName,
        registration: answering)
    }
    let (holders, untracked) = holderKnowledge(in: state)
    // Unknown what the cached instance holds: it is one of the untracked (said under `holds`).
    let ownUntracked = untracked.first { $0.instance.registration.token == answering.token }
    let heldBy = holders.filter { holder in
      cachedNumber != nil
        && holder.holdings.dependencies.contains { $0.isAnswered(by: registration) && $0.number == cachedNumber }
    }
    let stale = holders.flatMap { holder in
      holder.holdings.dependencies.compactMap { dependency -> StaleReference? in
        guard holder.registration === registration || dependency.key == key else { return nil }
        return staleReference(holder, dependency, in: state)
      }
    }
    // What a resolve checks first: nothing resolves from, or through, a shut-down container.
    let shutDown = registry.isShutDown ? self : owner.registry.isShutDown ? owner : nil
    let onResolve: Explanation.ResolveNow =
      if let shutDown { .failsShutDown(container: shutDown.name) }
      else { cached.map { .returnsCached($0) } ?? .builds(scope) }
    return Explanation(
      key: key, container: name, answering: answering, shadowed: shadowed, overridden: overridden,
      cached: cached, builtBy: holdings?.rootKey,
      holds: holdings?.dependencies.map {
        HeldInstance(key: $0.key, instance: instanceReference($0))
      },
      holdsUnknown: cached == nil || holdings != nil
        ? nil : ownUntracked?.reason ?? untrackedReason(of: registration),
      onResolve: onResolve, heldBy: heldBy.map(instanceReference),
      untrackedHolders: untracked.filter { $0.instance.registration.token != answering.token },
      stale: stale,
      hint: shutDown.map { ResolutionHint.afterShutdown(parent: $0.parent?.name).description })
  }
}
