import DIScope
import DisSyntax

/// `register S [= Impl | instance Impl] [named N] [scope=...] [cache=on|off]`.
extension Session {
  func register(_ registration: DisSyntax.Registration) throws -> [String] {
    let plan = try plan(registration, madeAt: commandSite)
    let shadowed = shadowNote(for: plan.key, in: container)
    // Nothing answered the key from here: no instance seen from here can hold what it answered
    // (one that held a removed registration's instance was noted when it was removed, and stays
    // noted), so the new registration leaves nothing stale, and the command's end need not look.
    family.leavesNothingStale = shadowed.isEmpty
    let token = push(plan, into: container)
    var lines = [tokenLine("+", token, in: container) + shadowed]
    if plan.isInstance {
      do {
        _ = try container.resolve(key: plan.key, as: PlaygroundInstance.self)
      } catch let error as ResolutionError {
        withdraw(token)
        throw resolutionFailure(error, before: [])
      }
    }
    lines += takeTraces().flatMap { $0 }
    try checkEagerBuilds(rollingBack: [token])
    return lines
  }

  /// Fails, removing `tokens`, when an eager build failed since the last look.
  func checkEagerBuilds(rollingBack tokens: [ContainerToken]) throws {
    guard let (info, error) = takeEagerFailures().first else { return }
    for token in tokens.reversed() { withdraw(token) }
    _ = takeTraces()
    var failure = resolutionFailure(error)
    failure.lines[0] = "error: the eager registration \(info.token) could not be built, so nothing was registered: "
      + error.message
    throw failure
  }

  /// Removes a registration the current command pushed and is taking back.
  func withdraw(_ token: ContainerToken) {
    family.tokens[token.number]?.container.remove(token)
    family.tokens[token.number] = nil
  }

  /// `+ t3  Logger -> FileLogger  [singleton]`, with `in test` for a child container.
  func tokenLine(_ sign: String, _ token: ContainerToken, in container: Container) -> String {
    guard let info = container.registration(token) else { return "\(sign) \(token)" }
    return tokenLine(sign, info)
  }

  func tokenLine(_ sign: String, _ info: RegistrationInfo) -> String {
    let isInstance = family.tokens[info.token.number]?.isInstance ?? false
    let place = family.containers.count > 1 ? "  in \(info.container)" : ""
    return "\(sign) \(info.token)  \(RegistrationText.subject(info))  \(RegistrationText.tags(info, isInstance: isInstance))\(place)"
  }

  /// `  (shadows t1)` when `key` already has a registration in `container`, or
  /// `  (overrides t1 in root)` when a parent answers for it; `, made at AppAssembly.swift:42`
  /// after the token when the app made it.
  func shadowNote(for key: ServiceKey, in container: Container) -> String {
    if let top = container.registrations(of: key, limit: 1).first { return "  (shadows \(top.token)\(madeAt(top)))" }
    if let answering = container.answeringRegistration(for: key) {
      return "  (overrides \(answering.token)\(madeAt(answering)) in \(answering.container))"
    }
    return ""
  }

  /// `, made at AppAssembly.swift:42` for a registration the app made in code; empty otherwise
  /// (`ScriptWording.shownSite(of:)`, the one rule).
  func madeAt(_ info: RegistrationInfo) -> String {
    ScriptWording.shownSite(of: info).map { ", made at \($0)" } ?? ""
  }
}
