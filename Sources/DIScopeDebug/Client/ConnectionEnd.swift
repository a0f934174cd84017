/// Why a client's connection to an app is over, as data: a viewer decides what to add (the app
/// is gone, so its panes keep what it showed) by the case, never by the words.
///
/// ```swift
/// if let ended = client.takeUpdates().ended, ended.isAppGone { print(ended, "; the panes keep what it showed") }
/// ```
public enum ConnectionEnd: Sendable, Hashable, CustomStringConvertible {
  /// The app closed the connection without a word: it ended, or was killed.
  case appEnded(pid: Int32)
  /// The app's server said goodbye (it stopped, or left this client), and why.
  case bye(reason: String, pid: Int32)
  /// The app refused this client (another is attached, a protocol it does not speak), and why.
  case refused(reason: String)
  /// The app sent what this client cannot read: it detached.
  case unreadable(detail: String)

  /// Whether the app's process itself is gone, rather than its server having said why.
  public var isAppGone: Bool {
    if case .appEnded = self { return true }
    return false
  }

  /// `app ended (pid 4242)`, `the app's server said bye: REASON (pid 4242)`, `the app refused:
  /// REASON`.
  public var description: String {
    switch self {
    case .appEnded(let pid): "app ended (pid \(pid))"
    case .bye(let reason, let pid): "the app's server said bye: \(reason) (pid \(pid))"
    case .refused(let reason): "the app refused: \(reason)"
    case .unreadable(let detail): "the app sent what this discope cannot read (\(detail)); detached"
    }
  }
}
