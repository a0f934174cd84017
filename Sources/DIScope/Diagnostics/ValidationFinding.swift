/// One defect `validate()` found, as a value: what kind, which keys and tokens, a message in the
/// house style and a hint.
///
/// ```text
/// error: 'Cache' (singleton, t4) holds 'Session' (prototype, t9): every Cache user shares one Session
///   hint: make 'Session' a singleton, or inject Provider<Session> into 'Cache' to get a new one each time
/// ```
public struct ValidationFinding: Sendable, Hashable, CustomStringConvertible {
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A dependency has no registration.
    case missing
    /// A dependency cycle.
    case cycle
    /// A long-lived instance (singleton, eager, weak) holds a short-lived one (prototype, graph),
    /// or a singleton holds a weak one, which it then keeps alive forever.
    case captive
    /// A child overrides a dependency of a parent's singleton, which never sees the override.
    case ignoredOverride
    /// A factory threw, or took other arguments than it was given.
    case failure
  }

  public let kind: Kind
  /// The services involved, the one with the defect first.
  public let keys: [ServiceKey]
  /// The registrations involved.
  public let tokens: [RegistrationToken]
  /// The path that led to it, for missing registrations and cycles.
  public let path: [String]
  public let message: String
  public let hint: String?

  public var description: String {
    var text = "error: \(message)"
    if path.count > 1 && kind != .cycle { text += "\n  path: \(path.joined(separator: " -> "))" }
    if let hint { text += "\n  hint: \(hint)" }
    return text
  }
}

/// What `validate()` found, and the graph it discovered on the way.
public struct ValidationReport: Sendable, CustomStringConvertible {
  /// The defects, in a stable order (by kind, then by token).
  public let findings: [ValidationFinding]
  /// Every registration that answers in the validated container, by token.
  public let registrations: [RegistrationInfo]
  /// Every dependency resolved, in a stable order.
  public let edges: [DependencyEdge]
  /// Registrations that take runtime arguments, which a dry run cannot build.
  public let unchecked: [RegistrationInfo]

  /// Whether nothing was found.
  public var isEmpty: Bool { findings.isEmpty }

  public var description: String {
    if findings.isEmpty { return "ok: \(registrations.count) registrations, no findings" }
    return findings.map(\.description).joined(separator: "\n")
  }
}
