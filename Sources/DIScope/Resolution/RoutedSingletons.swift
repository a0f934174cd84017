/// The routed first build of a singleton in `resolveUncached`: a registration this thread knows
/// the route to (it pushed it, or resolved the key before) whose instance it has not seen yet. One
/// family lock to claim the build and one to store it, the factory called typed: what a test that
/// registers its own factory over a service, then resolves it, pays.
extension Container {
  /// Stores what this thread built for a claimed singleton (`object`, a class instance kept
  /// unboxed, or `box()`), as the general path's `finishBuilding` does.
  @usableFromInline
  func storeRoutedSingleton(
    _ registration: Registration, object: AnyObject?, box: () -> InstanceBox, epoch: Int
  ) {
    finishBuilding(
      registration,
      store: FinishedBuild(
        epoch: epoch, number: family.nextInstanceNumber(),
        kept: object.map { .object($0) } ?? .box(box()),
        immortal: registration.isImmortal ? object : nil))
  }

  /// Gives a claimed singleton's build back, after its factory failed.
  @usableFromInline
  func abandonRoutedSingleton(_ registration: Registration) {
    finishBuilding(registration, store: nil)
  }
}
