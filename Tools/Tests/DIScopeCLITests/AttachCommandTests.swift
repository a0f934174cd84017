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
}
