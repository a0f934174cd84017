import ArgumentParser

/// `discope`: the root command. Its subcommands each live in their own file of this library and
/// are tested in-process (see ``DiscopeCLI/run(_:context:)``); the executable is one call.
///
/// ```swift
/// DiscopeCommand.main()   // Sources/discope/main.swift
/// ```
public struct DiscopeCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "discope",
    abstract: "Explore, script and test DIScope containers.",
    discussion: """
      A .dis file is a transcript of a playground session: commands, each followed by its output.
      'discope test' replays files as regression tests; 'discope help' lists the language.
      """,
    version: "1.0.0",
    // One line per subcommand; new commands (play, repl) are added here.
    subcommands: [
      RunCommand.self,
      TestCommand.self,
      FormatCommand.self,
      ExportCommand.self,
      LanguageHelpCommand.self,
      PlayCommand.self, ReplCommand.self, LearnCommand.self, AttachCommand.self, SelfTestCommand.self,
    ],
    defaultSubcommand: PlayCommand.self  // `discope` alone opens the playground on the demo.
  )

  public init() {}
}
