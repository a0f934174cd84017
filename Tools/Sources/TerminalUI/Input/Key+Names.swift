extension Key: CustomStringConvertible {
  /// The key as help text writes it: `a`, `Ctrl-C`, `Shift-Tab`, `PgUp`, `F1`, `Space`.
  public var description: String {
    switch self {
    case .character(" "): "Space"
    case .character(let c): String(c)
    case .control(let c): "Ctrl-\(c.uppercased())"
    case .enter: "Enter"
    case .tab: "Tab"
    case .backTab: "Shift-Tab"
    case .escape: "Esc"
    case .backspace: "Backspace"
    case .delete: "Delete"
    case .insert: "Insert"
    case .up: "Up"
    case .down: "Down"
    case .left: "Left"
    case .right: "Right"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .home: "Home"
    case .end: "End"
    case .function(let n): "F\(n)"
    case .resize: "Resize"
    case .timeout: "Timeout"
    case .unknown(let code): "Key(\(code))"
    }
  }
}
