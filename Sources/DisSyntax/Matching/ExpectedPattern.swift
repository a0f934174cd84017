/// One expected line, read as a pattern: `...` alone matches zero or more
/// lines; `[..]` inside a line matches any text within that line; `\[..]` is a
/// literal `[..]`. Trailing white space is ignored on both sides.
///
/// ```swift
/// ExpectedPattern("WebService#[..]").matches("WebService#3")   // true
/// ExpectedPattern("...").isAnyLines                             // true
/// ```
public struct ExpectedPattern: Sendable, Hashable {
  /// The expected line as written.
  public var text: String
  /// `true` for a line that is `...` alone.
  public var isAnyLines: Bool
  /// The literal pieces between `[..]` wildcards.
  private var pieces: [String]

  /// Reads an expected line.
  public init(_ text: String) {
    self.text = text
    let trimmed = Lexer.trimmingTrailingSpace(text)
    isAnyLines = trimmed == "..."
    pieces = Self.pieces(of: trimmed)
  }

  /// Whether `line` (one line of actual output) matches this pattern. A `...`
  /// line matches any single line too.
  public func matches(_ line: String) -> Bool {
    if isAnyLines { return true }
    var rest = Substring(Lexer.trimmingTrailingSpace(line))
    guard pieces.count > 1 else { return rest == pieces[0] }
    guard rest.hasPrefix(pieces[0]) else { return false }
    rest = rest.dropFirst(pieces[0].count)
    for piece in pieces.dropFirst().dropLast() {
      guard let range = rest.firstRange(of: piece) else { return false }
      rest = rest[range.upperBound...]
    }
    return rest.hasSuffix(pieces[pieces.count - 1])
  }

  /// `line` as an expected line that matches exactly `line`: `[..]` becomes `\[..]`.
  public static func escaped(_ line: String) -> String {
    line.replacing("[..]", with: "\\[..]")
  }

  /// Splits on unescaped `[..]`, turning `\[..]` into a literal `[..]`.
  private static func pieces(of text: String) -> [String] {
    var pieces = [""]
    var rest = Substring(text)
    while !rest.isEmpty {
      if rest.hasPrefix("\\[..]") {
        pieces[pieces.count - 1] += "[..]"
        rest = rest.dropFirst(5)
      } else if rest.hasPrefix("[..]") {
        pieces.append("")
        rest = rest.dropFirst(4)
      } else {
        pieces[pieces.count - 1].append(rest.removeFirst())
      }
    }
    return pieces
  }
}
