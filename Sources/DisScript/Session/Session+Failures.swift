import DIScope
import DisSyntax

/// Turning errors into what a script prints: the container's errors with hints in the script's
/// own terms rather than Swift's.
extension Session {
  func failure(for error: any Error) -> ScriptFailure {
    switch error {
    case let failure as ScriptFailure: return failure
    case let error as ResolutionError: return resolutionFailure(error)
    default: return ScriptFailure("\(error)")
    }
  }

  func resolutionFailure(_ error: ResolutionError, before: [String] = []) -> ScriptFailure {
    if error.kind == .argumentMismatch, error.key.dynamicService != nil {
      let service = error.key.serviceName
      let info = container.answeringRegistration(for: error.key)
      let className = info?.implementationName ?? service
      let arguments = store.current.argumentList(of: className)
      if !arguments.isEmpty {
        return ScriptFailure(
          "'\(error.key)' (\(info.map(\.token.description) ?? "?")) takes runtime arguments (\(arguments)), "
            + "but was resolved without them",
          path: Self.withoutRepeats(error.path),
          hint: "give them at the root: 'resolve \(service) with \(store.current.argumentParameters(of: className).map { "\($0.name)=..." }.joined(separator: " "))'; "
            + "as a dependency, inject 'Provider<\(service)>' and 'call' it with them",
          before: before)
      }
    }
    return ScriptFailure(
      error.message, path: Self.withoutRepeats(error.path), hint: scriptHint(error.hint, service: error.key.serviceName),
      before: before)
  }

  /// `A -> B -> B` as `A -> B`: the container repeats the last service of an argument mismatch.
  static func withoutRepeats(_ path: [String]) -> [String] {
    var result: [String] = []
    for name in path where result.last != name { result.append(name) }
    return result
  }

  /// A container hint rewritten for scripts: Swift spellings become commands.
  func scriptHint(_ hint: String?, service: String) -> String? {
    guard let hint else { return nil }
    let parts = hint.split(separator: "; ").map { part -> String in
      if part.hasPrefix("to fix, register it: container.register(") {
        return registerAdvice(for: service)
      }
      if part.hasPrefix("break the cycle:") {
        return "break the cycle: make one of these dependencies a 'Provider<\(service)>' parameter, "
          + "so it is resolved only when the provider is called"
      }
      return String(part)
    }
    return parts.joined(separator: "; ")
  }

  /// How to make `service` resolvable, in the script's commands.
  func registerAdvice(for service: String) -> String {
    let declarations = store.current
    if declarations.classes[service] != nil { return "to fix, register it: 'register \(service)'" }
    if declarations.isProtocol(service) {
      if let implementation = declarations.implementations(of: service).first {
        return "to fix, register it: 'register \(service) = \(implementation)'"
      }
      return "to fix, declare a class for it ('class Live\(service): \(service)') and register it"
    }
    return "to fix, declare it ('protocol \(service)' or 'class \(service)'), then register it"
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
