/// What a compatibility module needs to know of `validate()`'s dry run.
extension Container {
  /// Whether the calling thread is in `validate()`'s dry run.
  ///
  /// For DIScopeSwinject, whose Swinject storages outlive a graph: what a dry run stores in one
  /// is let go of when the graph completes, since a dry run keeps nothing.
  package static var isDryRunOnCurrentThread: Bool { ThreadState.current.isDryRun }

  /// In `validate()`'s dry run on the calling thread, notes that the factory being built there is
  /// handed `nil` for a resolve that failed with `error`; returns whether a dry run is under way
  /// (outside one, nothing is noted).
  ///
  /// For DIScopeSwinject, whose API answers a failed resolve with `nil`, as Swinject's does: the
  /// dry run hands the factory that `nil` as a resolve would at run time, the factory goes on, and
  /// what it builds answers what depends on it, as at run time; the report lists the failure with
  /// the factory that took the `nil` (see `Container.report`). Failing the factory instead, for a
  /// `nil` it may well take as optional, would hand what depends on it a `nil` it never gets at
  /// run time, and stop a program that runs fine on that one's force-unwrap.
  ///
  /// ```swift
  /// // In DIScopeSwinject's resolve, as it returns nil:
  /// let inDryRun = DIScope.Container.noteHandedNilInDryRun(error)
  /// ```
  @discardableResult
  package static func noteHandedNilInDryRun(_ error: ResolutionError) -> Bool {
    let thread = ThreadState.current
    guard thread.isDryRun else { return false }
    if let run = thread.validationRun, let taker = thread.chain.last {
      run.noteHandedNil(error, to: taker)
    }
    return true
  }
}
