import DIScopeDebug
import Foundation
import Testing
@testable import Playground

/// Issue 44: the panes and the leave report never claim "none" or "as it was" on what is not known
/// or not so. The records come as the server sends them; their lines are the server's, passed through.
@Suite struct HolderKnowledgePaneTests {
  func record(_ token: String, _ implementation: String, isMock: Bool = false) throws -> RegistrationRecord {
    let json = """
      {"token": "\(token)", "service": "Logging", "implementationName": "\(implementation)", "scope": "singleton",
       "isCaching": true, "isMock": \(isMock), "container": "shop", "stackDepth": 0, "cachedInstanceNumber": 2}
      """
    return try JSONDecoder().decode(RegistrationRecord.self, from: Data(json.utf8))
  }

  @Test func paneOneMarksARowWhoseHoldingsAreUnknown() throws {
    let lineage: [ContainerSnapshot.Level] = [
      .init(name: "shop", stacks: [.init(service: "Web", registrations: [try record("t2", "Web")])])
    ]
    let unknown = RegistrationsPane.lines(for: lineage, isASCII: false, untrackedHolders: ["t2"]).map(\.text)
    #expect(unknown.contains { $0.contains("t2 Web") && $0.hasSuffix("(what it holds: unknown)") }, "\(unknown)")
    let known = RegistrationsPane.lines(for: lineage, isASCII: false).map(\.text)
    #expect(!known.contains { $0.contains("unknown") }, "\(known)")
  }

  @Test func paneThreeNotesUnknownHoldersOnceAfterASwap() throws {
    var timeline = MockTimeline()
    let untracked = [ContainerSnapshot.Untracked(holderToken: "t2", line: "LINE")]
    timeline.note(untracked: untracked)
    #expect(timeline.lines.isEmpty, "no swap yet: nothing changed what they hold")
    timeline.apply(.mockPushed(try record("t7", "MockLogger", isMock: true), shadowing: nil))
    timeline.note(untracked: untracked)
    timeline.note(untracked: untracked)
    #expect(timeline.lines.filter { $0.text.hasSuffix("LINE") }.count == 1, "\(timeline.lines.map(\.text))")
  }

  @Test func leavingIsAsItWasOnlyWhenNothingStillHoldsWhatTheSessionPutIn() {
    let app = AppIdentity(name: "shop", pid: 42, executable: "/shop", since: 0, isReadOnly: false, container: "shop")
    let clean = LeaveReport(undone: ["UNDONE"]).lines(app: app)
    #expect(clean.first == "left shop (pid 42) as it was: undone, newest first:", "\(clean)")
    let holding = LeaveReport(undone: ["UNDONE"], stillHolding: ["HOLDER"]).lines(app: app)
    #expect(!holding.contains { $0.contains("as it was") }, "\(holding)")
    #expect(holding.first == "left shop (pid 42): undone, newest first:", "\(holding)")
    #expect(holding.contains("  HOLDER"), "\(holding)")
    #expect(holding.contains { $0.hasPrefix("  hint: ") }, "\(holding)")
  }
}
