import Synchronization

/// The end of an `async` shared build, which the resolves that found it under way await (see
/// `Container.produceAsyncShared`). Its identity is the build's claim (`RegistrationState.builder`),
/// and it is the registration's `awaitableBuild` until the claim ends.
///
/// It carries no result: a waiter claims again once it ends and finds what the build kept, as a
/// thread woken from the family's condition does. So nothing but the registration holds what was
/// built (a task's result would, until the task is freed, a moment after its awaiters resume:
/// a shut-down container would keep its instance that long).
final class BuildSignal: Sendable {
  private let state = Mutex<(isFinished: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

  /// Returns once `finish()` was called (at once, if it was).
  func wait() async {
    await withCheckedContinuation { continuation in
      let isFinished = state.withLock { state in
        if !state.isFinished { state.waiters.append(continuation) }
        return state.isFinished
      }
      if isFinished { continuation.resume() }
    }
  }

  /// Ends the build for every waiter, present and future.
  func finish() {
    let waiters = state.withLock { state in
      state.isFinished = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
