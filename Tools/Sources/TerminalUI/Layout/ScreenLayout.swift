/// How the panes are arranged on the screen.
public enum PaneArrangement: String, Hashable, Sendable {
  /// Two columns, panes in reading order (1 top-left, 2 top-right, 3 bottom-left, …).
  case grid
  /// One column, every pane tall enough for a few lines.
  case stacked
  /// One column on a short terminal: the focused pane takes the room and the others shrink to
  /// one-row title bars.
  case stackedCollapsed
  /// The focused pane takes the whole pane area; the others are hidden.
  case zoomed
}

/// Where one pane goes.
public struct PaneFrame: Hashable, Sendable {
  /// The pane's position in the list given to the layout (0-based).
  public var index: Int
  public var rect: Rect
  /// A one-row pane that has room for its title only (drawn as a title bar, not a box).
  public var isCollapsed: Bool { rect.height < 3 }

  public init(index: Int, rect: Rect) {
    self.index = index
    self.rect = rect
  }
}

/// The rectangles of a full screen: panes, the command line and the status line (both on the
/// bottom row, the status on the right).
public struct PaneLayout: Hashable, Sendable {
  public var size: TerminalSize
  public var arrangement: PaneArrangement
  /// The visible panes, in pane order; hidden panes (when zoomed) are absent.
  public var panes: [PaneFrame]
  public var commandLine: Rect
  public var statusLine: Rect
  /// The rows above the command line kept for prose (a lesson's), full width; `nil` for none.
  public var prose: Rect?

  /// The frame of pane `index`, or nil when it is hidden.
  public func frame(ofPane index: Int) -> PaneFrame? {
    panes.first { $0.index == index }
  }
}

/// The result of laying out a terminal: either the full screen or, below the minimum size, a
/// single message.
public enum ScreenLayout: Hashable, Sendable {
  case panes(PaneLayout)
  case tooSmall(size: TerminalSize, message: String)
}
