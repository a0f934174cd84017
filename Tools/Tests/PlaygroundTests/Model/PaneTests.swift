import DIScope
import DIScopeDebug
import Dispatch
import Foundation
import Testing
@testable import Playground

/// The panes follow the container's own events.
@Suite struct PaneTests {
  @Test func registrationsShowStacksNewestOnTopWithTheAnsweringEntry() {
    let controller = PlaygroundController.fake()
    controller.enter("register Logger")
    controller.enter("register Logger")
    controller.enter("resolve Logger")
    let lines = controller.texts(.registrations)
    #expect(lines.first == "Logger (2)")
    #expect(lines[1].contains("t2") && lines[1].contains("◀ answers [") && lines[1].contains("holds #"))
    #expect(lines[2].contains("t1") && !lines[2].contains("answers"))
  }

  /// Each registration's row ends with where it was made, when the container knows it; a
  /// command typed made it nowhere in a file, and says nothing.
  @Test func registrationsSayWhereTheyWereMade() throws {
    let container = Container()
    let line = #line + 1
    container.register(Int.self) { _ in 1 }
    container.register(String.self, scope: .prototype) { _ in "" }
    let snapshot = ContainerSnapshot(of: container, describingStale: { _ in "" })
    let lines = RegistrationsPane.lines(for: snapshot.lineage, isASCII: false).map(\.text)
    let int = try #require(lines.first { $0.contains("t1 ") })
    #expect(int.hasSuffix("[singleton] PaneTests.swift:\(line)"), "\(lines)")
    #expect(lines.contains { $0.hasSuffix("[prototype] PaneTests.swift:\(line + 1)") }, "\(lines)")
    let controller = PlaygroundController.fake()
    controller.enter("register Logger")
    #expect(controller.texts(.registrations).last?.hasSuffix("[singleton]") == true)
  }

  /// A row cut at the pane's edge ends in an ellipsis: a number cut short must not read as
  /// another number.
  @Test func aRowTooWideForThePaneEndsInAnEllipsis() {
    let controller = PlaygroundController.fake()
    controller.enter("register Logger")
    controller.enter("resolve Logger")
    let whole = PaneContent.rows(state: controller.state, pane: .registrations, height: 5, showsSelection: false)
      .map { $0.map(\.text).joined() }
    let cut = PaneContent.rows(state: controller.state, pane: .registrations, height: 5, width: 12, showsSelection: false)
      .map { $0.map(\.text).joined() }
    let long = whole.firstIndex { $0.count > 12 } ?? 0
    #expect(whole[long].count > 12)
    #expect(cut[long].hasSuffix("…") && cut[long].count == 12, "\(cut)")
    #expect(cut.allSatisfy { $0.count <= 12 })
  }

  @Test func traceShowsTheNewestResolutionAsATree() {
    let controller = PlaygroundController.fake()
    controller.enter("register Dep")
    controller.enter("register Web")
    controller.enter("resolve Web")
    controller.enter("resolve Web")
    let lines = controller.texts(.trace)
    // Each headed by where it started and who resolved it.
    let headings = lines.filter { $0.hasPrefix("resolve Web  (root#") }
    #expect(headings.count == 2, "\(lines)")
    #expect(headings.allSatisfy { $0.contains(", thread ") && $0.hasSuffix(")") }, "\(headings)")
    #expect(lines.contains { $0.hasPrefix("└─ Dep") && $0.contains("created") })
    #expect(lines.last?.contains("cached") == true)
    #expect(controller.state.trace.resolutionCount == 2)
  }

  @Test func failedResolutionShowsTheError() {
    let controller = PlaygroundController.fake()
    controller.enter("resolve Nothing")
    #expect(controller.texts(.trace).contains { $0.contains("failed") })
    #expect(controller.texts(.transcript).first == "! resolve Nothing")
  }

  @Test func mockTimelineSaysWhatWasShadowedAndUncovered() {
    let controller = PlaygroundController.fake()
    controller.enter("register Logger")
    controller.enter("mock Logger")
    controller.enter("remove t2")
    let lines = controller.texts(.mocks)
    #expect(lines == [
      "+ t2 FakeLogger over Logger (shadows t1 FakeLogger)",
      "- t2 FakeLogger off Logger (uncovers t1 FakeLogger)",
    ])
    #expect(controller.state.visibleLines(of: .registrations)[1].kind == .plain)
  }

  @Test func transcriptIsExactlyTheRecordingAndKeepsBadInputAsComments() {
    let controller = PlaygroundController.fake()
    controller.enter("register Logger")
    controller.enter("resolv Logger")
    #expect(controller.state.transcript.text.hasPrefix("%dis 1\nregister Logger\n  + t1 Logger\n# error: "))
    #expect(controller.unexpectedFailures == 1)
  }

  @Test func aContainerChangeIsFollowed() {
    let controller = PlaygroundController.fake()
    controller.enter("register Logger")
    controller.enter("reset")
    controller.enter("register Web")
    #expect(controller.texts(.registrations).first == "Web")
    #expect(!controller.texts(.registrations).contains("Logger"))
  }

  @Test func wideNamesLineUp() {
    let controller = PlaygroundController.fake()
    controller.enter("register 日本")
    controller.enter("register Log")
    let rows = controller.texts(.registrations).filter { $0.hasPrefix("  t") }
    let columns = rows.map { String($0.prefix { $0 != "[" }).displayWidth }
    #expect(Set(columns).count == 1, "\(rows)")
  }

  /// The bottom row: the status line as wide as its text, the message beside it the rest; a
  /// message too long says so with an ellipsis.
  @Test func theBottomRowGivesTheMessageAllTheStatusDoesNotNeed() {
    let controller = PlaygroundController.fake()
    let notice = "error: cannot write '/proc/nope.dis': No such file or directory, and so on"
    controller.update { $0.notice = notice }
    let status = PlaygroundRenderer.statusWidth(for: controller.state, columns: 100)
    #expect(status == controller.state.statusText.displayWidth + 2)
    let wide = PaneContent.commandLine(state: controller.state, width: 100 - status)
    #expect(wide.spans.map(\.text).joined().hasSuffix(notice))
    let narrow = PaneContent.commandLine(state: controller.state, width: 40)
    let text = narrow.spans.map(\.text).joined()
    #expect(text.hasSuffix("…") && text.displayWidth == 40, "\(text)")
    #expect(
      PlaygroundRenderer.statusWidth(for: controller.state, columns: 40)
        == controller.state.statusText.displayWidth + 2, "the status whole while it fits in half the row")
    controller.update { $0.mode = .navigation }
    let hint = PaneContent.commandLine(state: controller.state, width: 30).spans.map(\.text).joined()
    #expect(hint.hasSuffix("…") && hint.displayWidth == 30, "navigation messages are cut the same way: \(hint)")
  }

  final class Part: Sendable {}
  final class Whole: Sendable {
    let parts: [Part]
    init(_ parts: [Part]) { self.parts = parts }
  }

  /// An app resolving on several threads at once: pane 2 builds each resolution from its own
  /// thread's steps.
  @Test func pane2BuildsEachThreadsResolutionApart() {
    let container = Container()
    container.register(Part.self, scope: .prototype) { _ in
      usleep(100)  // long enough for the threads' steps to interleave
      return Part()
    }
    container.register(Whole.self, scope: .prototype) { r in Whole([try r.resolve(Part.self), try r.resolve(Part.self)]) }
    let feed = ContainerFeed()
    feed.attach(to: container)
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<8 { _ = try? container.resolve(Whole.self) }
    }
    var pane = TracePane()
    for item in feed.drain() {
      pane.apply(item.record)
    }
    let blocks = pane.lines.map(\.text).split(separator: "")
    #expect(blocks.count == 32)
    #expect(blocks.allSatisfy { $0.count == 4 && $0.dropFirst(2).allSatisfy { $0.contains("Part#") } }, "\(blocks.filter { $0.count != 4 }.prefix(2))")
  }

  /// Pane 1 lists the app's live children by name, with how many live and the newest one's own
  /// registrations; pane 2 heads each resolution with where it started and who resolved it.
  @Test func pane1ListsLiveChildrenAndPane2SaysWhereEachResolutionStarted() throws {
    let container = Container(name: "app")
    container.register(Part.self, scope: .prototype) { _ in Part() }
    let feed = ContainerFeed()
    feed.attach(to: container)
    let requests = (0..<2).map { _ in container.makeChild(named: "request") }
    for request in requests { request.register(Whole.self) { r in Whole([try r.resolve(Part.self)]) } }
    _ = try requests[1].resolve(Whole.self)

    var registrations = RegistrationsPane()
    registrations.refresh(from: try #require(feed.snapshot()))
    let lines = registrations.lines.map(\.text)
    #expect(lines.contains("request (2 live, newest request#\(requests[1].number))"), "\(lines)")
    #expect(lines.contains { $0.hasPrefix("    t") && $0.contains("[singleton]") }, "\(lines)")

    var trace = TracePane()
    for item in feed.drain() { trace.apply(item.record) }
    #expect(trace.lines.map(\.text).contains { $0.hasPrefix("resolve Whole  (request#\(requests[1].number), thread ") }, "\(trace.lines.map(\.text))")
    withExtendedLifetime(requests) {}
  }
}
