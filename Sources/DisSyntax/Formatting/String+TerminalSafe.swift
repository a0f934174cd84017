/// Text that is safe to print on a terminal or write to a file: what the tool prints never
/// drives the terminal it is read on (`ESC ] 0 ; title BEL` retitles it) nor reorders the line
/// (U+202E).
extension String {
  /// The line with every control character (tab and newline too: a line is one line) and every
  /// bidirectional control written as the `.dis` language escapes it, `\u{1B}`; anything else,
  /// backslashes included, as it is. Idempotent, and the identity on ordinary text.
  ///
  /// ```swift
  /// "a\u{1B}]0;title\u{7}b".terminalSafe   // "a\\u{1B}]0;title\\u{7}b"
  /// ```
  public var terminalSafe: String {
    guard unicodeScalars.contains(where: Self.isUnsafe) else { return self }
    var result = ""
    for scalar in unicodeScalars {
      if Self.isUnsafe(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether `scalar` must not reach a terminal raw: a control character (C0, DEL, C1) or a
  /// bidirectional control (marks, embeddings, overrides, isolates).
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.properties.generalCategory == .control { return true }
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
}
