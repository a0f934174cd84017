/// Whether to use colour, from the environment and what the terminal can do.
///
/// Colour is off when `NO_COLOR` is set to anything non-empty (no-color.org), when
/// `TERM=dumb`, or when the terminal has no colours.
///
/// ```swift
/// ColorPolicy.isColorEnabled(environment: ["TERM": "xterm", "NO_COLOR": "1"],
///                            terminalHasColors: true)  // false
/// ```
public enum ColorPolicy {
  public static func isColorEnabled(environment: [String: String], terminalHasColors: Bool)
    -> Bool
  {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    if environment["TERM"] == "dumb" { return false }
    return terminalHasColors
  }
}

/// A colour by meaning. Colour never carries meaning alone: the text says the same in words
/// (`[mock]`, `cached`, `error:`).
public enum ColorRole: Int16, CaseIterable, Hashable, Sendable {
  /// Mock entries, the focused pane.
  case accent = 1
  /// Cache hits, success.
  case positive
  /// Warnings, shadowed entries.
  case warning
  /// Errors.
  case negative
  /// Secondary information.
  case info

  /// The ncurses foreground colour (on the terminal's default background).
  var foreground: Int16 {
    switch self {
    case .accent: 5  // COLOR_MAGENTA
    case .positive: 2  // COLOR_GREEN
    case .warning: 3  // COLOR_YELLOW
    case .negative: 1  // COLOR_RED
    case .info: 6  // COLOR_CYAN
    }
  }
}
