/// The routed first build of a singleton in `resolveUncached`: a registration this thread knows
/// the route to (it pushed it, or resolved the key before) whose instance it has not seen yet. One
/// family lock to claim the build and one to store it, the factory called typed: what a test that
/// registers its own factory over a service, then resolves it, pays.
extension Container {
  /// What a routed singleton resolve found under the family lock.
  @usableFromInline
  enum SharedClaim {
    /// Another thread built it meanwhile: its box.
    case built(InstanceBox)
    /// This thread builds it; `epoch` is the registration's, for `finishBuilding`.
    case claimed(epoch: Int, owner: Unmanaged<Container>)
  }

  /// The registration of a singleton this thread has a route to and no instance of, found at
  /// `index` by the caller's probe, claimed for this thread to build or already built; `nil`
  /// when the general path must answer (observed, validating, recording edges, not a plain
  /// synchronous factory of `factoryType`, or another thread building it now, which the general
  /// path waits for).
  @usableFromInline
  func claimRoutedSingleton(
    at index: Int, typeID: ObjectIdentifier, factoryType: ObjectIdentifier, thread: ThreadState
  ) -> (registration: Registration, claim: SharedClaim)? {
    guard index >= 0, !thread.isDryRun, thread.edgeLog == nil, !family.isObserved,
      let (registration, owner) = thread.cache.unbuiltSingletonRoute(
        at: index, typeID: typeID, generation: { entryGeneration(for: typeID) }),
      ObjectIdentifier(type(of: registration.factory)) == factoryType,
      registration.isolation == .none,
      // A cycle or a runaway depth is the general path's to report, before anything is claimed.
      thread.chain.count < Self.maximumDepth, thread.chain.position(of: registration) == nil
    else { return nil }
    let me = ObjectIdentifier(thread)
    let claim: SharedClaim? = family.withLock { _ in
      registration.state.withLockHeld { state in
        // The route's scope was read when the route was stored: the generation vouches for it.
        if let cached = state.cachedBox(of: registration) { return .built(cached) }
        guard !state.isBuilding, state.weakInstance == nil else { return nil }
        state.builder = me
        return .claimed(epoch: state.epoch, owner: owner)
      }
    }
    return claim.map { (registration, $0) }
  }

  /// Stores what this thread built for a claimed singleton (`object`, a class instance kept
  /// unboxed, or `box()`), if its registration did not change meanwhile, and wakes any thread
  /// that came to wait for it.
  @usableFromInline
  func storeRoutedSingleton(
    _ registration: Registration, object: AnyObject?, box: () -> InstanceBox, epoch: Int
  ) {
    let number = family.nextInstanceNumber()
    let boxed = object == nil ? box() : nil
    let lock = family.state
    lock.withLock { family in
      registration.state.withLockHeld { state in
        state.builder = nil
        guard state.epoch == epoch else { return }
        if registration.isImmortal, let object { Immortality.keepForever(object) }
        state.cachedNumber = number
        if let object { state.cache(object: object) } else if let boxed { state.cache(boxed) }
      }
      if !family.builds.waiting.isEmpty { lock.broadcast() }
    }
  }

  /// Gives a claimed singleton's build back, after its factory failed.
  @usableFromInline
  func abandonRoutedSingleton(_ registration: Registration) {
    finishBuilding(registration, store: nil)
  }
}
