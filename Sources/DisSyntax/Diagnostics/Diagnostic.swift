/// A problem found in a `.dis` file, as a value.
///
/// The parser never throws: it collects diagnostics and keeps going, so one bad
/// line never hides the next. Messages are lowercase and put the user's own
/// words in single quotes; a ``hint`` says how to fix it ("to fix, ..." or
/// "did you mean ...").
///
/// ```swift
/// let result = ScriptParser().parse("resolv Logger\n", path: "demo.dis")
/// for diagnostic in result.diagnostics {
///   print(diagnostic.rendered(in: result.source))
/// }
/// // demo.dis:1:1: error: unknown command 'resolv'
/// // resolv Logger
/// // ^
/// // hint: did you mean 'resolve'?
/// ```
public struct Diagnostic: Sendable, Hashable, Error, CustomStringConvertible {
  /// How serious a diagnostic is.
  public enum Severity: String, Sendable, Hashable {
    /// The file cannot be run.
    case error
    /// The file runs, but probably not as meant.
    case warning
    /// Extra information attached to another diagnostic.
    case note
  }

  /// How serious this is.
  public var severity: Severity
  /// What happened: lowercase, user tokens in 'quotes'.
  public var message: String
  /// Where it happened.
  public var location: SourceLocation
  /// How to fix it, if there is something to say.
  public var hint: String?

  /// Creates a diagnostic.
  public init(
    _ severity: Severity, _ message: String, at location: SourceLocation, hint: String? = nil
  ) {
    self.severity = severity
    self.message = message
    self.location = location
    self.hint = hint
  }

  /// Creates an error.
  public static func error(
    _ message: String, at location: SourceLocation, hint: String? = nil
  ) -> Diagnostic {
    Diagnostic(.error, message, at: location, hint: hint)
  }

  /// `path:line:col: error: message`, the one-line form.
  public var description: String { "\(location): \(severity.rawValue): \(message)" }
}

extension Sequence<Diagnostic> {
  /// Whether any of these diagnostics is an error.
  public var containsErrors: Bool { contains { $0.severity == .error } }
}
