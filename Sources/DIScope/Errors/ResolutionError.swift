/// Why a resolve failed: what was asked, the path that led there, and a hint.
///
/// ```swift
/// do { _ = try container.resolve(ControlContext.self) }
/// catch let error as ResolutionError {
///   print(error)
///   // error: no registration for 'Logger'
///   //   path: ControlContext -> WebService -> Logger
///   //   hint: did you mean 'Logging'? To fix, register it: container.register(Logger.self) { r in ... }
/// }
/// ```
public struct ResolutionError: Error, Sendable, CustomStringConvertible {
  /// The kinds of failure.
  public enum Kind: String, Sendable, Hashable {
    /// Nothing is registered for the key, here or in any parent.
    case notRegistered
    /// The resolve came back to a registration it was already building.
    case cycle
    /// The registration takes other runtime arguments than the resolve passed.
    case argumentMismatch
    /// A factory threw an error of its own.
    case factoryFailed
    /// The resolution went deeper than `Container.maximumDepth` without a cycle.
    case tooDeep
    /// A provider outlived its container.
    case containerReleased
    /// A resolve by key asked for another type than the key's (`resolve(key:as:)`).
    case typeMismatch
    /// The container (or the one owning the answering registration) was shut down.
    case shutDown
    /// A synchronous resolve met an `async` factory: only `resolveAsync` can wait for it.
    case needsAwait
    /// A synchronous resolve off the main actor met a `@MainActor` factory.
    case offMainActor
  }

  /// What sort of failure it is, to match on (`error.kind == .missing`).
  public let kind: Kind
  /// What was asked when it failed.
  public let key: ServiceKey
  /// The services from the root resolve to the one that failed, inclusive.
  public let path: [String]
  /// One line: what went wrong.
  public let message: String
  /// What to do about it, as data (see ``ResolutionHint``); ``hint`` words them.
  public let hints: [ResolutionHint]
  /// How many services of the path it leaves out, where it shows `...` in their place (a
  /// resolution too deep to name whole); 0 for a whole path, whose services follow the
  /// resolution's depths (`path[d]` is the service resolved at depth d).
  public let omittedFromPath: Int
  /// For a `cycle`, the services of the loop in order, the first repeated last (`A -> B -> A`);
  /// empty otherwise.
  public let cycle: [ServiceKey]
  /// What to do about it, in words, or `nil`: ``hints`` joined.
  public var hint: String? {
    hints.isEmpty ? nil : hints.map(\.description).joined(separator: "; ")
  }
  /// For `factoryFailed`, the error the factory threw, to catch by its own type:
  ///
  /// ```swift
  /// catch let error as ResolutionError where error.underlyingError is DatabaseError { ... }
  /// ```
  public let underlyingError: (any Error)?

  /// An error with advice in words (a `.note`).
  public init(
    kind: Kind, key: ServiceKey, path: [String], message: String, hint: String? = nil,
    underlyingError: (any Error)? = nil
  ) {
    self.init(
      kind: kind, key: key, path: path, message: message, hints: hint.map { [.note($0)] } ?? [],
      underlyingError: underlyingError)
  }

  /// An error with advice as data.
  public init(
    kind: Kind, key: ServiceKey, path: [String], message: String, hints: [ResolutionHint],
    cycle: [ServiceKey] = [], omittedFromPath: Int = 0, underlyingError: (any Error)? = nil
  ) {
    self.kind = kind
    self.key = key
    self.path = path
    self.message = message
    self.hints = hints
    self.cycle = cycle
    self.omittedFromPath = omittedFromPath
    self.underlyingError = underlyingError
  }

  /// The same error reached along another path (a provider's, an `async` resolve's, a
  /// property's), with another message if given: everything else, its advice included, kept.
  public func reached(along path: [String], message: String? = nil) -> ResolutionError {
    ResolutionError(
      kind: kind, key: key, path: path, message: message ?? self.message, hints: hints, cycle: cycle,
      omittedFromPath: omittedFromPath, underlyingError: underlyingError)
  }

  /// `ControlContext -> WebService -> Logger`.
  public var pathDescription: String { path.joined(separator: " -> ") }

  /// Whether the path is worth a line of its own under the message: not for a path of one
  /// service, nor for a cycle met at its root, whose message names the whole path already
  /// (`dependency cycle: A -> B -> A`).
  public var showsPathApart: Bool {
    path.count > 1 && !(kind == .cycle && cycle.map(\.description) == path)
  }

  /// The full diagnostic: message, path and hint, one per line (see ``showsPathApart``).
  public var description: String { lines.joined(separator: "\n") }

  /// The full diagnostic a line each, for a tool that prints lines: `error: MESSAGE`, then
  /// `  path: …` and `  hint: …` when there are.
  public var lines: [String] { ["error: \(message)"] + detailLines }

  /// The lines under the message: `  path: …` and `  hint: …`, each when there is one.
  var detailLines: [String] {
    var lines: [String] = []
    if showsPathApart { lines.append("  path: \(pathDescription)") }
    if let hint { lines.append("  hint: \(hint)") }
    return lines
  }
}
