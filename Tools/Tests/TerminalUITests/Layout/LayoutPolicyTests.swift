import Testing
import TerminalUI

@Suite struct LayoutPolicyTests {
  let policy = LayoutPolicy()

  func panes(_ columns: Int, _ rows: Int, focused: Int = 0, zoomed: Bool = false,
             sourceLocation: SourceLocation = #_sourceLocation) throws -> PaneLayout {
    let layout = policy.layout(size: TerminalSize(columns: columns, rows: rows), paneCount: 4,
                               focusedPane: focused, isZoomed: zoomed)
    guard case .panes(let panes) = layout else {
      Issue.record("expected panes for \(columns)x\(rows), got \(layout)",
                   sourceLocation: sourceLocation)
      throw LayoutMismatch()
    }
    return panes
  }

  struct LayoutMismatch: Error {}

  /// Every layout: panes inside the pane area, no overlaps, the area covered exactly, the
  /// command line and status on the bottom row side by side.
  func checkInvariants(_ layout: PaneLayout, sourceLocation: SourceLocation = #_sourceLocation) {
    let size = layout.size
    let area = Rect(x: 0, y: 0, width: size.columns, height: size.rows - 1)
    for pane in layout.panes {
      #expect(area.contains(pane.rect), "\(pane) outside \(area)", sourceLocation: sourceLocation)
      #expect(pane.rect.height >= 1 && pane.rect.width >= 1, sourceLocation: sourceLocation)
    }
    for (i, a) in layout.panes.enumerated() {
      for b in layout.panes[(i + 1)...] {
        #expect(!a.rect.intersects(b.rect), "\(a) overlaps \(b)", sourceLocation: sourceLocation)
      }
    }
    let covered = layout.panes.map { $0.rect.width * $0.rect.height }.reduce(0, +)
    #expect(covered == area.width * area.height, sourceLocation: sourceLocation)
    #expect(layout.commandLine.y == size.rows - 1 && layout.statusLine.y == size.rows - 1,
            sourceLocation: sourceLocation)
    #expect(layout.commandLine.x == 0 && layout.commandLine.maxX == layout.statusLine.x,
            sourceLocation: sourceLocation)
    #expect(layout.statusLine.maxX == size.columns, sourceLocation: sourceLocation)
    #expect(layout.commandLine.width >= size.columns / 2, sourceLocation: sourceLocation)
  }

  @Test func wideTerminalIsAGridInReadingOrder() throws {
    let layout = try panes(80, 24)
    #expect(layout.arrangement == .grid)
    checkInvariants(layout)
    #expect(layout.panes.map(\.index) == [0, 1, 2, 3])
    let rects = layout.panes.map(\.rect)
    #expect(rects[0] == Rect(x: 0, y: 0, width: 32, height: 12))
    #expect(rects[1] == Rect(x: 32, y: 0, width: 48, height: 12))
    #expect(rects[2] == Rect(x: 0, y: 12, width: 32, height: 11))
    #expect(rects[3] == Rect(x: 32, y: 12, width: 48, height: 11))
    #expect(layout.statusLine.width == 40)
  }

  @Test func hugeTerminalIsAGrid() throws {
    let layout = try panes(250, 70)
    #expect(layout.arrangement == .grid)
    checkInvariants(layout)
    #expect(layout.statusLine.width == 40)
  }

  @Test func narrowTerminalStacksThePanes() throws {
    let layout = try panes(60, 30)
    #expect(layout.arrangement == .stacked)
    checkInvariants(layout)
    #expect(layout.panes.allSatisfy { $0.rect.width == 60 && !$0.isCollapsed })
    #expect(layout.panes.map(\.rect.y) == [0, 8, 15, 22])
  }

  @Test(arguments: [0, 1, 2, 3])
  func smallestTerminalGivesTheFocusedPaneTheRoom(focused: Int) throws {
    let layout = try panes(40, 12, focused: focused)
    #expect(layout.arrangement == .stackedCollapsed)
    checkInvariants(layout)
    for pane in layout.panes {
      #expect(pane.isCollapsed == (pane.index != focused))
    }
    #expect(layout.frame(ofPane: focused)?.rect.height == 8)
  }

  @Test(arguments: [(40, 12), (80, 24), (250, 70), (60, 30)])
  func zoomGivesTheFocusedPaneTheWholeArea(columns: Int, rows: Int) throws {
    let layout = try panes(columns, rows, focused: 2, zoomed: true)
    #expect(layout.arrangement == .zoomed)
    #expect(layout.panes == [PaneFrame(index: 2, rect: Rect(x: 0, y: 0, width: columns, height: rows - 1))])
    checkInvariants(layout)
  }

  @Test(arguments: [(39, 12), (40, 11), (10, 3), (0, 0)])
  func belowTheMinimumOnlyAMessage(columns: Int, rows: Int) {
    let size = TerminalSize(columns: columns, rows: rows)
    let layout = policy.layout(size: size, paneCount: 4, focusedPane: 0, isZoomed: false)
    guard case .tooSmall(let reported, let message) = layout else {
      Issue.record("expected too small, got \(layout)")
      return
    }
    #expect(reported == size)
    #expect(message.contains("\(columns)x\(rows)") && message.contains("40x12"))
  }

  @Test func everySizeFromTheMinimumUpKeepsTheInvariants() throws {
    for columns in stride(from: 40, through: 250, by: 7) {
      for rows in stride(from: 12, through: 70, by: 5) {
        for zoomed in [false, true] {
          checkInvariants(try panes(columns, rows, focused: columns % 4, zoomed: zoomed))
        }
      }
    }
  }

  @Test func outOfRangeFocusIsClamped() throws {
    let layout = try panes(40, 12, focused: 9)
    #expect(layout.frame(ofPane: 3)?.isCollapsed == false)
  }
}
