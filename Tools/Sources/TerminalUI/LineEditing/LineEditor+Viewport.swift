/// The part of the line that fits on screen and where the cursor goes in it.
public struct LineViewport: Hashable, Sendable {
  /// The visible text (at most the width given, in columns).
  public var text: String
  /// The cursor's column within `text`.
  public var cursorColumn: Int

  public init(text: String, cursorColumn: Int) {
    self.text = text
    self.cursorColumn = cursorColumn
  }
}

extension LineEditor {
  /// The slice of the line to draw in `width` columns (after any prompt), scrolled so the cursor
  /// is visible and, when possible, the line's end too. Wide characters count two columns.
  ///
  /// ```swift
  /// let view = editor.viewport(width: 20)
  /// window.put(view.text, row: 0, column: prompt.displayWidth)
  /// ```
  public func viewport(width: Int) -> LineViewport {
    guard width > 1 else { return LineViewport(text: "", cursorColumn: 0) }
    let widths = characters.map { DisplayWidth.columns(of: $0) }
    let beforeCursor = widths[..<cursor].reduce(0, +)
    // Keep one column free for the cursor when it sits at the end.
    var start = 0
    var used = beforeCursor
    while used > width - 1, start < cursor {
      used -= widths[start]
      start += 1
    }
    var end = start
    var shown = 0
    while end < characters.count, shown + widths[end] <= width {
      shown += widths[end]
      end += 1
    }
    return LineViewport(text: String(characters[start..<end]), cursorColumn: used)
  }
}
