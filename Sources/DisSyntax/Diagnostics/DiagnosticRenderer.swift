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
      output += "\n" + line + "\n" + Self.caretLine(under: location.column, in: line)
    }
    if let hint {
      output += "\nhint: " + hint
    }
    return output
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
