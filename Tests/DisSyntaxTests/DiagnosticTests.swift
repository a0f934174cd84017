import DisSyntax
import Testing

@Suite("Diagnostics")
struct DiagnosticTests {
  @Test func rendersLocationSourceLineCaretAndHint() {
    let result = ScriptParser().parse("protocol Logger\nresolv Logger\n", path: "demo.dis")
    #expect(result.renderedDiagnostics == """
      demo.dis:2:1: error: unknown command 'resolv'
      resolv Logger
      ^
      hint: did you mean 'resolve'?
      """)
  }

  @Test func caretPointsAtTheBadToken() {
    let result = ScriptParser().parse("register Logger scope=forever\n", path: "demo.dis")
    #expect(result.renderedDiagnostics == """
      demo.dis:1:23: error: unknown scope 'forever'
      register Logger scope=forever
                            ^
      hint: expected one of: eager, graph, prototype, singleton, weak
      """)
  }

  /// A long line is quoted around the error, with `…` where it is cut, the caret still under it.
  @Test func aLongLineIsQuotedAroundTheError() {
    let line = "register " + String(repeating: "A", count: 300) + " scope=forever"
    let rendered = ScriptParser().parse(line + "\n", path: "demo.dis").renderedDiagnostics
    let lines = rendered.split(separator: "\n").map(String.init)
    #expect(lines[0] == "demo.dis:1:317: error: unknown scope 'forever'")
    #expect(lines[1].hasPrefix("…AAA") && lines[1].hasSuffix(" scope=forever") && lines[1].count == 161, "\(lines[1])")
    let caret = Array(lines[2]).count - 1
    #expect(Array(lines[1])[caret] == "f", "the caret stays under the error: \(rendered)")
  }

  /// The line is quoted escaped, as a terminal shows it, and the caret is placed in the same
  /// units: after `\u{202E}` (8 columns for 1 character) it stayed 7 columns left of the `=`.
  @Test("the caret is under the error after an escaped or wide character", arguments: [
    "register Logger named \"raw\u{202E}q\" = ConsoleLogger",
    "register\tLogger named \"tab\" = ConsoleLogger",
    "register Logger named \"\u{200F}\u{2066}\" = ConsoleLogger",
    "register Logger named \"日本語\" = ConsoleLogger",
    "register Logger named \"e\u{301}🙂\" = ConsoleLogger",
  ])
  func caretAfterEscapedCharacters(line: String) {
    let rendered = ScriptParser().parse(line + "\n", path: "demo.dis").renderedDiagnostics
    let lines = rendered.split(separator: "\n").map(String.init)
    #expect(lines[0].hasSuffix("error: expected option (cache|named|scope), found '='"), "\(rendered)")
    #expect(lines[1] == line.terminalSafe)
    // Where `=` is on screen: the columns before it, wide characters two.
    let shown = lines[1]
    let equals = shown[..<shown.firstIndex(of: "=")!]
    let wide = equals.filter { "日本語🙂".contains($0) }.count
    let combining = equals.unicodeScalars.filter { $0.value == 0x301 }.count
    #expect(lines[2] == String(repeating: " ", count: equals.count + wide) + "^",
            "caret \(lines[2].count - 1), '=' at \(equals.count + wide) (combining marks: \(combining)):\n\(rendered)")
  }

  @Test func missingArgumentPointsPastTheLineEnd() {
    let result = ScriptParser().parse("register\n", path: "demo.dis")
    #expect(result.diagnostics.first?.description == "demo.dis:1:10: error: expected a service name, found end of line")
    #expect(result.diagnostics.first?.hint?.hasPrefix("usage: register S [= Impl] [named N]") == true)
  }

  @Test func recoversAndReportsEveryError() {
    let text = """
      protocol Logger
       one space
      regster Logger
        + t1 ignored with its command
      resolve
      class C(a: Foo<Bar>)
      scope t1 forever
      show everything
      expect #1.x = maybe
      register Logger = ConsoleLogger
        + t1

      """
    let result = ScriptParser().parse(text, path: "bad.dis")
    #expect(result.diagnostics.map(\.description) == [
      "bad.dis:2:1: error: expected output must be indented by exactly two spaces",
      "bad.dis:3:1: error: unknown command 'regster'",
      "bad.dis:5:9: error: expected a service name, found end of line",
      "bad.dis:6:12: error: unknown generic type 'Foo'",
      "bad.dis:7:10: error: unknown scope 'forever'",
      "bad.dis:8:6: error: unknown view 'everything'",
      "bad.dis:9:15: error: expected '#M', 'nil' or a \"quoted string\", found 'maybe'",
    ])
    #expect(result.diagnostics[1].hint == "did you mean 'register'?")
    #expect(result.script.entries.map(\.command.name) == ["protocol", "register"])
    #expect(result.script.entries.last?.expectedOutput?.lines == ["+ t1"])
  }

  @Test("one-line errors", arguments: [
    ("  register X\n", "test.dis:1:1: error: expected output must follow a command"),
    ("reset\n\tout\n", "test.dis:2:1: error: expected output must be indented by exactly two spaces"),
    ("resolve \"open\n", "test.dis:1:9: error: unterminated string"),
    ("resolve X @\n", "test.dis:1:11: error: unexpected character '@'"),
    ("! ! reset\n", "test.dis:1:3: error: '!' is given twice"),
    ("register X named a named b\n", "test.dis:1:20: error: 'named' is given twice"),
    ("reset now\n", "test.dis:1:7: error: unexpected 'now' after the end of 'reset'"),
    ("reset\n%dis 1\n", "test.dis:2:1: error: the '%dis' header must be the first line"),
    ("%dis 2\n", "test.dis:1:6: error: unsupported version '2'"),
    ("##\n", "test.dis:1:3: error: a section needs a title"),
    (":recrd x\n", "test.dis:1:1: error: unknown playground command ':recrd'"),
    (":quit now\n", "test.dis:1:7: error: ':quit' takes no argument"),
    (":save\n", "test.dis:1:7: error: expected a file name after ':save'"),
    ("class C { var u: arg String }\n", "test.dis:1:18: error: a property cannot be a runtime argument"),
    ("class C(p: Provider<B>?)\n", "test.dis:1:23: error: a provider cannot be optional"),
    ("remove 3\n", "test.dis:1:8: error: expected a registration token like 't1', found '3'"),
    ("call x.y\n", "test.dis:1:6: error: expected an instance like '#1', found 'x'"),
  ])
  func oneLineError(text: String, message: String) {
    #expect(diagnosticLines(text).first == message)
  }

  @Test func unclosedAssemblyEndsAtTheNextCommand() {
    let text = "assembly A {\n  register X\nresolve X\n"
    let result = ScriptParser().parse(text, path: "a.dis")
    #expect(result.diagnostics.map(\.description) == ["a.dis:3:1: error: expected 'register' or '}' in assembly 'A', found 'resolve'"])
    #expect(result.diagnostics.first?.hint == "to fix, end assembly 'A' with '}' (opened on line 1)")
    #expect(result.script.entries.map(\.command) == [.resolve(Resolution(service: "X"))])
  }

  @Test func nestedBlocksAndUnclosedBlocks() {
    #expect(diagnosticLines("assembly A {\n  assembly B {\n  }\n}\n").first
      == "test.dis:2:3: error: blocks cannot be nested: the nesting limit is 1")
    #expect(diagnosticLines("assembly A {\n  register X\n") == ["test.dis:1:12: error: '{' is never closed"])
  }
}
