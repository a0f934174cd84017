import ArgumentParser
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import DIScope
import Playground

/// `discope repl [--record FILE] [--no-history] [--empty | --demo]`: the playground's engine one
/// line at a time, with libedit editing, history in `~/.discope_history` and tab completion. Not
/// on a terminal it reads standard input as a script, starting empty as a script file does, so
/// `discope repl < lesson.dis` prints the lesson's transcript (`--demo` starts on the demo world).
///
/// ```text
/// discope repl
/// discope repl --record session.dis
/// discope repl < lesson.dis > transcript.dis
/// ```
public struct ReplCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "repl",
    abstract: "Run .dis commands one line at a time (libedit history and Tab completion).",
    discussion: """
      On a terminal, the line shows an escape sequence that is no key (a pasted colour) and a \
      bidirectional control as the language writes them, \\u{1B}[31m and \\u{202E} (in a string \
      they mean the same character); a line longer than 16384 bytes is refused as it is typed or \
      pasted; after Ctrl-Z, 'fg' draws the prompt and the line again. Ctrl-D on an empty line \
      or :quit leaves (:quit asks first while recording: y quits, any other key, Ctrl-D too, stays).
      """)

  @Option(name: .long, help: "Append each command and its output to this .dis file as it happens.")
  var record: String?

  @Flag(name: .long, help: "Keep no history file (by default: ~/.discope_history).")
  var noHistory = false

  @Flag(name: .long, help: "Start on an empty container instead of the demo world.")
  var empty = false

  @Flag(
    name: .long,
    help: "Start on the demo world even when standard input is not a terminal (a script piped in starts empty).")
  var demo = false

  @Flag(
    name: .long,
    help: "Let a script piped in write files with :save and :record (typed commands always may).")
  var allowWrites = false

  @Flag(name: .long, help: "Draw traces with ASCII instead of box-drawing characters.")
  var ascii = false

  public init() {}

  public func validate() throws {
    if empty && demo { throw ValidationError("'--empty' and '--demo' cannot go together: pick one.") }
  }

  public func run() throws {
    let glyphs: ResolutionTree.Glyphs = ascii ? .ascii : .unicode
    // A script piped in starts as a script file does: on an empty container.
    let startsEmpty = empty || (!demo && isatty(STDIN_FILENO) == 0)
    var options = startsEmpty ? PlaygroundOptions.session(glyphs: glyphs) : PlaygroundOptions.demo(glyphs: glyphs)
    options.recordPath = record
    options.allowsScriptedWrites = allowWrites
    options.historyFile = noHistory ? nil : PlaygroundOptions.defaultHistoryFile()
    try endWithStatus(Playground.runREPL(options))
  }
}

/// Opens the playground the way `discope` with no arguments does: the TUI on the demo world on a
/// terminal, plain lines otherwise. For the root command's `run()`.
///
/// ```swift
/// mutating func run() throws { try PlaygroundLauncher.runDefault() }
/// ```
public enum PlaygroundLauncher {
  public static func runDefault() throws {
    try endWithStatus(Playground.run(.demo(glyphs: Playground.canDrawUnicode ? .unicode : .ascii)))
  }
}

/// `discope self-test` (hidden): the terminal check of TerminalUI, for a person to run by eye.
public struct SelfTestCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "self-test", abstract: "Check this terminal with a small full-screen program.",
    shouldDisplay: false)

  public init() {}

  public func run() throws { try endWithStatus(Playground.terminalSelfTest()) }
}
