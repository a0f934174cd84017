import DisSyntax
import Foundation

/// How to start the playground: which engine, on what, recording where.
///
/// `@unchecked Sendable`: its one reference type, `learn`, is made by the caller and handed to
/// the playground, which uses it on its own thread only (the options are not used after).
///
/// ```swift
/// var options = PlaygroundOptions(engineFactory: { Session() })
/// options.scriptPath = "lesson.dis"
/// options.recordPath = "mine.dis"
/// exit(Playground.run(options))
/// ```
public struct PlaygroundOptions: @unchecked Sendable {
  /// Makes the engine; called again for a fresh session when a replay steps back or `:open` runs.
  public var engineFactory: PlaygroundEngineFactory
  /// `.dis` text run (and shown, and recorded) first: the demo world's declarations and assembly.
  public var prelude: String?
  /// A script to open for stepping through, positioned at its start (`discope play FILE`).
  public var scriptPath: String?
  /// Record every command and its output to this file (`--record FILE`).
  public var recordPath: String?
  /// ASCII glyphs instead of box drawing in traces and marks.
  public var isASCII = false
  /// The REPL's history file; nil keeps no history.
  public var historyFile: String?
  /// `discope learn`: the course and the exercise to open, instead of a prelude or a script.
  public var learn: LearnSession?
  /// Whether a script read from standard input (not typed) may write files with `:save` and
  /// `:record` (`discope repl --allow-writes`); typed commands always may.
  public var allowsScriptedWrites = false
  /// The environment (TERM, NO_COLOR, HOME…).
  public var environment: [String: String] = ProcessInfo.processInfo.environment

  public init(engineFactory: @escaping PlaygroundEngineFactory) {
    self.engineFactory = engineFactory
  }

  /// `~/.discope_history`, or nil without a home directory.
  public static func defaultHistoryFile(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> String?
  {
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return (home as NSString).appendingPathComponent(".discope_history")
  }
}
