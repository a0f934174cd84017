/// The routed first build of a singleton in `resolveUncached`: a registration this thread knows
/// the route to (it pushed it, or resolved the key before) whose instance it has not seen yet. One
/// family lock to claim the build and one to store it, the factory called typed: what a test that
/// registers its own factory over a service, then resolves it, pays.
extension Container {
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
