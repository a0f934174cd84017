/// The lines of a decoded source file, kept so diagnostics can quote them.
///
/// Line endings are already removed (LF or CRLF). Index with a 1-based line
/// number through ``line(_:)``.
///
/// ```swift
/// let source = SourceText(path: "demo.dis", text: "protocol P\r\nclass C: P\n")
/// source.line(2)   // "class C: P"
/// ```
public struct SourceText: Sendable, Hashable {
  /// The path diagnostics name.
  public var path: String
  /// The lines, without their line endings.
  public var lines: [String]

  /// Creates a source from lines already split.
  public init(path: String, lines: [String]) {
    self.path = path
    self.lines = lines
  }

  /// Splits `text` into lines, reading LF and CRLF alike. (Splitting is done
  /// on UTF-8 bytes: `"\r\n"` is a single `Character` in Swift.)
  public init(path: String, text: String) {
    self.path = path
    var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
      String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
    }
    // A final newline ends the last line rather than starting one; an empty text has none.
    if text.utf8.last == UInt8(ascii: "\n") || text.isEmpty { lines.removeLast() }
    self.lines = lines
  }

  /// The text of a 1-based line, or `nil` past the end.
  public func line(_ number: Int) -> String? {
    lines.indices.contains(number - 1) ? lines[number - 1] : nil
  }
}
