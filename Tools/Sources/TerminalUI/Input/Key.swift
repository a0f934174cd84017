/// One decoded key press, or an event that arrives through the key stream (resize, timeout).
///
/// ```swift
/// switch try screen.readKey(timeout: .milliseconds(100)) {
/// case .character(let c): editor.insert(String(c))
/// case .control("c"): return
/// case .resize: relayout()
/// default: break
/// }
/// ```
public enum Key: Hashable, Sendable {
  /// A printable character, including wide and combined Unicode characters.
  case character(Character)
  /// Ctrl with a letter, as a lowercase letter: Ctrl-A is `.control("a")`. Ctrl-I, Ctrl-J,
  /// Ctrl-M and Ctrl-H arrive as `.tab`, `.enter` and `.backspace`, as terminals send them.
  case control(Character)
  case enter
  case tab
  /// Shift-Tab (`KEY_BTAB`).
  case backTab
  case escape
  case backspace
  case delete
  case insert
  case up
  case down
  case left
  case right
  case pageUp
  case pageDown
  case home
  case end
  /// F1 to F12 (and beyond, if the terminal sends them).
  case function(Int)
  /// The terminal changed size: lay out again.
  case resize
  /// No key arrived before the timeout.
  case timeout
  /// A key code this type does not name.
  case unknown(Int32)
}

extension Key {
  /// Ctrl with a letter, written as the letter: `Key.ctrl("c")`.
  public static func ctrl(_ letter: Character) -> Key {
    .control(Character(letter.lowercased()))
  }

  /// Whether this is a printable character that a line editor would insert.
  public var isPrintable: Bool {
    if case .character = self { return true }
    return false
  }
}
