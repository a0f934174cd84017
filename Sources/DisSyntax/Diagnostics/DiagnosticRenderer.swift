extension Diagnostic {
  /// Renders the diagnostic the way swift-format and swift-syntax do: the
  /// one-line form, the source line, a caret under the column, then the hint.
  ///
  /// ```swift
  /// // demo.dis:2:10: error: expected a service name after 'register'
  /// // register
  /// //          ^
  /// // hint: to fix, write 'register S [= Impl] ...'
  /// ```
  ///
  /// Tabs before the column are copied into the caret line so the caret stays
  /// under the right character. No colour: the caller may style the result.
  public func rendered(in source: SourceText?) -> String {
    var output = description
    if let line = source?.line(location.line) {
      let (excerpt, column) = Self.excerpt(of: line, around: location.column)
      output += "\n" + excerpt + "\n" + Self.caretLine(under: column, in: excerpt)
    }
    if let hint {
      output += "\nhint: " + hint
    }
    return output
  }

  /// The most of a line a diagnostic quotes, in characters: a line of megabytes is not echoed.
  static let excerptLength = 160

  /// `line`, or for a long one the `excerptLength` characters around `column` with `…` where it
  /// was cut; and the column in what is returned.
  static func excerpt(of line: String, around column: Int) -> (String, Int) {
    let characters = Array(line)
    guard characters.count > excerptLength else { return (line, column) }
    let start = min(max(0, column - 1 - excerptLength / 2), characters.count - excerptLength)
    let end = start + excerptLength
    let head = start > 0 ? "…" : ""
    let text = head + String(characters[start..<end]) + (end < characters.count ? "…" : "")
    return (text, column - start + head.count)
  }

  /// Spaces (or the line's own tabs) up to `column`, then `^`.
  static func caretLine(under column: Int, in line: String) -> String {
    var padding = ""
    for character in line.prefix(max(0, column - 1)) {
      padding.append(character == "\t" ? "\t" : " ")
    }
    let missing = max(0, column - 1 - padding.count)
    return padding + String(repeating: " ", count: missing) + "^"
  }
}

extension Sequence<Diagnostic> {
  /// Every diagnostic rendered, separated by blank lines.
  public func rendered(in source: SourceText?) -> String {
    map { $0.rendered(in: source) }.joined(separator: "\n\n")
  }
}
