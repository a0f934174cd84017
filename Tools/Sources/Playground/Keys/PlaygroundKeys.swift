import TerminalUI

/// The playground's input modes, always shown in the status line.
public enum InputMode: Hashable, Sendable {
  /// Typing goes to the command line.
  case command
  /// Keys move between panes, scroll, filter, zoom, and step a replay.
  case navigation
}

/// What a key does. Every key the playground answers is a row of `PlaygroundKeys.keymap`, which
/// is also where the `?`/F1 help comes from.
public enum PlaygroundAction: Hashable, Sendable {
  case runCommand, historyUp, historyDown, complete, editLine
  case helpOnEmptyLine, toNavigation
  case focusPane, nextPane, previousPane, scrollUp, scrollDown, toTop, toBottom
  case expandRow, foldRow, unfoldRow, filter, clearFilter, zoom, toCommandLine, quit
  case replayPlayPause, replayForward, replayBack, replayNextSection
  case help, interrupt, pageUp, pageDown, redraw
}

/// The one key table: dispatch and help are both read from it.
public enum PlaygroundKeys {
  typealias Binding = KeyBinding<InputMode, PlaygroundAction>

  public static let keymap = Keymap<InputMode, PlaygroundAction>(commandRows + navigationRows + anywhereRows)

  private static let commandRows: [Binding] = [
    Binding(keys: [.enter], scope: .mode(.command), description: "run the command", action: .runCommand),
    Binding(keys: [.up], scope: .mode(.command), description: "previous command (history)", action: .historyUp),
    Binding(keys: [.down], scope: .mode(.command), description: "next command (history)", action: .historyDown),
    Binding(keys: [.tab], scope: .mode(.command),
            description: "complete a command, service, token or #instance", action: .complete),
    Binding(keys: [.ctrl("a"), .ctrl("e"), .ctrl("k"), .ctrl("u"), .ctrl("w"), .ctrl("y")],
            label: "Ctrl-A/E/K/U/W/Y", scope: .mode(.command),
            description: "start, end, cut to end, cut to start, cut word, paste", action: .editLine),
    Binding(keys: [.character("?")], label: "? (empty line)", scope: .mode(.command),
            description: "show this help", action: .helpOnEmptyLine),
    Binding(keys: [.escape], scope: .mode(.command), description: "switch to navigation mode",
            action: .toNavigation),
  ]

  private static let navigationRows: [Binding] = [
    Binding(keys: (1...4).map { .character(Character(String($0))) }, label: "1–4",
            scope: .mode(.navigation), description: "focus a pane", action: .focusPane),
    Binding(keys: [.tab], scope: .mode(.navigation), description: "next pane", action: .nextPane),
    Binding(keys: [.backTab], scope: .mode(.navigation), description: "previous pane", action: .previousPane),
    Binding(keys: [.up, .character("k")], scope: .mode(.navigation), description: "move up", action: .scrollUp),
    Binding(keys: [.down, .character("j")], scope: .mode(.navigation), description: "move down", action: .scrollDown),
    Binding(keys: [.home, .character("g")], scope: .mode(.navigation), description: "go to the top", action: .toTop),
    Binding(keys: [.end, .character("G")], scope: .mode(.navigation),
            description: "go to the newest and follow it", action: .toBottom),
    Binding(keys: [.enter], scope: .mode(.navigation),
            description: "show a row cut at the pane's edge whole; on a whole row, fold or unfold its group",
            action: .expandRow),
    Binding(keys: [.left, .character("h")], scope: .mode(.navigation),
            description: "fold the row's group (a stack, a resolution, a command's output)", action: .foldRow),
    Binding(keys: [.right, .character("l")], scope: .mode(.navigation), description: "unfold it",
            action: .unfoldRow),
    Binding(keys: [.character("/")], scope: .mode(.navigation), description: "filter the focused pane",
            action: .filter),
    Binding(keys: [.escape], scope: .mode(.navigation), description: "clear the focused pane's filter",
            action: .clearFilter),
    Binding(keys: [.character("+")], scope: .mode(.navigation), description: "zoom the focused pane (again: unzoom)",
            action: .zoom),
    Binding(keys: [.character("?")], scope: .mode(.navigation), description: "show this help", action: .help),
    Binding(keys: [.character("i"), .character(":")], scope: .mode(.navigation),
            description: "back to the command line (in a replay: take over live here)", action: .toCommandLine),
    Binding(keys: [.character("q")], scope: .mode(.navigation), description: "quit", action: .quit),
    Binding(keys: [.character(" ")], scope: .mode(.navigation), description: "replay: play / pause",
            action: .replayPlayPause),
    Binding(keys: [.character(".")], scope: .mode(.navigation), description: "replay: one command forward",
            action: .replayForward),
    Binding(keys: [.character(",")], scope: .mode(.navigation),
            description: "replay: one command back (state rebuilt from the start)", action: .replayBack),
    Binding(keys: [.character("]")], scope: .mode(.navigation), description: "replay: to the next section",
            action: .replayNextSection),
  ]

  private static let anywhereRows: [Binding] = [
    Binding(keys: [.function(1)], scope: .anywhere, description: "help", action: .help),
    Binding(keys: [.pageUp], scope: .anywhere, description: "scroll the focused pane up", action: .pageUp),
    Binding(keys: [.pageDown], scope: .anywhere, description: "scroll the focused pane down", action: .pageDown),
    Binding(keys: [.ctrl("l")], scope: .anywhere, description: "redraw the screen (attached: read the app's stacks again)", action: .redraw),
    Binding(keys: [.ctrl("c")], scope: .anywhere, description: "quit (asks first while recording)",
            action: .interrupt),
  ]

  /// The help text: a first walk-through, then every key from the table, then the commands.
  public static func helpLines(commandSummary: String?) -> [String] {
    var lines = [
      "DIScope playground — type a command and press Enter; every pane follows the container.",
      "",
      "First steps (the demo world is already registered):",
      "  resolve ControlContext        build it; pane 2 shows what was created or cached",
      "  protocol Logger               declare a service type",
      "  class ConsoleLogger: Logger   declare an implementation",
      "  register Logger = ConsoleLogger   pane 1 shows its stack and token (t…)",
      "  mock Logger                   push a mock on top; pane 3 shows what it shadows",
      "  unmock Logger                 pop it: the registration below answers again",
      "  remove t1                     remove one registration by its token",
      "",
    ]
    lines += keymap.helpLines(modes: [(.command, "Command mode"), (.navigation, "Navigation mode")])
    lines += ["", "  Ctrl-Z  suspend to the shell ('fg' comes back)"]
    lines += ["", "Playground commands", "  :record FILE  :stop  :save FILE  :save! FILE  :open FILE  :quit"]
    if let commandSummary {
      lines += ["", "Commands (help COMMAND for one)"] + commandSummary.split(separator: "\n").map { "  " + $0 }
    }
    lines += ["", "Esc, q or ? closes this help; arrows, PgUp/PgDn, Home/End (g/G) move through it."]
    return lines
  }
}
