/// Errors of the async engine, and of the synchronous one meeting what only it can build.
extension Container {
  /// `error` with the async path that led to it in front of its own.
  func prefixed(_ error: ResolutionError, by path: [AsyncStep]) -> ResolutionError {
    guard !path.isEmpty else { return error }
    return error.reached(along: path.map(\.registration.key.description) + error.path)
  }

  /// A cycle on an async path: `loop` comes back to `registration`; `prefix` led to it.
  func asyncCycle(path loop: [AsyncStep], back registration: Registration, prefix: [AsyncStep])
    -> ResolutionError
  {
    Self.cycle(
      back: registration.key, loop: loop.map(\.registration.key),
      along: (prefix + loop).map(\.registration.key),
      hint: .note(
        "break the cycle: inject an AsyncProvider<\(registration.key.serviceName)> into one of "
          + "these services, and resolve it after construction"))
  }

  /// A runaway depth on an async path: `registration` asked for at the end of `path`, worded
  /// as a thread's (the path's middle left out, with the hint).
  func asyncTooDeep(_ registration: Registration, path: [AsyncStep]) -> ResolutionError {
    Self.tooDeep(registration.key, along: path.map(\.registration.key))
  }

  func asyncFactoryFailed(_ registration: Registration, error: any Error, path: [AsyncStep])
    -> ResolutionError
  {
    Self.factoryFailed(registration, error: error, along: path.map(\.registration.key))
  }

  func needsAwait(_ registration: Registration, thread: ThreadState) -> ResolutionError {
    let key = registration.key
    let isRoot = thread.chain.isEmpty
    return ResolutionError(
      kind: .needsAwait, key: key, path: path(thread, then: key.description),
      message: "'\(key)' (\(registration.token)) has an async factory, which a synchronous resolve "
        + "cannot wait for",
      hint: isRoot
        ? "resolve it with 'try await container.resolveAsync(\(key.serviceName).self)'"
        : "resolve '\(thread.chain[0].key)' with 'try await container.resolveAsync(...)', and make "
          + "the factories on the path async ('try await r.resolve(\(key.serviceName).self)'), or "
          + "inject an AsyncProvider<\(key.serviceName)>")
  }

  func offMainActor(_ registration: Registration, thread: ThreadState) -> ResolutionError {
    let key = registration.key
    return ResolutionError(
      kind: .offMainActor, key: key, path: path(thread, then: key.description),
      message: "'\(key)' (\(registration.token)) is built on the main actor, and this synchronous "
        + "resolve runs off it",
      hint: "resolve it from @MainActor code, or from anywhere with "
        + "'try await container.resolveAsync(\(thread.chain.first?.key.serviceName ?? key.serviceName).self)'")
  }
}
