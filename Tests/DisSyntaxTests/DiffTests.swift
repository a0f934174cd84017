import DisSyntax
import Testing

@Suite("Unified diffs")
struct DiffTests {
  static let script = """
    %dis 1
    resolve ControlContext
      ControlContext#3
      ├─ WebService#[..]
      │  └─ Logger  t1 cached [singleton]
      ...
      done

    """

  func diff(actual: [String], file: String = script) -> OutputDiff? {
    let result = ScriptParser().parse(file, path: "ctx.dis")
    let item = result.script.items.first { if case .entry = $0.kind { true } else { false } }!
    guard case .entry(let entry) = item.kind else { return nil }
    return OutputDiff(path: "ctx.dis", commandLine: item.location.line, entry: entry, actual: actual)
  }

  @Test func matchingOutputHasNoDiff() {
    #expect(diff(actual: ["ControlContext#3", "├─ WebService#2", "│  └─ Logger  t1 cached [singleton]", "x", "done"]) == nil)
  }

  @Test func numbersFollowTheFile() {
    let actual = ["ControlContext#3", "├─ WebService#2", "│  └─ Logger  t1 created [singleton]", "done"]
    #expect(diff(actual: actual)?.rendered() == """
      ctx.dis:2: resolve ControlContext
      @@ -3,5 +3,4 @@
         ControlContext#3
         ├─ WebService#[..]
      -  │  └─ Logger  t1 cached [singleton]
      +  │  └─ Logger  t1 created [singleton]
         ...
         done
      """)
  }

  @Test func additionsAtTheEndAndLineKinds() {
    let file = "reset\n  a\n  b\n"
    let result = diff(actual: ["a", "b", "c"], file: file)
    #expect(result?.rendered() == "ctx.dis:1: reset\n@@ -2,2 +2,3 @@\n   a\n   b\n+  c")
    #expect(result?.lines.map(\.kind) == [.header, .hunkHeader, .context, .context, .added])
    let styled = result?.rendered { $0.kind == .added ? "<" + $0.text + ">" : $0.text }
    #expect(styled?.hasSuffix("<+  c>") == true)
  }

  @Test func distantChangesMakeSeparateHunks() {
    let expected = (1...12).map { "line \($0)" }
    var actual = expected
    actual[0] = "first"
    actual[11] = "last"
    let file = "! validate\n" + expected.map { "  " + $0 + "\n" }.joined()
    let rendered = diff(actual: actual, file: file)?.rendered()
    #expect(rendered?.hasPrefix("ctx.dis:1: ! validate\n@@ -2,4 +2,4 @@\n-  line 1\n+  first\n   line 2") == true)
    #expect(rendered?.contains("@@ -10,4 +10,4 @@\n   line 9\n   line 10\n   line 11\n-  line 12\n+  last") == true)
  }

  @Test func emptyActualOutputRemovesEverything() {
    #expect(diff(actual: [], file: "reset\n  a\n")?.rendered() == "ctx.dis:1: reset\n@@ -2,1 +2,0 @@\n-  a")
  }
}
