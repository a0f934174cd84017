import DIScope
import DisScript
import DisSyntax
import Foundation
import TerminalUI

/// The playground's entry points: the full-screen TUI, the line REPL, and the TUI attached to a
/// container of a running program.
///
/// ```swift
/// var options = PlaygroundOptions(engineFactory: { Session() })
/// options.prelude = demoScript
/// exit(Playground.run(options))          // the TUI; plain lines when not on a terminal
/// exit(Playground.runREPL(options))      // libedit prompt; plain lines when not on a terminal
/// ```
public enum Playground {
  /// Whether the full-screen playground can draw box-drawing glyphs here: not on a terminal (its
  /// output is text, always UTF-8), or under a UTF-8 locale. Under `LANG=C` ncurses draws them
  /// blank, so callers choose ASCII glyphs instead.
  public static var canDrawUnicode: Bool {
    !Screen.isInteractive || TerminalLocale.canDrawUnicode
  }

  /// Opens the full-screen playground. When standard input or output is not a terminal, or the
  /// terminal is unknown, reads commands line by line and prints plain output instead.
  /// Returns the exit status (0 on quit, 130 on Ctrl-C; signals end the process as they would;
  /// 74 when plain output could not be written, see ``outputError``).
  public static func run(_ options: PlaygroundOptions) -> Int32 {
    StandardStreams.holdClosedDescriptors()
    guard Screen.isInteractive else { return PlainLines.run(options) }
    let controller: PlaygroundController
    do {
      controller = try makeController(options, isSynchronous: false)
    } catch {
      printError(PlaygroundError.printed(error))
      return 1
    }
    do {
      return try Screen.withScreen(environment: options.environment) { screen in
        try PlaygroundLoop(screen: screen, controller: controller).run()
      }
    } catch let error as ScreenError {
      printError("note: \(error); reading commands line by line")
      return PlainLines.run(options)
    } catch {
      printError("error: \(error)")
      return 1
    }
  }

  /// The line REPL: libedit editing, history in `options.historyFile`, tab completion of
  /// commands, declared types, tokens and instance numbers. Plain lines when not on a terminal.
  /// Returns 74 when output could not be written (see ``outputError``).
  public static func runREPL(_ options: PlaygroundOptions) -> Int32 {
    StandardStreams.holdClosedDescriptors()
    guard Screen.isInteractive else { return PlainLines.run(options) }
    return InteractiveREPL.run(options)
  }

  /// Builds the controller: the engine, the prelude, a script to step through, a recording.
  static func makeController(_ options: PlaygroundOptions, isSynchronous: Bool) throws -> PlaygroundController {
    let controller = PlaygroundController(
      engine: options.engineFactory(), factory: options.engineFactory, isASCII: options.isASCII,
      isSynchronous: isSynchronous)
    controller.homeDirectory = options.environment["HOME"]
    if let scriptPath = options.scriptPath {
      // Read as every script is: never waiting on a pipe, one size rule.
      let parsed = FileSystem.parseScript(at: scriptPath)
      guard !parsed.hasErrors else { throw PlaygroundError(diagnostics: parsed.renderedDiagnostics) }
      controller.openReplay(ReplayScript(script: parsed.script))
    } else if let learn = options.learn {
      controller.learn = learn
      controller.openExercise(learn.index)
    } else if let prelude = options.prelude {
      controller.runPrelude(prelude)
    }
    if let recordPath = options.recordPath {
      controller.startRecording(to: recordPath, isFromCommandLine: true)
      if controller.state.recording == nil {
        // What went wrong, without the notice's "error: ": callers add their own prefix.
        throw PlaygroundError(controller.state.noticeProblem ?? controller.state.notice ?? "cannot record")
      }
    }
    controller.settle()
    return controller
  }

  static func printError(_ text: String) {
    StandardStreams.printError(text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { String($0).terminalSafe }.joined(separator: "\n") + "\n")
  }
}

/// A playground that cannot start: a script that does not parse, a file that cannot be written.
public struct PlaygroundError: Error, Sendable, CustomStringConvertible {
  public var description: String
  /// Whether `description` is rendered diagnostics (`path:line:col: error: …`), printed as they are.
  var isDiagnostic = false
  init(_ description: String) { self.description = description }
  init(diagnostics: String) {
    description = diagnostics
    isDiagnostic = true
  }

  /// How `error` is printed when the playground cannot start: `error: …`, or a script's
  /// diagnostics as they are (they say `error:` themselves).
  static func printed(_ error: any Error) -> String {
    if let error = error as? PlaygroundError, error.isDiagnostic { return error.description }
    return "error: \(error)"
  }
}

extension PlaygroundController {
  /// Runs `.dis` text's commands one by one, as if typed (the demo world's set-up).
  public func runPrelude(_ text: String) {
    // Named as `Session.demo()` names it: pane 1 shows a registration's line as `demo.dis:12`.
    let script = ReplayScript(script: ScriptParser().parse(text, path: "demo.dis").script)
    for step in script.steps { submitEntry(step.entry, prose: step.prose, site: script.site(of: step)) }
  }
}

extension Playground {
  /// TerminalUI's interactive terminal check (`discope self-test`).
  public static func terminalSelfTest() -> Int32 { TerminalSelfTest.run() }
}
