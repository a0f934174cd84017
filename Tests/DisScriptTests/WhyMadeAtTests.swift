import DIScope
import DisScript
import DisSyntax
import Testing

/// `why` says where the app made a registration (its `register` call's file and line), so that a
/// session over a real app's container answers "where is it in my code?"; it never says it of a
/// registration a command made, so a command's output is the same typed, recorded or replayed.
@Suite struct WhyMadeAtTests {
  final class Clock: Sendable {}

  @Test func whyNamesWhereTheAppRegisteredIt() {
    let app = Container(name: "app")
    let line = #line + 1
    app.register(Clock.self) { _ in Clock() }
    let session = Session(container: app)
    let output = session.execute("why Clock").output
    #expect(output.contains("  made at: WhyMadeAtTests.swift:\(line)"), "\(output)")
  }

  /// A mock or registration pushed over the app's registration names where the app made it;
  /// over one a command made, the note says only its token.
  @Test func aShadowingNoteNamesWhereTheAppRegisteredWhatItShadows() {
    let app = Container(name: "app")
    let line = #line + 1
    app.register(Clock.self) { _ in Clock() }
    app.registerMock(Clock.self) { Clock() }
    let session = Session(container: app)
    let mocked = session.execute("mock Clock").output
    #expect(mocked.first?.hasSuffix("(shadows t1, made at WhyMadeAtTests.swift:\(line))") == true, "\(mocked)")
    let own = Session()
    for command in ["class Clock", "register Clock"] { _ = own.execute(command) }
    let pushed = own.execute("register Clock").output
    #expect(pushed.first?.hasSuffix("(shadows t1)") == true, "\(pushed)")
  }

  final class Dial: Sendable {
    let clock: Clock
    init(clock: Clock) { self.clock = clock }
  }

  /// The stale report names where the app registered the holder, the file to open to rebuild it;
  /// a holder a command registered names no line (see `ScriptWording.shownSite(of:)`).
  @Test func theStaleReportNamesWhereTheAppRegisteredTheHolder() {
    let app = Container(name: "app")
    app.register(Clock.self) { _ in Clock() }
    let line = #line + 1
    app.register(Dial.self) { r in Dial(clock: try r.resolve(Clock.self)) }
    app.registerMock(Clock.self) { Clock() }
    let session = Session(container: app)
    _ = session.execute("resolve Dial")
    let mocked = session.execute("mock Clock").output
    #expect(
      mocked.contains { $0.contains("(t2, singleton, made at WhyMadeAtTests.swift:\(line)) still holds") },
      "\(mocked)")
    let own = Session()
    for command in ["class Clock", "class Dial(clock: Clock)", "register Clock", "register Dial", "resolve Dial"] {
      _ = own.execute(command)
    }
    let ownMocked = own.execute("mock Clock").output
    #expect(ownMocked.contains { $0.contains("(t2, singleton) still holds") }, "\(ownMocked)")
  }

  @Test func whyOfARegistrationACommandMadeSaysNothingOfWhere() {
    let session = Session()
    for command in ["class Clock", "register Clock"] { _ = session.execute(command) }
    let output = session.execute("why Clock").output
    #expect(!output.isEmpty)
    #expect(!output.contains { $0.contains("made at:") }, "\(output)")
  }

  @Test func aScriptsRegistrationKeepsItsScriptLine() throws {
    let session = Session()
    let script = "class Clock\nregister Clock\n"
    let parsed = ScriptParser().parse(script, path: "clock.dis")
    for (entry, location) in parsed.script.locatedEntries {
      _ = session.execute(entry, at: RegistrationSite(fileID: "clock.dis", line: location.line))
    }
    let site = session.container.stacks.first?.registrations.first?.location
    #expect(site == RegistrationSite(fileID: "clock.dis", line: 2))
  }

  /// `discope test` and a test's `DisScriptFile.replay(on:)` run each command at its line, as
  /// `discope run` does: what the script registers in the app's container names the script.
  @Test func aScriptReplayedOnAContainerKeepsItsLines() throws {
    let text = "class Clock\n\nregister Clock named replayed\n"
    let viaReplay = Container()
    #expect(ScriptReplay().replay(ScriptParser().parse(text, path: "Checks/clock.dis").script, on: viaReplay).passed)
    let viaFile = Container()
    try DisScriptFile(text: text, path: "Checks/clock.dis").replay(on: viaFile)
    for container in [viaReplay, viaFile] {
      let site = container.stacks.first { $0.key.name == "replayed" }?.registrations.first?.location
      #expect(site == RegistrationSite(fileID: "Checks/clock.dis", line: 3))
    }
  }
}
