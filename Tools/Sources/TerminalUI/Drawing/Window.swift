import CNCurses

/// An ncurses window over one rectangle of the screen (a pane, the command line, the status).
///
/// Windows are cheap: on a resize, drop them and make new ones from the new layout. Text is
/// clipped to the window; nothing ever wraps.
///
/// ```swift
/// let pane = screen.makeWindow(frame.rect)!
/// pane.erase()
/// pane.drawFrame(title: "1 Registrations", isFocused: true)
/// pane.put("Logger", row: 1, column: 1)
/// ```
public final class Window {
  let pointer: UnsafeMutablePointer<WINDOW>
  private let session: Screen.Session
  private let isColorEnabled: Bool
  public let rect: Rect

  init?(screen: Screen, rect: Rect) {
    guard let pointer = newwin(Int32(rect.height), Int32(rect.width), Int32(rect.y), Int32(rect.x))
    else { return nil }
    self.pointer = pointer
    self.session = screen.session
    self.isColorEnabled = screen.isColorEnabled
    self.rect = rect
    keypad(pointer, true)
  }

  deinit {
    // After `endwin`/`delscreen` the window is already gone with its screen.
    if session.isOpen { delwin(pointer) }
  }

  /// Blanks the whole window.
  public func erase() { werase(pointer) }

  /// Draws `text` at (`row`, `column`) in window coordinates, clipped at `maxWidth` columns (by
  /// default the window's right edge). Returns the number of columns drawn.
  @discardableResult
  public func put(_ text: String, row: Int, column: Int, style: TextStyle = .plain,
                  maxWidth: Int? = nil) -> Int {
    guard row >= 0, row < rect.height, column >= 0, column < rect.width else { return 0 }
    let room = min(maxWidth ?? Int.max, rect.width - column)
    let clipped = text.sanitizedForTerminal.truncated(toWidth: room)
    guard !clipped.isEmpty else { return 0 }
    apply(style)
    var wide = clipped.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
    let count = Int32(wide.count)
    wide.append(0)
    mvwaddnwstr(pointer, Int32(row), Int32(column), &wide, count)
    apply(.plain)
    return clipped.displayWidth
  }

  /// Draws spans one after another from `column`, clipped like `put`. Returns the columns drawn.
  @discardableResult
  public func put(_ spans: [StyledSpan], row: Int, column: Int, maxWidth: Int? = nil) -> Int {
    var used = 0
    let limit = maxWidth ?? (rect.width - column)
    for span in spans where used < limit {
      used += put(span.text, row: row, column: column + used, style: span.style,
                  maxWidth: limit - used)
    }
    return used
  }

  /// Fills a row with `style` (e.g. a reverse-video selection bar) before text is drawn on it.
  public func fill(row: Int, style: TextStyle) {
    put(String(repeating: " ", count: rect.width), row: row, column: 0, style: style)
  }

  /// Where the terminal cursor goes when this window is presented as the cursor window.
  public func moveCursor(row: Int, column: Int) {
    wmove(pointer, Int32(min(max(row, 0), rect.height - 1)), Int32(min(max(column, 0), rect.width - 1)))
  }

  /// Copies the window to ncurses' virtual screen (`wnoutrefresh`); `Screen.present` does this.
  func stage() { wnoutrefresh(pointer) }

  func apply(_ style: TextStyle) {
    let pair = isColorEnabled ? (style.color?.rawValue ?? 0) : 0
    discope_wattrset(pointer, style.attributes, pair)
  }
}
