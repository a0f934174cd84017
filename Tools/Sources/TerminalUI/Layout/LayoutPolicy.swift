/// The sizes that decide the arrangement. The defaults keep 40x12, 80x24 and 250x70 working.
///
/// ```swift
/// let layout = LayoutPolicy().layout(
///   size: TerminalSize(columns: 80, rows: 24), paneCount: 4, focusedPane: 0, isZoomed: false)
/// if case .panes(let panes) = layout { print(panes.arrangement) }  // grid
/// ```
public struct LayoutPolicy: Hashable, Sendable {
  /// Below this size only a message is shown.
  public var minimumSize = TerminalSize(columns: 40, rows: 12)
  /// The grid needs this many columns; narrower terminals stack the panes.
  public var minimumGridColumns = 80
  /// Each pane of the grid and of the plain stack needs this many rows (borders included).
  public var minimumPaneRows = 4
  /// The share of the width given to the left column of the grid, in percent.
  public var leftColumnPercent = 40
  /// The most the left column widens to for content that wants it, in percent.
  public var maximumLeftColumnPercent = 45
  /// What the right column keeps at least when the left one widens.
  public var minimumRightColumns = 60
  /// The widest the status line gets; it never takes more than half of the bottom row.
  public var maximumStatusWidth = 40

  public init() {}

  /// Lays out `paneCount` panes on a terminal of `size`. The status line on the bottom row is
  /// `statusWidth` columns when given (at most half the row), so that the command line to its
  /// left gets all the rest; otherwise `maximumStatusWidth`.
  /// `leftContentWidth`, the widest line the grid's left column (its first pane) has to show,
  /// widens that column up to `maximumLeftColumnPercent`, so that a wide terminal shows it whole.
  ///
  /// `proseRows` rows above the bottom row are kept for prose, full width, as many as the panes
  /// can spare: they keep at least a row each.
  public func layout(
    size: TerminalSize, paneCount: Int, focusedPane: Int, isZoomed: Bool, statusWidth: Int? = nil,
    leftContentWidth: Int? = nil, proseRows: Int = 0
  ) -> ScreenLayout {
    guard size.columns >= minimumSize.columns, size.rows >= minimumSize.rows, paneCount > 0
    else {
      return .tooSmall(size: size, message: tooSmallMessage(for: size))
    }
    let focused = min(max(focusedPane, 0), paneCount - 1)
    let prose = min(max(0, proseRows), size.rows - 1 - paneCount)
    let area = Rect(x: 0, y: 0, width: size.columns, height: size.rows - 1 - prose)
    let statusWidth = min(max(1, statusWidth ?? maximumStatusWidth), size.columns / 2)
    let commandLine = Rect(
      x: 0, y: size.rows - 1, width: size.columns - statusWidth, height: 1)
    let statusLine = Rect(
      x: commandLine.maxX, y: size.rows - 1, width: statusWidth, height: 1)
    let (arrangement, panes) = arrange(
      area: area, paneCount: paneCount, focused: focused, isZoomed: isZoomed,
      leftContentWidth: leftContentWidth)
    return .panes(
      PaneLayout(
        size: size, arrangement: arrangement, panes: panes, commandLine: commandLine,
        statusLine: statusLine,
        prose: prose > 0 ? Rect(x: 0, y: area.maxY, width: size.columns, height: prose) : nil))
  }

  /// The single line shown below the minimum size.
  public func tooSmallMessage(for size: TerminalSize) -> String {
    "Terminal too small: \(size) (needs \(minimumSize)). Enlarge it or press Ctrl-C to quit."
  }

  private func arrange(area: Rect, paneCount: Int, focused: Int, isZoomed: Bool, leftContentWidth: Int?)
    -> (PaneArrangement, [PaneFrame])
  {
    if isZoomed || paneCount == 1 {
      return (.zoomed, [PaneFrame(index: focused, rect: area)])
    }
    let gridRows = (paneCount + 1) / 2
    if area.width >= minimumGridColumns, area.height >= gridRows * minimumPaneRows {
      return (.grid, grid(area: area, paneCount: paneCount, rows: gridRows, leftContentWidth: leftContentWidth))
    }
    if area.height >= paneCount * minimumPaneRows {
      let heights = split(area.height, into: paneCount)
      return (.stacked, column(area: area, heights: heights))
    }
    var heights = Array(repeating: 1, count: paneCount)
    heights[focused] = area.height - (paneCount - 1)
    return (.stackedCollapsed, column(area: area, heights: heights))
  }

  private func grid(area: Rect, paneCount: Int, rows: Int, leftContentWidth: Int?) -> [PaneFrame] {
    let standard = area.width * leftColumnPercent / 100
    let widest = area.width * maximumLeftColumnPercent / 100
    // The content, and its frame's two borders.
    let leftWidth = max(standard, min((leftContentWidth ?? 0) + 2, widest, area.width - minimumRightColumns))
    let heights = split(area.height, into: rows)
    var frames: [PaneFrame] = []
    var y = area.y
    for row in 0..<rows {
      for column in 0..<2 where row * 2 + column < paneCount {
        let index = row * 2 + column
        let isLastAlone = index == paneCount - 1 && column == 0
        let x = column == 0 ? area.x : area.x + leftWidth
        let width = isLastAlone ? area.width : (column == 0 ? leftWidth : area.width - leftWidth)
        frames.append(PaneFrame(index: index, rect: Rect(x: x, y: y, width: width, height: heights[row])))
      }
      y += heights[row]
    }
    return frames
  }

  private func column(area: Rect, heights: [Int]) -> [PaneFrame] {
    var y = area.y
    return heights.enumerated().map { index, height in
      defer { y += height }
      return PaneFrame(index: index, rect: Rect(x: area.x, y: y, width: area.width, height: height))
    }
  }

  /// `total` split into `parts` sizes that differ by at most one, larger ones first.
  private func split(_ total: Int, into parts: Int) -> [Int] {
    (0..<parts).map { total / parts + ($0 < total % parts ? 1 : 0) }
  }
}
