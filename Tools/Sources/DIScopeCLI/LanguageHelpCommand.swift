import ArgumentParser
import DisSyntax

/// `discope help [COMMAND]`: the `.dis` language's commands, from the same table the parser uses;
/// for one of `discope`'s own subcommands, its usage; for `docs`, where the library's documentation
/// is built.
public struct LanguageHelpCommand: ContextualCommand {
  public static let configuration = CommandConfiguration(
    commandName: "help",
    abstract: "List the .dis commands, or explain one (or a discope subcommand).")

  @ArgumentParser.Argument(help: "A .dis command (resolve, mock, ...), a discope subcommand (run, test, fmt) or 'docs'.")
  var topic: String?

  public init() {}

  /// Where the library's own documentation is: the DocC catalogs of DIScope, DIScopeTesting,
  /// DIScopeSwinject and DIScopeHopoate, built by `Scripts/docs`.
  static let documentation = """
    The library's documentation (API reference and articles): run 'Scripts/docs' in the DIScope \
    checkout; it builds a static site per module into .build/docs/ and says how to serve it.
    """

  public func execute(in context: CommandContext) -> Int32 {
    guard let topic else {
      context.print("The .dis commands:\n")
      context.print(CommandTable.help() ?? "")
      context.print("\n'discope help COMMAND' explains one; 'discope --help' lists discope's own subcommands.")
      context.print(Self.documentation)
      return 0
    }
    if topic == "docs" {
      context.print(Self.documentation)
      return 0
    }
    if let subcommand = DiscopeCommand.configuration.subcommands.first(where: {
      $0.configuration.commandName == topic && $0 != LanguageHelpCommand.self
    }) {
      context.print(DiscopeCommand.helpMessage(for: subcommand))
      return 0
    }
    if let text = CommandTable.help(for: topic) {
      context.print(text)
      return 0
    }
    context.printError("error: no command '\(topic)'")
    if let guess = CommandTable.suggestions(for: topic).first { context.printError("hint: did you mean '\(guess)'?") }
    else { context.printError("hint: 'discope help' lists the commands") }
    return 1
  }
}
