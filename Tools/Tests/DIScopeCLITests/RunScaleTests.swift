import DIScopeCLI
import Testing

/// `discope run` over a long script: what it prints is what every command printed, with the notes
/// of stale references that only some of the commands leave (their check is skipped where no
/// command could leave one, which keeps a long run linear).
@Suite struct RunScaleTests {
  @Test func runOfALongGeneratedScriptPrintsEveryCommandsOutput() throws {
    let script = ChainScript(types: 1_000)
    let directory = temporaryDirectory()
    try write(script.text, to: directory + "/chain.dis")
    let result = discope("run", directory + "/chain.dis")
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.isEmpty, "\(result.error)")
    // The script holds the output each command must print: the transcript is the script itself.
    #expect(result.output == script.text, "first difference at line \(firstDifference(result.output, script.text))")
    #expect(script.staleNotes == 19)
  }

  private func firstDifference(_ a: String, _ b: String) -> String {
    let (left, right) = (a.split(separator: "\n", omittingEmptySubsequences: false), b.split(separator: "\n", omittingEmptySubsequences: false))
    for index in 0..<min(left.count, right.count) where left[index] != right[index] {
      return "\(index + 1): got '\(left[index])', expected '\(right[index])'"
    }
    return "\(min(left.count, right.count) + 1) (one is longer)"
  }
}

/// A script of `3 × types` commands and more, with the output each prints: `class S_i(d: S_{i-1})`,
/// `register S_i`, `resolve S_i`, in turn; every 50th type, the type two before it is registered
/// again, which leaves the one between holding an instance its key no longer answers with (a
/// `note:` line under that `register`).
struct ChainScript {
  private(set) var text = "%dis 1\n"
  private(set) var staleNotes = 0

  init(types: Int) {
    var nextToken = 1
    var nextInstance = 1
    var tokens: [Int] = []  // the token of each type's first registration
    var instances: [Int] = []  // each type's instance
    for index in 0..<types {
      let name = "S\(index)"
      text += index == 0 ? "class \(name)\n" : "class \(name)(d: S\(index - 1))\n"
      tokens.append(nextToken)
      text += "register \(name)\n  + t\(nextToken)  \(name)  [singleton]\n"
      nextToken += 1
      instances.append(nextInstance)
      nextInstance += 1
      if index == 0 {
        text += "resolve \(name)\n  \(name)#\(instances[index])\n  \(name)#\(instances[index]) created t\(tokens[index]) [singleton]\n"
      } else {
        let (held, heldToken) = (instances[index - 1], tokens[index - 1])
        text += """
          resolve \(name)
            \(name)#\(instances[index])(d: S\(index - 1)#\(held))
            \(name)#\(instances[index]) created t\(tokens[index]) [singleton]
            └─ S\(index - 1)#\(held) cached t\(heldToken) [singleton]

          """
      }
      if index % 50 == 0 && index >= 2 {
        let (shadowed, holder) = (index - 2, index - 1)
        let holderToken = tokens[holder]
        text += """
          register S\(shadowed)
            + t\(nextToken)  S\(shadowed)  [singleton]  (shadows t\(tokens[shadowed]))
            note: S\(holder)#\(instances[holder]).d (t\(holderToken), singleton) still holds \
          S\(shadowed)#\(instances[shadowed]) from t\(tokens[shadowed]), which no longer answers for \
          S\(shadowed) (t\(nextToken) answers now); 'cache t\(holderToken) off' then 'cache t\(holderToken) on' rebuilds it

          """
        nextToken += 1
        staleNotes += 1
      }
    }
  }
}
