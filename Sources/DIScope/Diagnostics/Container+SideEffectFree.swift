/// Resolving for a look only: what a debugging tool's checks need.
extension Container {
  /// Runs `body`, whose resolves build what they must without side effects: nothing is cached,
  /// numbered or reported to observers (an instance already cached answers as it is), and what
  /// they built is disposed when `body` returns. A prototype is built each time it is asked for
  /// and a graph-scoped service once, as a real resolve builds them. For a tool's checks (a
  /// script's `expect`), which must leave the container as they found it: the next resolve
  /// builds, and numbers, as if they had not run. `didBuild` says whether anything was built
  /// (so whether a root resolve would have answered from the cache).
  ///
  /// ```swift
  /// let look = try container.withoutSideEffects { try container.resolve(Logger.self) }
  /// look.didBuild   // false: a singleton already built answered
  /// ```
  package func withoutSideEffects<Result>(
    _ body: () throws -> Result
  ) rethrows -> (result: Result, didBuild: Bool) {
    let run = ValidationRun(buildsPrototypesAnew: true)
    // A disposal's failure is not the look's business: what was built is let go of either way.
    defer { _ = disposeSynchronously(run.takeBuilt()) }
    let result = try run.withDryRun(on: ThreadState.current, body)
    return (result, run.didBuild)
  }
}
