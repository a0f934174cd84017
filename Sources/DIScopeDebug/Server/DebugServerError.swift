/// Why a debug server did not start.
public struct DebugServerError: Error, Sendable, Hashable, CustomStringConvertible {
  public let message: String
  /// What to do about it.
  public let hint: String?

  public var description: String { message + (hint.map { "\n  hint: \($0)" } ?? "") }
}
