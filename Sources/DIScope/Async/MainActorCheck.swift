import CDIScopeRuntime

/// Whether the caller runs on the main actor: the very check `MainActor.assumeIsolated` makes
/// before it traps, made first, so that a `@MainActor` factory runs only where that assumption
/// holds and a resolve anywhere else is an error instead. (The main thread is not the answer: on
/// Linux the main actor's jobs may run on another thread.)
func isOnMainActor() -> Bool {
  // An `UnownedSerialExecutor` is the runtime's two-word executor reference.
  let executor = unsafeBitCast(MainActor.shared.unownedExecutor, to: (UnsafeRawPointer?, UInt).self)
  return discope_is_current_executor(executor.0, executor.1)
}
