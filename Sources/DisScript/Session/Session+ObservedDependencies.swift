import DIScope

/// What the family's real resolves show of the dependency graph, kept for a `validate` that runs
/// no factory (`SessionOptions.Validation.withoutRunningFactories`): the trees the session's
/// intake made, and the root resolves that failed, from the session's first command on.
extension Session {
  /// Notes what `trees`, taken in, showed (each build's dependencies), before they are let go
  /// of. Noting a tree twice changes nothing, so a reader may note them without taking them.
  func noteObservedResolves(_ trees: [SessionEvents.Tree]) {
    guard options.validation == .withoutRunningFactories else { return }
    family.observed.record(trees.map(\.tree))
  }

  /// Notes a root resolve that failed in `container`.
  func noteFailureSeen(_ error: ResolutionError, in container: String) {
    guard options.validation == .withoutRunningFactories else { return }
    family.observed.record(error, in: container)
  }
}
