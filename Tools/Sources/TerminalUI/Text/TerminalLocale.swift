#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the user's locale lets the full-screen UI draw.
///
/// ncurses draws a multi-byte character only under a UTF-8 locale: under `LANG=C` (the default
/// in many containers) box-drawing glyphs come out blank, so the playground falls back to ASCII
/// there, as `--ascii` does.
///
/// ```swift
/// let glyphs: ResolutionTree.Glyphs = TerminalLocale.canDrawUnicode ? .unicode : .ascii
/// ```
public enum TerminalLocale {
  /// Whether the environment's locale (`LC_ALL`, `LC_CTYPE`, `LANG`) is UTF-8.
  public static var canDrawUnicode: Bool {
    guard setlocale(LC_ALL, "") != nil, let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).uppercased()
    return name == "UTF-8" || name == "UTF8"
  }
}
