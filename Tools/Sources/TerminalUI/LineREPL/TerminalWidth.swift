#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The width of the terminal on a descriptor, read as the line REPL prints (a resize between two
/// commands is seen at the next one).
///
/// ```swift
/// let columns = TerminalWidth.columns(of: STDOUT_FILENO) ?? 80
/// ```
public enum TerminalWidth {
  /// The terminal's columns, or nil when `descriptor` is not a terminal (or says 0).
  public static func columns(of descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
