import DIScope
import DisScript
import DisSyntax
import Testing

/// A registration an `assembly` block makes names the `register` line it is written on, in the
/// script's file (issue 44), not the line of the `activate` that pushed it: that line is where a
/// reader goes to change it.
@Suite struct AssemblySiteTests {
  static let script = """
    protocol Logger
    class ConsoleLogger: Logger
    class Clock
    assembly Core {
      # the app's logger
      register Logger = ConsoleLogger named console

      register Clock
    }
    activate Core

    """

  /// The sites of the current container's registrations, by implementation.
  func sites(after text: String, path: String = "core.dis") -> [String: RegistrationSite?] {
    let session = Session()
    for (entry, location) in ScriptParser().parse(text, path: path).script.locatedEntries {
      _ = session.execute(entry, at: RegistrationSite(fileID: path, line: location.line))
    }
    var sites: [String: RegistrationSite?] = [:]
    for stack in session.container.stacks {
      for info in stack.registrations { sites[info.implementationName] = info.location }
    }
    return sites
  }

  @Test func eachRegistrationOfABlockNamesItsOwnLine() {
    let sites = sites(after: Self.script)
    #expect(sites["ConsoleLogger"] == RegistrationSite(fileID: "core.dis", line: 6))
    #expect(sites["Clock"] == RegistrationSite(fileID: "core.dis", line: 8))
  }

  /// What `discope run` prints: a hint names the registration it means, but not its line in the
  /// script (pane 1 and a failure's `path:line:col:` do), so the transcript replays green from
  /// another file, and the same commands typed print the same (`ScriptWording.shownSite(of:)`).
  @Test func aHintOfDiscopeRunNamesTheRegistrationButNoScriptLine() {
    let parsed = ScriptParser().parse(Self.script + "! resolve Logger\n", path: "core.dis")
    let text = ScriptTranscript(of: parsed.script).text
    #expect(text.contains("(t1 Logger named \"console\" [singleton])"), "\(text)")
    #expect(!text.contains("made at"), "\(text)")
    // `discope run core.dis > b.dis`, then `discope test b.dis`: each command now at another line.
    let replayed = ScriptReplay().replay(ScriptParser().parse(text, path: "b.dis").script)
    #expect(replayed.passed, "\(text)")
    // Typed, with no site at all: the same output.
    let typed = Session()
    var typedOutput: [String] = []
    for entry in ScriptParser().parse(Self.script + "! resolve Logger\n", path: "typed").script.entries {
      typedOutput += typed.execute(entry).output
    }
    #expect(typedOutput.contains { $0.contains("(t1 Logger named \"console\" [singleton])") })
  }

  /// On one line, every member is on the block's line.
  @Test func aBlockOnOneLineNamesItsLineForEach() {
    let text = "class A\nclass B\n\nassembly AB { register A; register B }\nactivate AB\n"
    let sites = sites(after: text)
    #expect(sites["A"] == RegistrationSite(fileID: "core.dis", line: 4))
    #expect(sites["B"] == RegistrationSite(fileID: "core.dis", line: 4))
  }

  /// A block typed (no site) makes registrations that name nowhere, even activated by a script's
  /// line: the `activate` line is not where they were written.
  @Test func aTypedBlockNamesNoSiteEvenActivatedFromAScript() {
    let session = Session()
    _ = session.execute("class A")
    _ = session.execute("assembly Typed {\n  register A\n}")
    let activate = ScriptParser().parse("activate Typed\n", path: "s.dis").script.entries[0]
    #expect(!session.execute(activate, at: RegistrationSite(fileID: "s.dis", line: 1)).isFailure)
    #expect(session.container.stacks.first?.registrations.first?.location == nil)
  }

  /// Declared again with the same lines laid out otherwise, the block is not "redeclared" (it
  /// registers the same), but its registrations name where the new declaration's lines are.
  @Test func aBlockLaidOutAgainIsNotRedeclaredButMovesItsSites() {
    let text = "class A\nassembly One { register A }\nassembly One {\n\n  register A\n}\nactivate One\n"
    let session = Session()
    var outputs: [String] = []
    for (entry, location) in ScriptParser().parse(text, path: "one.dis").script.locatedEntries {
      outputs += session.execute(entry, at: RegistrationSite(fileID: "one.dis", line: location.line)).output
    }
    #expect(!outputs.contains { $0.contains("redeclared") }, "\(outputs)")
    #expect(session.container.stacks.first?.registrations.first?.location == RegistrationSite(fileID: "one.dis", line: 5))
  }
}
