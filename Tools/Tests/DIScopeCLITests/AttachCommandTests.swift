import DIScopeCLI
import Testing

/// Runs `discope arguments` in-process.
private func discope(_ arguments: [String], environment: [String: String] = [:]) -> (status: Int32, output: String, error: String) {
  let captured = Captured()
  let status = DiscopeCLI.run(arguments, context: captured.context(environment: environment))
  return (status, captured.standardOutput, captured.standardError)
}

/// `discope attach`'s arguments, in-process (the attaching itself is tested end to end, in tmux,
/// against the example app in a process of its own: `AttachEndToEndTests`).
@Suite struct AttachCommandTests {
  @Test func flagsThatCannotGoTogetherAreUsageErrors() {
    for (arguments, message) in [
      (["attach", "--repl", "--script", "a.dis"], "'--repl' and '--script' cannot go together"),
      (["attach", "--section", "x"], "'--section' goes with '--script FILE'"),
      (["attach", "--record", "r.dis", "--script", "a.dis"], "'--record' records a session; '--script' replays one"),
      (["attach", "--allow-changes"], "'--allow-changes' goes with '--script FILE'"),
      (["attach", "--keep-changes"], "'--keep-changes' goes with '--repl' or '--script FILE'"),
    ] {
      let result = discope(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.error.contains(message), "\(result.error)")
    }
  }

  @Test func withNoAppServingItSaysWhereItLookedAndHowToServe() {
    let runtime = temporaryDirectory()
    let listed = discope(["attach", "--list"], environment: ["XDG_RUNTIME_DIR": runtime])
    #expect(listed.status == 0)
    #expect(listed.output.contains("no app is serving its container in \(runtime)/discope"), "\(listed.output)")
    #expect(listed.output.contains("DebugServer.start(container)"))
    let attached = discope(["attach", "shop"], environment: ["XDG_RUNTIME_DIR": runtime])
    #expect(attached.status == 1)
    #expect(attached.error.contains("no app 'shop' is serving"), "\(attached.error)")
    let missing = discope(["attach", runtime + "/nothing.sock"])
    #expect(missing.status == 1)
    #expect(missing.error.contains("cannot attach") && missing.error.contains("no app serves there"), "\(missing.error)")
  }

  /// A target that is there but no socket is named for what it is: "connection refused (the app
  /// that served there is gone)" sent the user looking for an app that never was.
  @Test func aTargetThatIsNoSocketIsNamedForWhatItIs() throws {
    let directory = temporaryDirectory()
    try "notes\n".write(toFile: directory + "/notes.txt", atomically: true, encoding: .utf8)
    for (target, what) in [
      ("/dev/null", "a character device"), (directory, "a folder"), (directory + "/notes.txt", "a regular file"),
    ] {
      let result = discope(["attach", target, "--repl"])
      #expect(result.status == 1, "\(target)")
      #expect(
        result.error.contains("cannot attach: '\(target)' is \(what), not an app's socket. To fix, name the socket"),
        "\(result.error)")
      #expect(!result.error.contains("Connection refused"), "\(result.error)")
      #expect(!result.error.contains("gone"), "\(result.error)")
    }
  }

  /// A script that would change the app is refused before anything is attached: the socket named
  /// here does not even exist, and the refusal, not "cannot attach", is what is said.
  @Test func aScriptThatWouldChangeTheAppIsRefusedBeforeAttaching() throws {
    let directory = temporaryDirectory()
    let script = directory + "/fix.dis"
    try "%dis 1\nshow stacks\n\nscope t2 prototype\n".write(toFile: script, atomically: true, encoding: .utf8)
    let result = discope(["attach", directory + "/nothing.sock", "--script", script])
    #expect(result.status == 1)
    #expect(
      result.error.contains("\(script):4:1: 'scope t2 prototype' would change the container of the running app"),
      "\(result.error)")
    #expect(result.error.contains("--allow-changes"), "\(result.error)")
    #expect(!result.error.contains("cannot attach"), "\(result.error)")

    try "%dis 1\nrelease #3\n".write(toFile: script, atomically: true, encoding: .utf8)
    let release = discope(["attach", directory + "/nothing.sock", "--script", script])
    #expect(release.error.contains("'release #3' would let go of an instance of the running app, and cannot be undone"), "\(release.error)")

    try "%dis 1\nwhy Logging\n".write(toFile: script, atomically: true, encoding: .utf8)
    let looking = discope(["attach", directory + "/nothing.sock", "--script", script])
    #expect(looking.error.contains("cannot attach"), "a script that only looks goes on to attach: \(looking.error)")
  }
}
