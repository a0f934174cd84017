import DIScope
import DisSyntax

/// Turning errors into what a script prints: the container's errors with hints in the script's
/// own terms rather than Swift's.
extension Session {
  func failure(for error: any Error) -> ScriptFailure {
    switch error {
    case let failure as ScriptFailure: return failure
    case let error as ResolutionError: return resolutionFailure(error)
    default: return .unmet("\(error)")
    }
  }

  func resolutionFailure(_ error: ResolutionError, before: [String] = []) -> ScriptFailure {
    var failure = wording.failure(for: error, in: container, before: before)
    failure.isRefusal = false
    return failure
  }

  /// The container's errors in the script's own terms, for a reader of the container's events
  /// (the playground's trace pane) on any thread: the same words a command prints.
  ///
  /// ```swift
  /// let lines = session.errorLines(error, container)   // ["error: dependency cycle: ...", ...]
  /// ```
  public var errorLines: @Sendable (ResolutionError, Container) -> [String] {
    { [wording] error, container in wording.failure(for: error, in: container).lines }
  }

  var wording: ScriptWording {
    ScriptWording(
      store: store,
      // The first is the app's own root; the rest the session made (`container child`).
      sessionContainers: isOverAppContainer
        ? Set(family.containers.dropFirst().map { ObjectIdentifier($0.container) }) : nil)
  }

  /// `A -> B -> B` as `A -> B`: the container repeats the last service of an argument mismatch.
  static func withoutRepeats(_ path: [String]) -> [String] {
    var result: [String] = []
    for name in path where result.last != name { result.append(name) }
    return result
  }

  /// The container's advice in the script's terms (see `ScriptWording`).
  func scriptHint(_ hints: [ResolutionHint]) -> String? {
    wording.hint(hints)
  }

  /// How to make `service` resolvable, in the script's commands.
  func registerAdvice(for service: String) -> String {
    wording.registerAdvice(for: service)
  }

  /// `did you mean 'Logger'?` for a name close to a known one.
  func suggestion(for name: String, among candidates: [String]) -> String? {
    guard name.count >= 3 else { return nil }  // every short name is "close" to every other
    let lowered = candidates.map { $0.lowercased() }
    guard let best = CommandTable.suggestions(for: name.lowercased(), among: lowered).first,
      let index = lowered.firstIndex(of: best)
    else { return nil }
    return "did you mean '\(candidates[index])'?"
  }
}
