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
  /// The line is quoted as a terminal must show it, escaped (`terminalSafe`), and the caret is
  /// placed in the same units, under the right character whatever comes before it (a tab, a
  /// bidirectional control, a wide character). No colour: the caller may style the result.
  public func rendered(in source: SourceText?) -> String {
    var output = description
    if let line = source?.line(location.line) {
      let (excerpt, column) = Self.excerpt(of: line, around: location.column)
      output += "\n" + excerpt.terminalSafe + "\n" + Self.caretLine(under: column, in: excerpt)
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

  /// Spaces up to `column`, then `^`, in the units the line is shown in: the line is quoted
  /// escaped (`terminalSafe`: a tab as `\u{9}`, U+202E as `\u{202E}`), so the caret goes past
  /// what the escaped text before the column takes on a terminal, a wide character two columns.
  static func caretLine(under column: Int, in line: String) -> String {
    let before = line.prefix(max(0, column - 1))
    let missing = max(0, column - 1 - before.count)  // A column past the line's end.
    let width = String(before).terminalSafe.reduce(0) { $0 + Self.columns(of: $1) }
    return String(repeating: " ", count: width + missing) + "^"
  }

  /// The columns a terminal gives `character` once escaped: 2 for East Asian wide and full-width
  /// characters and emoji shown as emoji, 0 for a combining mark or a zero-width format character
  /// standing alone, else 1 (the ranges of wcwidth's wide table, without a locale to consult).
  static func columns(of character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if first.isASCII { return 1 }
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) || first.properties.isEmojiPresentation {
      return 2
    }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    switch first.value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
      0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return 2
    default: return 1
    }
  }
}

extension Sequence<Diagnostic> {
  /// Every diagnostic rendered, separated by blank lines.
  public func rendered(in source: SourceText?) -> String {
    map { $0.rendered(in: source) }.joined(separator: "\n\n")
  }
}
