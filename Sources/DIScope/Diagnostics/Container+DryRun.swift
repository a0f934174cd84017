/// What a compatibility module needs to know of `validate()`'s dry run.
extension Container {
  /// Whether the calling thread is in `validate()`'s dry run.
  ///
  /// For DIScopeSwinject, whose API turns a failed resolve into `nil`: during a dry run it
  /// reports the failure by throwing it from the factory that asked, so that `validate()` sees
  /// the missing registration (with its path) that a `nil` would hide.
  package static var isDryRunOnCurrentThread: Bool { ThreadState.current.isDryRun }
}
