/// A place in a `.dis` file: its path, a 1-based line and a 1-based column.
///
/// Columns count characters (grapheme clusters), so a caret printed under the
/// column lines up in a terminal.
///
/// ```swift
/// let location = SourceLocation(path: "demo.dis", line: 3, column: 8)
/// print(location)   // demo.dis:3:8
/// ```
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file's path as given to the parser.
  public var path: String
  /// The 1-based line number.
  public var line: Int
  /// The 1-based column, in characters.
  public var column: Int

  /// Creates a location.
  public init(path: String, line: Int, column: Int = 1) {
    self.path = path
    self.line = line
    self.column = column
  }

  /// `path:line:col`, the form compilers and editors understand.
  public var description: String { "\(path):\(line):\(column)" }
}
