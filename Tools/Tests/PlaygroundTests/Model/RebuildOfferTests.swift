import DIScopeDebug
import Testing
@testable import Playground

/// Issue 44: leaving an attached session offers to rebuild what still holds the session's
/// changes, only to someone who can answer, and only what the app can rebuild.
@Suite struct RebuildOfferTests {
  let holder = HolderToRebuild(
    instance: "WebService#23", token: "t2", service: "WebService", held: "MockLogger#18", heldService: "Logging",
    answeringNow: "t1 ConsoleLogger")

  @Test func anOfferIsMadeOnlyToSomeoneWhoCanAnswerAndOnlyOfWhatCanBeRebuilt() throws {
    let report = LeaveReport(undone: ["UNDONE"], stillHolding: ["LINE"], rebuildable: [holder])
    #expect(RebuildOffer(report: report, canAsk: true)?.holders == [holder])
    #expect(RebuildOffer(report: report, canAsk: false) == nil, "no one to ask: the report says how instead")
    // A holder only said (a parent's singleton a child's registration never reaches): nothing to offer.
    #expect(RebuildOffer(report: LeaveReport(undone: ["UNDONE"], stillHolding: ["LINE"]), canAsk: true) == nil)
    #expect(RebuildOffer(report: nil, canAsk: true) == nil, "the app did not say")
  }

  @Test func theQuestionNamesTheHolderAndWhatItWouldHold() {
    #expect(
      RebuildOffer.question(for: holder)
        == "rebuild WebService#23 (t2) so that it holds the app's own Logging (t1 ConsoleLogger)? [y/N] ")
    var gone = holder
    gone.answeringNow = nil
    #expect(RebuildOffer.question(for: gone).contains("Logging, which nothing answers now? [y/N]"))
  }

  @Test func onlyYesAccepts() {
    for yes in ["y", "Y", "yes", " YES \n"] { #expect(RebuildOffer.isYes(yes), "\(yes)") }
    for no in ["", "n", "no", "maybe", "yy"] { #expect(!RebuildOffer.isYes(no), "\(no)") }
    #expect(!RebuildOffer.isYes(nil), "the end of input declines")
  }

  @Test func offeredTheReportLeavesTheHintToWhatIsDeclined() {
    let app = AppIdentity(name: "shop", pid: 42, executable: "/shop", since: 0, isReadOnly: false, container: "shop")
    let report = LeaveReport(undone: ["UNDONE"], stillHolding: ["LINE"], rebuildable: [holder])
    #expect(report.lines(app: app).contains { $0.hasPrefix("  hint: ") })
    #expect(!report.lines(app: app, offersRebuild: true).contains { $0.hasPrefix("  hint: ") })
    #expect(report.lines(app: app, offersRebuild: true).contains("  LINE"))
  }

}
