import BenchmarkHarness
import DisScript
import DisSyntax

/// W11: `discope run` over a generated script of many distinct singletons — `class S_i`,
/// `register S_i`, `resolve S_i` for each — at 4,000 commands and at 12,000, each iteration a
/// whole run (parse, a fresh session, every command, the transcript). A run linear in its
/// commands takes 3x as long for three times the commands; one that walked everything it held
/// after each command (issue 45: a look for stale references after every `register`, a copy of
/// every declared class on each `class`) took 4.7x here (7x as the issue timed `discope run`).
enum ScriptRun {
  static let shortCommands = 4_000
  static let longCommands = 12_000
  static let shortLabel = "discope run of 4000 commands"
  static let longLabel = "discope run of 12000 commands"

  /// The script: the classes first, then their registrations, then their resolves.
  static func script(commands: Int) -> [UInt8] {
    let types = commands / 3
    var text = "%dis 1\n"
    for index in 0..<types { text += "class S\(index)\n" }
    for index in 0..<types { text += "register S\(index)\n" }
    for index in 0..<types { text += "resolve S\(index)\n" }
    return Array(text.utf8)
  }

  static func workload() -> Workload {
    func contender(_ label: String, role: Contender.Role, commands: Int) -> Contender {
      let bytes = script(commands: commands)
      return Contender(label, role: role) { iterations, sink in
        for _ in 0..<iterations {
          let parsed = ScriptParser().parse(bytes: bytes, path: "generated.dis")
          sink.consume(ScriptTranscript(of: parsed.script).text.utf8.count)
        }
      }
    }
    return Workload(
      id: "W11", title: "discope run of a generated script: 4,000 commands and 12,000",
      notes: [
        "Each iteration parses the script, runs it in a fresh Session and formats the transcript "
          + "(ScriptTranscript, what `discope run` prints); ns/op is one whole run.",
        "The script declares, registers and resolves commands / 3 distinct singleton classes.",
      ],
      contenders: [
        contender(shortLabel, role: .baseline, commands: shortCommands),
        contender(longLabel, role: .subject, commands: longCommands),
      ])
  }
}
