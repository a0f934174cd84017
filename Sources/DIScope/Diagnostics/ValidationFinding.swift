/// One defect `validate()` found, as a value: what kind, which keys and tokens, a message in the
/// house style and a hint.
///
/// ```text
/// error: 'Cache' (singleton, t4) holds 'Session' (prototype, t9): every Cache user shares one Session
///   hint: make 'Session' a singleton, or inject Provider<Session> into 'Cache' to get a new one each time
/// ```
public struct ValidationFinding: Sendable, Hashable, CustomStringConvertible {
  /// What sort of defect a finding is.
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

  /// What sort of defect it is: a missing registration, a cycle, a captive dependency, ...
  public let kind: Kind
  /// The services involved, the one with the defect first.
  public let keys: [ServiceKey]
  /// For a cycle, its members in the order met, each once (`["CycleA", "CycleB", "CycleC"]`);
  /// empty for every other kind.
  public let cycle: [String]
  /// The registrations involved.
  public let tokens: [RegistrationToken]
  /// The path that led to it, for missing registrations and cycles.
  public let path: [String]
  /// One line: what is wrong (`'Cache' (singleton, t4) holds 'Session' (prototype, t9): ...`).
  public let message: String
  /// What to do about it, as data; ``hint`` words them. A missing registration's and a cycle's are
  /// the ones its resolve would give (``ResolutionHint/register(_:)``, ``ResolutionHint/breakCycle(service:)``).
  public let hints: [ResolutionHint]
  /// What to do about it, in words: ``hints`` joined.
  public var hint: String? { hints.isEmpty ? nil : hints.map(\.description).joined(separator: "; ") }

  /// The service with the defect: the missing one, the one that closes a cycle, the holder.
  public var key: ServiceKey? { keys.first }

  init(
    kind: Kind, keys: [ServiceKey], tokens: [RegistrationToken], path: [String], cycle: [String] = [],
    message: String, hint: String?
  ) {
    self.init(
      kind: kind, keys: keys, tokens: tokens, path: path, cycle: cycle, message: message,
      hints: hint.map { [.note($0)] } ?? [])
  }

  init(
    kind: Kind, keys: [ServiceKey], tokens: [RegistrationToken], path: [String], cycle: [String] = [],
    message: String, hints: [ResolutionHint]
  ) {
    (self.kind, self.keys, self.tokens, self.path, self.cycle) = (kind, keys, tokens, path, cycle)
    (self.message, self.hints) = (message, hints)
  }

  public var description: String {
    var text = "error: \(message)"
    if path.count > 1 && kind != .cycle { text += "\n  path: \(path.joined(separator: " -> "))" }
    if let hint { text += "\n  hint: \(hint)" }
    return text
  }
}
