/// What a key did to the line editor.
public enum LineEditResult: Hashable, Sendable {
  /// The text or cursor changed (or the key was harmless): redraw.
  case edited
  /// Enter: the line, now recorded in the history; the editor is empty again.
  case submitted(String)
  /// Tab found several completions; the common prefix (if any) was inserted.
  case completions([String])
  /// Ctrl-D on an empty line: the user wants to leave.
  case endOfInput
  /// The key is not an editing key: the caller's key table decides.
  case ignored
}

extension LineEditor {
  /// Applies one key with the usual shell bindings: arrows, Home/End, Backspace/Delete,
  /// Ctrl-A/E/B/F/K/U/W/Y/D, Up/Down for history, Tab for completion, Enter to submit.
  public mutating func handle(_ key: Key) -> LineEditResult {
    switch key {
    case .character(let c): insert(String(c))
    case .left, .control("b"): moveLeft()
    case .right, .control("f"): moveRight()
    case .home, .control("a"): moveToStart()
    case .end, .control("e"): moveToEnd()
    case .backspace: deleteBackward()
    case .delete: deleteForward()
    case .control("d"):
      if isEmpty { return .endOfInput }
      deleteForward()
    case .control("k"): killToEnd()
    case .control("u"): killToStart()
    case .control("w"): killWordBackward()
    case .control("y"): yank()
    case .up:
      if let line = history.previous(from: text) { setText(line) }
    case .down:
      if let line = history.next() { setText(line) }
    case .tab: return complete()
    case .enter:
      let line = text
      history.record(line)
      clear()
      return .submitted(line)
    default: return .ignored
    }
    return .edited
  }
}
