import DisSyntax
import Testing

@Suite("Command table")
struct CommandTableTests {
  @Test func everyParsedCommandHasARow() {
    for (_, command) in CommandParsingTests.cases {
      #expect(CommandTable.specification(named: command.name) != nil, "\(command.name)")
    }
  }

  @Test func usageComesFromTheGrammar() {
    #expect(CommandTable.specification(named: "register")?.usage == [
      "register S [= Impl] [named N] [scope=prototype|graph|singleton|eager|weak] [cache=on|off]",
      "register S instance Impl [named N]",
    ])
    #expect(CommandTable.specification(named: "resolve")?.usageLine == "resolve S [named N] [with k=v ...]")
    #expect(CommandTable.help(for: "cache")?.hasPrefix("usage: cache tN on|off\n  switch a live registration's caching; drops what it had cached\n  idea: ") == true)
    #expect(CommandTable.help(for: "nope") == nil)
    #expect(CommandTable.help()?.split(separator: "\n").count == CommandTable.all.count)
  }

  @Test("completions", arguments: [
    ("res", ["reset", "resolve", "resolve?"]),
    ("show st", ["stacks", "stale"]),
    ("show stac", ["stacks"]),
    ("container ", ["child", "use"]),
    ("cache t1 o", ["on", "off"]),
    ("register A sc", ["scope=prototype", "scope=graph", "scope=singleton", "scope=eager", "scope=weak"]),
    ("! val", ["validate"]),
    (":r", [":record"]),
    ("bogus x", []),
  ])
  func completions(line: String, expected: [String]) {
    #expect(CommandTable.completions(for: line) == expected)
  }

  @Test func suggestions() {
    #expect(CommandTable.suggestions(for: "resolv") == ["resolve"])
    #expect(CommandTable.suggestions(for: "xyzzy") == [])
  }

  /// Every command's help gives its usage, the idea it stands for and a worked example.
  @Test(arguments: CommandTable.names.filter { !$0.hasPrefix(":") })
  func everyCommandsHelpHasAnIdeaAndAnExample(name: String) throws {
    let text = try #require(CommandTable.help(for: name))
    #expect(text.hasPrefix("usage: \(name)"))
    #expect(text.contains("\n  idea: "), "\(name) has no idea line")
    #expect(text.contains("\n  example:"), "\(name) has no example")
  }

  /// The ideas have a paragraph each: `help token`, `help concepts`.
  @Test func conceptsExplainTheWordsTheCourseUses() throws {
    #expect(CommandTable.help(for: "token")?.hasPrefix("token: The name of one registration") == true)
    #expect(CommandTable.help(for: "captive-dependency")?.hasPrefix("captive dependency: ") == true)
    let listing = try #require(CommandTable.help(for: "concepts"))
    for word in ["container", "scope", "provider", "mock", "stale reference", "child container"] {
      #expect(listing.contains("\n\n\(word): ") || listing.hasPrefix("\(word): "), "\(word)")
    }
  }

  /// Every form of 'expect' that help lists, 'shares' included, is explained in 'help expect'.
  @Test func helpExpectExplainsEveryForm() throws {
    let help = try #require(CommandTable.help(for: "expect"))
    for form in ["expect S is Impl", "cached|new", "expect stack S", "#N.param", "expect no stale", "expect S shares T' looks at S", "They only look",
                 "'expect S holds new T'", "'expect S is #N'", "'expect #N disposed'", "'expect #N gone'",
                 "'expect no container NAME'"] {
      #expect(help.contains(form), "'help expect' does not explain \(form)")
    }
  }
}
