import Foundation
import TerminalTesting
import Testing

/// `discope attach` to an app wired through Swinject's API (`swinject-example-server`, on
/// DIScopeSwinject): the playground shows its registrations and the resolutions its thread makes
/// through the Swinject API, and a mock pushed from the terminal reaches those resolves.
@Suite(
  .serialized,
  .enabled(
    if: AttachBinaries.swinjectServer != nil && AttachBinaries.discope != nil && AttachBinaries.isTmuxInstalled,
    "swinject-example-server, discope or tmux is missing"))
struct SwinjectAttachEndToEndTests {
  func run(_ tmux: TmuxSession, _ command: String) throws {
    try tmux.type(command)
    try tmux.press("Enter")
  }

  @Test func attachShowsTheSwinjectWiringAndItsMocksReachTheApp() throws {
    let app = try ServedApp(executable: AttachBinaries.swinjectServer)
    defer { app.close() }
    let tmux = try TmuxSession(
      command: AttachBinaries.shell("attach '\(app.socketPath)'", in: app.directory), columns: 120, rows: 32)
    defer { tmux.close() }

    // Pane 1: the registrations made through `register`, with the scopes they map to.
    var screen = try tmux.waitFor("the app's Swinject registrations", timeout: .seconds(20)) {
      $0.contains("CMD LIVE swinject:\(app.pid)") && Panes.registrations($0).contains("OrderScreen")
    }
    let stacks = Panes.registrations(screen)
    #expect(stacks.contains("OrderStore"), "\(screen)")
    #expect(stacks.contains("Logger"), "\(screen)")

    // Pane 2: the resolves the app's thread makes through the Swinject API.
    screen = try tmux.waitFor("the app's own resolutions in pane 2") {
      let trace = Panes.trace($0)
      return trace.contains("resolve OrderScreen") && trace.contains("[prototype]")
    }

    // A mock pushed from the terminal: pane 3 shows it, and the app's Swinject resolves get it.
    try run(tmux, "mock Logger")
    try tmux.waitFor("the swap in pane 3") { Panes.mocks($0).contains("over Logger") }
    waitUntil("the app to print logger=MockLogger", detail: { app.describe() }) {
      app.ticks.contains { $0.logger == "MockLogger" }
    }

    // Quitting undoes the session's mock: the app resolves its own logger again.
    try run(tmux, ":quit")
    try tmux.waitFor("the question about the pushed mock") { $0.contains("u undoes the change") }
    try tmux.type("u")
    try tmux.waitFor("exit 0") { $0.contains("[exit 0]") }
    waitUntil("the app to print logger=ConsoleLogger after the mock", detail: { app.describe() }) {
      app.isBackToConsoleLoggerAfterMock
    }
  }

  /// Caching switched off from an attached REPL reaches the app's Swinject resolves: its
  /// `.container` store is built anew on each resolve (Swinject's storage does not keep answering
  /// with what DIScope let go of), and switched on again, one store is kept.
  @Test func cachingSwitchedFromTheTerminalReachesTheSwinjectResolves() throws {
    let app = try ServedApp(executable: AttachBinaries.swinjectServer)
    defer { app.close() }
    func attach(_ input: String) throws -> CommandResult {
      try SpawnedCommand.run([
        "/bin/sh", "-c",
        "printf '%s' '\(input)' | '\(AttachBinaries.discope!)' attach '\(app.socketPath)' --repl --keep-changes",
      ])
    }
    /// The stores of the ticks printed so far, oldest first.
    func stores() -> [String] {
      app.output.split(separator: "\n").compactMap { line in
        line.split(separator: " ").first { $0.hasPrefix("store=") }.map { String($0.dropFirst("store=".count)) }
      }
    }
    waitUntil("a tick with the app's store", detail: { app.describe() }) { !stores().isEmpty }
    let stacks = try attach("show stacks OrderStore\n")
    let token = try #require(
      stacks.output.firstMatch(of: /(t[0-9]+) +OrderStore/).map { String($0.1) }, "\(stacks.output)\(stacks.errorOutput)")

    let off = try attach("cache \(token) off\n")
    #expect(off.status == 0, "\(off.output)\(off.errorOutput)")
    let before = stores().count
    let rebuilt = waitUntil("the app to build a new store on each resolve", detail: { app.describe() }) {
      Set(stores().dropFirst(before)).count >= 2
    }
    #expect(rebuilt, "caching off, and the app kept one store: \(stores())")

    let on = try attach("cache \(token) on\n")
    #expect(on.status == 0, "\(on.output)\(on.errorOutput)")
    let settled = stores().count
    waitUntil("three ticks after caching is back on", detail: { app.describe() }) {
      stores().count >= settled + 3
    }
    // The first tick may still be the resolve made as the command ran; the next ones share one.
    let after = stores().dropFirst(settled + 1)
    #expect(Set(after).count == 1, "caching on again, and the store still changed: \(stores())")
  }

  /// `DISCOPE_TRACE=1`, with no change to the app: every root resolve it makes through the
  /// Swinject API is printed as a tree on standard error.
  @Test func discopeTracePrintsTheResolvesMadeThroughTheSwinjectAPI() throws {
    let app = try ServedApp(environment: ["DISCOPE_TRACE": "1"], executable: AttachBinaries.swinjectServer)
    defer { app.close() }
    waitUntil("the trace of the app's resolves on standard error", detail: { app.describe() }) {
      let lines = app.errors.split(separator: "\n")
      return lines.contains { $0.hasPrefix("[discope swinject]") && $0.contains("OrderScreen") }
        && lines.contains { $0.hasPrefix("[discope swinject]") && $0.contains("Logger") }
    }
  }
}
