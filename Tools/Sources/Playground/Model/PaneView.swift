/// How one pane is being looked at: scroll position, the selected row, a filter, folded groups.
///
/// While `isFollowing`, the pane keeps its newest content in view (the tail of the transcript and
/// of the mock timeline, the start of the newest resolution); scrolling stops following, `End`
/// starts again.
public struct PaneView: Hashable, Sendable {
  /// Where newest content appears when following.
  public enum Anchor: Hashable, Sendable {
    /// Show the top (registrations).
    case top
    /// Show the last lines (transcript, mock timeline).
    case tail
    /// Show the start of the last group (the newest resolution).
    case lastGroup
  }

  public var anchor: Anchor
  /// The first visible row, when not following.
  public var top = 0
  /// The selected row (an index into the visible lines).
  public var selection = 0
  public var isFollowing = true
  /// Lines must contain this (case-insensitive) to show; headings of matching groups stay.
  public var filter = ""
  /// Groups shown as their heading only.
  public var folded: Set<Int> = []

  public init(anchor: Anchor) { self.anchor = anchor }

  /// The lines after the filter and folding.
  public func visibleLines(of lines: [PaneLine]) -> [PaneLine] {
    var result = lines
    if !filter.isEmpty {
      let needle = filter.lowercased()
      let matching = Set(lines.filter { $0.text.lowercased().contains(needle) }.map(\.group))
      result = lines.filter {
        $0.text.lowercased().contains(needle) || ($0.isGroupHeading && matching.contains($0.group))
      }
      if result.isEmpty {
        // An empty pane would look like an empty container: say that the filter hides it all.
        return [PaneLine("(no line matches /\(filter); Esc clears the filter)", kind: .secondary)]
      }
    }
    if !folded.isEmpty {
      result = result.compactMap { line in
        guard folded.contains(line.group) else { return line }
        guard line.isGroupHeading else { return nil }
        return PaneLine(line.text + " …", kind: line.kind, group: line.group, isGroupHeading: true)
      }
    }
    return result
  }

  /// The first row to draw for `count` visible lines in `height` rows.
  public func firstRow(count: Int, height: Int, lines visible: [PaneLine]) -> Int {
    let maximum = max(0, count - height)
    guard isFollowing else { return min(max(0, top), maximum) }
    switch anchor {
    case .top: return 0
    case .tail: return maximum
    case .lastGroup:
      let start = visible.lastIndex { $0.isGroupHeading } ?? 0
      return min(start, maximum)
    }
  }

  /// The row of the newest content, which is the selection while following: the last line of a
  /// tail, the heading of the last group, the first row of a pane anchored at its top.
  public func newestRow(count: Int, lines visible: [PaneLine]) -> Int {
    switch anchor {
    case .top: 0
    case .tail: max(0, count - 1)
    case .lastGroup: visible.lastIndex { $0.isGroupHeading } ?? 0
    }
  }

  /// The selected row: the newest while following.
  public func selectedRow(count: Int, lines visible: [PaneLine]) -> Int {
    isFollowing ? newestRow(count: count, lines: visible) : selection
  }

  /// Scrolls by `delta` rows (negative is up), moving the selection with it. Scrolling a tail
  /// back down to its end follows it again.
  public mutating func scroll(by delta: Int, count: Int, height: Int, lines visible: [PaneLine]) {
    let current = firstRow(count: count, height: height, lines: visible)
    selection = selectedRow(count: count, lines: visible)
    isFollowing = false
    let maximum = max(0, count - height)
    top = min(max(0, current + delta), maximum)
    selection = min(max(top, selection + delta), max(0, count - 1))
    if selection < top || selection >= top + height { selection = top }
    if anchor == .tail && delta > 0 && top == maximum { follow() }
  }

  /// Moves the selection by `delta`, scrolling to keep it in view.
  public mutating func moveSelection(by delta: Int, count: Int, height: Int, lines visible: [PaneLine]) {
    let current = firstRow(count: count, height: height, lines: visible)
    selection = selectedRow(count: count, lines: visible)
    isFollowing = false
    top = current
    selection = min(max(0, selection + delta), max(0, count - 1))
    if selection < top { top = selection }
    if selection >= top + height { top = selection - height + 1 }
  }

  /// Back to the newest content.
  public mutating func follow() {
    isFollowing = true
    top = 0
  }

  /// To the first line.
  public mutating func goToTop() {
    isFollowing = false
    top = 0
    selection = 0
  }
}
