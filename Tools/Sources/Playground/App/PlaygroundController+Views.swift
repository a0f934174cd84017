import DIScope
import DisScript
import Foundation
import TerminalUI

/// Scrolling, folding, filtering and the help overlay.
extension PlaygroundController {
  func height(of pane: PaneID) -> Int { max(1, state.paneHeights[pane] ?? 10) }

  func moveSelection(by delta: Int) {
    let pane = state.focus
    let visible = state.visibleLines(of: pane)
    let height = height(of: pane)
    update { $0.views[pane]?.moveSelection(by: delta, count: visible.count, height: height, lines: visible) }
  }

  func scroll(byPages pages: Int) {
    if case .help(let top) = state.overlay {
      update { $0.overlay = .help(top: Self.helpTop(top + pages * $0.helpPage, in: $0)) }
      return
    }
    let pane = state.focus
    let visible = state.visibleLines(of: pane)
    let height = height(of: pane)
    update {
      $0.views[pane]?.scroll(by: pages * max(1, height - 1), count: visible.count, height: height, lines: visible)
    }
  }

  /// Enter in navigation mode. A row cut at the pane's edge is shown whole (a 300-character
  /// command of pane 4 too, output or not): what Enter on a cut row is for. A row shown whole
  /// folds or unfolds its group when it heads one (`h`/`l` do that on any row, cut or not); any
  /// other row is shown whole as well, on the bottom row. A registration of pane 1 is explained.
  func expandSelectedRow() {
    let pane = state.focus
    let visible = state.visibleLines(of: pane)
    let view = state.view(of: pane)
    let row = view.selectedRow(count: visible.count, lines: visible)
    guard visible.indices.contains(row) else { return }
    let line = visible[row]
    if pane == .registrations, !line.isGroupHeading, let service = line.service,
      let explanation = worker.view.explanation(of: service)
    {
      // A registration: why its service resolves as it does.
      update { $0.overlay = .explanation(title: explanation.title, lines: explanation.lines) }
      return
    }
    let isCut = state.paneWidths[pane].map { line.text.displayWidth > $0 } ?? false
    if line.isGroupHeading && pane != .mocks && !isCut {
      update { state in
        if state.views[pane]?.folded.remove(line.group) == nil { state.views[pane]?.folded.insert(line.group) }
      }
    } else {
      // On the bottom row when it fits there whole (beside what the row shows with it, a
      // replay's next step); otherwise whole, wrapped, over the panes.
      let text = line.text.trimmingCharacters(in: .whitespaces)
      var preview = state
      preview.notice = text
      preview.overlay = nil
      var fits = true
      if let columns = state.bottomRowWidth {
        let width = columns - PlaygroundRenderer.statusWidth(for: preview, columns: columns)
        let shown = PaneContent.commandLine(state: preview, width: width).spans.map(\.text).joined()
        fits = shown.hasSuffix(text) || (shown.contains(text) && !shown.hasSuffix("…"))
      }
      update {
        $0.overlay = fits ? nil : .wholeLine(text)
        // An error line stays one, by its kind.
        if line.kind == .error { $0.showErrorLine(text) } else { $0.notice = text }
      }
    }
  }

  /// `h`/`l` (Left/Right) in navigation mode: folds or unfolds the group of the selected row (a
  /// stack, a resolution, a command and its output), from any of its rows; the selection goes
  /// to the group's heading, which stays. Pane 3 and a group of one row have nothing to fold.
  func setSelectedGroup(isFolded: Bool) {
    let pane = state.focus
    let visible = state.visibleLines(of: pane)
    let view = state.view(of: pane)
    let row = view.selectedRow(count: visible.count, lines: visible)
    guard pane != .mocks, visible.indices.contains(row) else { return }
    let group = visible[row].group
    let lines = state.lines(of: pane)
    guard lines.filter({ $0.group == group }).count > 1 else {
      if isFolded { update { $0.notice = "nothing to fold: this row has no lines under it" } }
      return
    }
    update {
      if isFolded { $0.views[pane]?.folded.insert(group) } else { $0.views[pane]?.folded.remove(group) }
    }
    guard !view.isFollowing else { return }
    let shown = state.visibleLines(of: pane)
    guard let heading = shown.firstIndex(where: { $0.group == group && $0.isGroupHeading }) else { return }
    let height = height(of: pane)
    update {
      $0.views[pane]?.selection = heading
      $0.views[pane]?.moveSelection(by: 0, count: shown.count, height: height, lines: shown)
    }
  }

  func handleHelp(_ key: Key, top: Int) -> KeyOutcome {
    switch key {
    case .escape, .character("q"), .character("?"), .enter: update { $0.overlay = nil }
    case .up, .character("k"): update { $0.overlay = .help(top: max(0, top - 1)) }
    case .down, .character("j"): update { $0.overlay = .help(top: min(top + 1, max(0, $0.shownHelpLines.count - 1))) }
    case .pageUp: update { $0.overlay = .help(top: Self.helpTop(top - $0.helpPage, in: $0)) }
    case .pageDown, .character(" "): update { $0.overlay = .help(top: Self.helpTop(top + $0.helpPage, in: $0)) }
    case .home, .character("g"): update { $0.overlay = .help(top: 0) }
    case .end, .character("G"): update { $0.overlay = .help(top: Self.helpTop(Int.max, in: $0)) }
    case .ctrl("c"):
      update { $0.overlay = nil }
      return handle(key)
    default: break
    }
    return .continue
  }

  func handleFilter(_ key: Key, editor: LineEditor) -> KeyOutcome {
    let pane = state.focus
    switch key {
    case .escape:
      update {
        $0.overlay = nil
        $0.views[pane]?.filter = ""
      }
    case .enter:
      update { $0.overlay = nil }
    case .ctrl("c"):
      update { $0.overlay = nil }
      return handle(key)
    default:
      var editor = editor
      _ = editor.handle(key)
      update {
        $0.overlay = .filter(editor)
        $0.views[pane]?.filter = editor.text
        $0.views[pane]?.follow()
      }
    }
    return .continue
  }

  /// `top` kept within the help: from its first line to where its last page starts.
  static func helpTop(_ top: Int, in state: PlaygroundState) -> Int {
    max(0, min(top, state.shownHelpLines.count - state.helpPage))
  }
}

extension PlaygroundState {
  /// How far PgUp and PgDn move the help: a page of what it shows.
  var helpPage: Int { max(1, overlayPageHeight ?? 10) }
}
