import DIScope

/// The container's errors in a script's own terms: hints that name commands rather than Swift
/// calls. Only reads the declarations (behind their lock) and the container it is given, so that
/// what a command prints and what the playground's trace pane shows for the same error are one
/// wording, computed on either thread.
struct ScriptWording: Sendable {
  let store: DeclarationStore
  /// Over an app's container, the containers the session made itself: the others are the app's,
  /// which the app shuts down as its requests end (`nil` for a script's own family).
  var sessionContainers: Set<ObjectIdentifier>? = nil

  func failure(for error: ResolutionError, in container: Container, before: [String] = []) -> ScriptFailure {
    if error.kind == .argumentMismatch, error.key.dynamicService != nil {
      let service = error.key.serviceName
      let info = container.answeringRegistration(for: error.key)
      let className = info?.implementationName ?? service
      let declarations = store.current
      let arguments = declarations.argumentList(of: className)
      if !arguments.isEmpty {
        return ScriptFailure(
          "'\(error.key)' (\(info.map(\.token.description) ?? "?")) takes runtime arguments (\(arguments)), "
            + "but was resolved without them",
          path: Self.shownPath(of: error),
          hint: "give them at the root: 'resolve \(service) with \(declarations.argumentParameters(of: className).map { "\($0.name)=..." }.joined(separator: " "))'; "
            + "as a dependency, inject '\(providerSpelling(service, className: className))' and 'call' it with them",
          before: before)
      }
    }
    // The container's hint speaks Swift ("make a new container", "a new child of 'app'"): a
    // script's is in commands ('reset', 'release container' and a new child).
    if error.kind == .shutDown, let shutDown = container.outermostShutDown {
      return ScriptFailure(
        error.message, path: Self.shownPath(of: error),
        hint: "a shut-down container resolves nothing more: " + afterShutdown(of: shutDown), before: before)
    }
    return ScriptFailure(
      error.message, path: Self.shownPath(of: error), hint: hint(error.hints), before: before)
  }

  /// The path a failure prints on a line of its own: none when the message names it already.
  static func shownPath(of error: ResolutionError) -> [String] {
    error.showsPathApart ? Session.withoutRepeats(error.path) : []
  }

  /// What to do after `container` was shut down, in commands: a fresh root, or for a request's
  /// child, let it go and make the next one from its parent.
  func afterShutdown(of container: Container) -> String {
    if let own = sessionContainers, !own.contains(ObjectIdentifier(container)) {
      // The app's own: its request ended. Releasing it would act on the app, for nothing.
      guard let parent = container.parent else { return "the app shut its container down" }
      return "the app shut '\(container.name)#\(container.number)' down (its request is over): "
        + "'container use \(container.name)' enters a live one, 'container use \(parent.name)' goes back"
    }
    guard let parent = container.parent else { return "'reset' starts a fresh root container" }
    return "'release container \(container.name)' lets it go; for the next request, "
      + "'container use \(parent.name)', then 'container child NAME'"
  }

  /// A script class that takes runtime arguments, resolved without them by `holder` (a
  /// dependency cannot be given any): what to say instead of the container's Swift wording.
  func argumentsMissing(_ key: ServiceKey, resolvedBy holder: String, in container: Container)
    -> (message: String, hint: String)?
  {
    guard key.dynamicService != nil, let info = container.answeringRegistration(for: key),
      info.argumentTypes != nil
    else { return nil }
    let arguments = store.current.argumentList(of: info.implementationName)
    guard !arguments.isEmpty else { return nil }
    let service = key.serviceName
    return (
      "'\(service)' (\(info.token)) takes runtime arguments (\(arguments)), which '\(holder)' cannot give it",
      "inject '\(providerSpelling(service, className: info.implementationName))' into '\(holder)' and 'call' it "
        + "with them"
    )
  }

  /// `Provider<UserDetails, String>`: a provider of a class with runtime arguments, spelt with
  /// their types, as the README, the playground's Swift and the export write it.
  func providerSpelling(_ service: String, className: String) -> String {
    let types = store.current.argumentParameters(of: className).map(\.type)
    return "Provider<" + ([service] + types).joined(separator: ", ") + ">"
  }

  /// The container's advice in the script's terms, worded from its fields: a Swift call becomes
  /// the command that does the same.
  func hint(_ hints: [ResolutionHint]) -> String? {
    guard !hints.isEmpty else { return nil }
    return hints.map { hint -> String in
      switch hint {
      case .register(let key): registerAdvice(for: key.serviceName)
      case .breakCycle(let service):
        "break the cycle: make one of these dependencies a 'Provider<\(service)>' parameter, "
          + "so it is resolved only when the provider is called"
      default: hint.text(namingSites: Self.shownSite(of:))
      }
    }.joined(separator: "; ")
  }

  /// The site a command's output names for `info`: where the app made it, in code (`made at
  /// AppAssembly.swift:42`); never a script's line. A command's output must read the same typed,
  /// recorded, saved, piped or replayed (`discope test` compares it), and a script's line differs
  /// between those; the script's line is shown where nothing replays it: pane 1, and the
  /// `path:line:col:` of a failure. The one rule for `why`, shadowing notes and hints.
  static func shownSite(of info: RegistrationInfo) -> RegistrationSite? {
    info.isLocationInCode ? info.location : nil
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
}
