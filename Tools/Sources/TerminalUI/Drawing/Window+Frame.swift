import CNCurses

extension Window {
  /// The area inside the border, in window coordinates (empty for a one-row title bar).
  public var contentRect: Rect {
    Rect(x: 1, y: 1, width: max(0, rect.width - 2), height: max(0, rect.height - 2))
  }

  /// Draws a box with the title in the top border (`┌ 1 Registrations ───┐`). A focused pane
  /// has a bold border and a reverse-video title, so focus shows without colour. A window one
  /// or two rows high gets a title bar (`─ 2 Resolution trace ───`) instead of a box.
  public func drawFrame(title: String, isFocused: Bool) {
    let border = isFocused ? TextStyle.bold : TextStyle.plain
    if rect.height >= 3 {
      apply(border)
      box(pointer, 0, 0)
      apply(.plain)
    } else {
      apply(border)
      mvwhline(pointer, 0, 0, 0, Int32(rect.width))  // 0: the default line character.
      apply(.plain)
    }
    let titleStyle = isFocused ? TextStyle(isBold: true, isReverse: true) : TextStyle.bold
    put(" \(title) ", row: 0, column: 1, style: titleStyle, maxWidth: max(0, rect.width - 2))
  }

  /// Draws `lines` inside the border from content row `first` on, one span list a row,
  /// clipped to the content area. Rows past the content area are not drawn.
  public func drawContent(_ lines: [[StyledSpan]], firstRow: Int = 0) {
    let area = contentRect
    for (offset, line) in lines.enumerated() where offset + firstRow < area.height {
      put(line, row: area.y + firstRow + offset, column: area.x, maxWidth: area.width)
    }
  }
}

extension Screen {
  /// Shows the windows at once: `wnoutrefresh` on each in order, the cursor window last (so the
  /// cursor sits on the command line), then one `doupdate()`. The cursor window also becomes the
  /// window keys are read from.
  ///
  /// ```swift
  /// commandLine.moveCursor(row: 0, column: prompt.displayWidth + view.cursorColumn)
  /// screen.present([pane1, pane2, pane3, pane4, status], cursorIn: commandLine)
  /// ```
  public func present(_ windows: [Window], cursorIn cursorWindow: Window) {
    if needsFullRepaint {
      // A message was drawn on stdscr: blank it, and copy every window in full over it.
      werase(discope_stdscr())
      wnoutrefresh(discope_stdscr())
      for window in windows + [cursorWindow] { touchwin(window.pointer) }
      needsFullRepaint = false
    }
    for window in windows where window !== cursorWindow { window.stage() }
    cursorWindow.stage()
    inputWindow = cursorWindow
    doupdate()
  }

  /// Makes the next `present` clear the terminal and send every character again (Ctrl-L): what
  /// ncurses believes is shown may not be, after another program wrote to the terminal.
  public func repaintEverythingNext() {
    clearok(discope_curscr(), true)
  }

  /// Clears the screen and shows one centred message (for a terminal below the minimum size).
  public func presentMessage(_ message: String) {
    let stdscr = discope_stdscr()
    werase(stdscr)
    let size = size
    let lines = wrap(message, width: max(1, size.columns))
    let top = max(0, (size.rows - lines.count) / 2)
    for (offset, line) in lines.enumerated() where top + offset < size.rows {
      var wide = line.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
      let column = max(0, (size.columns - line.displayWidth) / 2)
      mvwaddnwstr(stdscr, Int32(top + offset), Int32(column), &wide, Int32(wide.count - 1))
    }
    wnoutrefresh(stdscr)
    doupdate()
    needsFullRepaint = true
  }

  private func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ").map(String.init) {
      let candidate = current.isEmpty ? word : current + " " + word
      if candidate.displayWidth <= width || current.isEmpty {
        current = candidate.truncated(toWidth: width)
      } else {
        lines.append(current)
        current = word.truncated(toWidth: width)
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}
