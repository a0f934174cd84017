#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What went wrong with a recording: the file, where in it (for a record that could not be read),
/// and what.
///
/// ```swift
/// do { _ = try Recording(path: "app.discope-rec") }
/// catch { print(error) }   // app.discope-rec: not a DIScope recording (its first bytes are not DISCOREC)
/// ```
public struct RecordingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The recording's path.
  public let path: String
  /// The byte offset in the file the error is about, if it is about one place.
  public let offset: Int?
  /// What happened, lowercase.
  public let message: String

  /// An error about `path`, at `offset` if it is about one place.
  public init(path: String, offset: Int? = nil, message: String) {
    self.path = path
    self.offset = offset
    self.message = message
  }

  /// `app.discope-rec:4096: message`, or `app.discope-rec: message`.
  public var description: String {
    "\(path)\(offset.map { ":\($0)" } ?? ""): \(message)"
  }

  /// `what`, with the system's reason (`errno`).
  static func system(_ what: String, path: String) -> RecordingError {
    RecordingError(path: path, message: "\(what): \(String(cString: strerror(errno)))")
  }
}
