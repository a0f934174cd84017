import Foundation
import TerminalTesting
import Testing

/// `discope attach` to a server app serving requests in child containers (`example-server
/// --requests`): the whole app is visible. Its live children show in pane 1 and `show stacks`
/// and can be entered; `#N` names its objects among what lives, and says when one is gone; `show
/// trace` and pane 2 say where each resolution started and who resolved it; its types answer to
/// their module-qualified names.
@Suite(.serialized, .enabled(if: AttachBinaries.isReady, "example-server or discope is not built"))
struct AppVisibleEndToEndTests {
  func run(_ tmux: TmuxSession, _ command: String) throws {
    try tmux.type(command)
    try tmux.press("Enter")
  }

  /// The number after `prefix` in `text` (`NoticeManager#` in `NoticeManager#57 created`).
  func number(after prefix: String, in text: String) -> Int? {
    guard let range = text.range(of: prefix, options: .backwards) else { return nil }
    return Int(text[range.upperBound...].prefix { $0.isNumber })
  }

  @Test(.enabled(if: AttachBinaries.isReadyInTmux, "tmux is missing"))
  func liveChildrenTracesAndInstanceNumbersInTheTerminal() throws {
    let app = try ServedApp(extraArguments: ["--requests"])
    defer { app.close() }
    let tmux = try TmuxSession(
      command: AttachBinaries.shell("attach '\(app.socketPath)'", in: app.directory), columns: 140, rows: 40)
    defer { tmux.close() }
    try tmux.waitFor("attached", timeout: .seconds(60)) { $0.contains("CMD LIVE shop:\(app.pid)") }

    // Pane 1: the requests' children, by name, with how many live and their own registrations.
    try tmux.waitFor("the live requests in pane 1", timeout: .seconds(60)) {
      let pane = Panes.registrations($0)
      return pane.contains("live children") && pane.contains(" live, newest request#") && pane.contains("RequestID")
    }
    // Pane 2: each resolution says where it started and who resolved it.
    try tmux.waitFor("a request's resolution with its origin in pane 2", timeout: .seconds(60)) {
      let trace = Panes.trace($0)
      return trace.contains("resolve RequestHandler  (request#") && trace.contains(", thread ")
    }

    // `container use request` enters the newest live one; its own registration answers there.
    try run(tmux, "container use request")
    var screen = try tmux.waitFor("the request entered", timeout: .seconds(60)) {
      Panes.transcript($0).contains("(child of shop) is current")
    }
    #expect(!Panes.transcript(screen).contains("no container named"), "\(screen)")
    try run(tmux, "show stacks RequestID")
    screen = try tmux.waitFor("the request's own stack", timeout: .seconds(60)) {
      Panes.transcript($0).contains("RequestID") && Panes.transcript($0).contains("[singleton]")
    }
    try run(tmux, "container use shop")
    try tmux.waitFor("back in the app's root", timeout: .seconds(60)) {
      Panes.transcript($0).contains("container shop is current")
    }

    // `show trace`: the app's own recent resolutions, each with its origin.
    try run(tmux, "show trace")
    try tmux.waitFor("the app's resolutions in show trace", timeout: .seconds(60)) {
      let transcript = Panes.transcript($0)
      return transcript.contains("request#") && transcript.contains(", thread ") && !transcript.contains("no resolution yet")
    }

    // `#N` of a cached instance works as locally; a module-qualified name is a service name.
    try run(tmux, "expect #4.webService = #2")
    try run(tmux, "resolve ExampleApp.NoticeManager")
    screen = try tmux.waitFor("the prototype resolved", timeout: .seconds(60)) {
      Panes.transcript($0).contains("created t5 [prototype]")
    }
    // A failed command is marked `!` in the transcript: the expectation held.
    #expect(Panes.transcript(screen).contains("expect #4.webService = #2"), "\(screen)")
    #expect(!Panes.transcript(screen).contains("! expect #4"), "\(screen)")
    #expect(!Panes.transcript(screen).contains("unknown service"), "\(screen)")
    // The prototype the command built is the app's: the session kept none of it.
    let built = try #require(number(after: "NoticeManager#", in: Panes.transcript(screen)), "\(screen)")
    try run(tmux, "expect #\(built).webService = #2")
    try tmux.waitFor("the prototype gone", timeout: .seconds(60)) {
      $0.replacingOccurrences(of: "\n", with: " ").contains("#\(built) is gone (released)")
    }

    try run(tmux, ":quit")
    try tmux.waitFor("the playground ended", timeout: .seconds(60)) { $0.contains("[exit 0]") }
    #expect(app.isRunning, "\(app.describe())")
  }

  @Test func theLineREPLEntersARequestAndTracesTheApp() throws {
    let app = try ServedApp(extraArguments: ["--requests"])
    defer { app.close() }
    // Requests serve two at a time, each for 300 ms: one is always alive. The children listed are
    // those made since a client first watched: the commands come a second after attaching.
    // `show trace` a second later: the app's threads resolved meanwhile.
    let input = "show stacks\ncontainer use request\nresolve RequestHandler\ncontainer use shop\n"
    let result = try SpawnedCommand.run(
      [
        "/bin/sh", "-c",
        "{ sleep 1; printf '%s' '\(input)'; sleep 1; printf 'show trace\\n'; } | '\(AttachBinaries.discope!)' attach '\(app.socketPath)' --repl",
      ],
      environment: ProcessInfo.processInfo.environment)
    let output = result.output
    #expect(result.status == 0, "\(output)\(result.errorOutput)")
    #expect(output.contains("container request ("), "\(output)")
    #expect(output.contains("(child of shop) is current"), "\(output)")
    #expect(output.contains("RequestHandler#") && output.contains("RequestID"), "\(output)")
    let trace = output.components(separatedBy: "show trace\n").last ?? ""
    #expect(trace.contains("shop#1, thread ") && trace.contains("NoticeManager#"), "\(output)")
  }
}
