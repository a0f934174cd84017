/// Disposing what a `@MainActor` factory built: on the main actor, where its conformance to
/// ``Disposable`` or ``AsyncDisposable`` may be isolated (`extension Model: @MainActor
/// Disposable`) and so is only seen there. A shutdown off the main actor would find no
/// conformance at all, and leave the instance undisposed without a word.
extension Container {
  /// An instance a `@MainActor` factory built, handed back to the main actor to be disposed.
  ///
  /// `@unchecked Sendable`: the shutdown took it out of its registration under the family lock,
  /// so no resolve hands it out any more, and it goes back to the actor that built it; nothing
  /// reads it on the way.
  struct MainActorInstance: @unchecked Sendable {
    let value: Any
  }

  /// Disposes `instance` on the main actor if it is ``AsyncDisposable`` or ``Disposable`` there;
  /// returns whether it was either.
  @MainActor
  static func disposeOnMainActor(_ instance: MainActorInstance) async throws -> Bool {
    if let found = instance.value as? any AsyncDisposable {
      // Its `dispose` may run off the main actor (the requirement is not isolated): the instance
      // goes with it and nothing here touches it meanwhile, as `MainActorInstance` says.
      nonisolated(unsafe) let disposable = found
      try await disposable.dispose()
      return true
    }
    if let disposable = instance.value as? any Disposable {
      try disposable.dispose()
      return true
    }
    return false
  }

  /// `disposeOnMainActor` for a synchronous shutdown, which cannot hop: on the main actor it
  /// disposes a ``Disposable`` (an ``AsyncDisposable`` one needs `await`); off it, only a
  /// conformance visible everywhere is seen. Returns whether there was anything to dispose, and
  /// the error that stopped it.
  static func disposeFromMainActorSynchronously(_ instance: MainActorInstance) -> (Bool, (any Error)?) {
    guard isOnMainActor() else { return disposeSynchronously(instance.value) }
    return MainActor.assumeIsolated { disposeSynchronously(instance.value) }
  }

  /// Disposes `value` if it is ``Disposable`` here; an ``AsyncDisposable`` one is a failure that
  /// says to await.
  static func disposeSynchronously(_ value: Any) -> (Bool, (any Error)?) {
    if let disposable = value as? any Disposable {
      do { try disposable.dispose() } catch { return (true, error) }
      return (true, nil)
    }
    return value is any AsyncDisposable ? (true, NeedsAwait()) : (false, nil)
  }

  /// What a synchronous shutdown reports for an instance it cannot dispose without `await`.
  struct NeedsAwait: Error, CustomStringConvertible {
    var description: String { "it disposes asynchronously: call 'try await shutdown()' instead" }
  }
}
