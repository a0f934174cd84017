import DIScope
import DisScript
import DisSyntax

/// What a client of a read-only server may run: commands that only look (`show`, `why`,
/// `validate`, `expect` on what exists, a `resolve` that returns a cached instance) and the
/// session's own declarations. Everything that changes the container or runs the app's
/// factories is refused.
enum ReadOnlyPolicy {
  /// Why `command` is refused on `container`, or nil when it may run.
  static func refusal(of command: Command, in container: Container) -> String? {
    // What changes the container is the command's own property; here, only what runs the app's code.
    if let change = command.containerChange { return "'\(command.typedName)' would \(change.wording)" }
    switch command {
    case .resolve(let resolution):
      if isBuilt(resolution.service, name: resolution.name, in: container) { return nil }
      return "'resolve \(resolution.service)' would build it (run the app's factories)"
    case .expect(let expectation):
      switch expectation {
      case .stack, .noStaleReferences, .parameter, .fate, .noContainer: return nil
      case .resolvesTo(let service, _), .shares(let service, _), .freshness(let service, _), .holds(let service, _, _),
        .answersWith(let service, _):
        if isBuilt(service, name: nil, in: container) { return nil }
        return "'expect' would resolve \(service), which is not built (it would run the app's factories)"
      }
    case .call: return "'call' would run the app's code"
    case .reset: return "'reset' would change what the session acts on"
    // An attached session validates without running a factory (`SessionOptions.Validation`):
    // it reads what the container knows and what the app's resolves showed, and changes nothing.
    case .validate, .declareProtocol, .declareClass, .assembly, .show, .why, .help, .playground, .useContainer:
      return nil
    // Refused above, by their `containerChange`.
    case .register, .remove, .changeScope, .changeCaching, .mock, .mockAll, .unmock, .activate, .deactivate,
      .makeChildContainer, .release, .releaseContainer, .shutdown:
      return nil
    }
  }

  /// Whether `service` surely answers with an instance already built (so resolving it runs
  /// nothing). Refuses rather than guesses: two services of that name, a weak registration (its
  /// instance may be gone, and its number with it), no instance cached.
  private static func isBuilt(_ service: String, name: String?, in container: Container) -> Bool {
    var current: Container? = container
    while let next = current {
      let matches = next.stacks.filter { Session.isService($0.key, named: service) && $0.key.name == name }
      guard matches.count <= 1 else { return false }
      if let stack = matches.first {
        guard let top = stack.registrations.first, top.scope != .weak else { return false }
        return top.cachedInstanceNumber != nil
      }
      current = next.parent
    }
    return false
  }
}
