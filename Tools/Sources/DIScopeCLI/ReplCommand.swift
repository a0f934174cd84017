import ArgumentParser
import DIScope
import Playground

/// `discope repl [--record FILE] [--no-history] [--empty]`: the playground's engine one line at a
/// time, with libedit editing, history in `~/.discope_history` and tab completion. Not on a
/// terminal it reads standard input, so `discope repl < lesson.dis` prints a transcript.
///
/// ```text
/// discope repl
/// discope repl --record session.dis
/// discope repl --empty < lesson.dis > transcript.dis
/// ```
public struct ReplCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "repl",
    abstract: "Run .dis commands one line at a time (libedit history and Tab completion).")

  @Option(name: .long, help: "Append each command and its output to this .dis file as it happens.")
  var record: String?

  @Flag(name: .long, help: "Keep no history file (by default: ~/.discope_history).")
  var noHistory = false

  @Flag(name: .long, help: "Start on an empty container instead of the demo world.")
  var empty = false

  @Flag(name: .long, help: "Draw traces with ASCII instead of box-drawing characters.")
  var ascii = false

  public init() {}

  public func run() throws {
    let glyphs: ResolutionTree.Glyphs = ascii ? .ascii : .unicode
    var options = empty ? PlaygroundOptions.session(glyphs: glyphs) : PlaygroundOptions.demo(glyphs: glyphs)
    options.recordPath = record
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
    try endWithStatus(Playground.run(.demo()))
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
