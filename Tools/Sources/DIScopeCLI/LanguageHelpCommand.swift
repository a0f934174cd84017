import ArgumentParser
import DisSyntax

/// `discope help [COMMAND]`: the `.dis` language's commands, from the same table the parser uses;
/// for one of `discope`'s own subcommands, its usage.
public struct LanguageHelpCommand: ContextualCommand {
  public static let configuration = CommandConfiguration(
    commandName: "help",
    abstract: "List the .dis commands, or explain one (or a discope subcommand).")

  @ArgumentParser.Argument(help: "A .dis command (resolve, mock, ...) or a discope subcommand (run, test, fmt).")
  var topic: String?

  public init() {}

  public func execute(in context: CommandContext) -> Int32 {
    guard let topic else {
      context.print("The .dis commands:\n")
      context.print(CommandTable.help() ?? "")
      context.print("\n'discope help COMMAND' explains one; 'discope --help' lists discope's own subcommands.")
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
