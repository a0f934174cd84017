import DisSyntax
import Foundation
import Synchronization
import TerminalUI

/// `discope repl` on a terminal: libedit's line editing with history (kept in a file across
/// sessions unless turned off) and tab completion from the session's own names. Output is
/// printed under each command; errors in red unless `NO_COLOR` is set. Ctrl-C cancels the line
/// (or the block) being typed; Ctrl-D on an empty line, or `:quit`, leaves.
enum InteractiveREPL {
  static func run(_ options: PlaygroundOptions) -> Int32 {
    let controller: PlaygroundController
    do {
      controller = try Playground.makeController(options, isSynchronous: true)
      controller.asksAboutSessionChanges = false
      // Only the transcript is printed here: no pane is drawn, so none is computed (reading the
      // stacks after every command cost as much as running it, as for a script piped in).
      controller.showsPanes = false
    } catch {
      Playground.printError("error: \(error)")
      return 1
    }
    let words = Mutex(controller.state.completionWords)
    let reader = LineReader(historyFile: options.historyFile, lineLimit: ParserLimits().maximumLineLength) { request in
      CommandCompletion.candidates(for: request, words: words.withLock { $0 })
    }
    var printer = TranscriptPrinter()
    printer.colors = ColorPolicy.isColorEnabled(environment: options.environment, terminalHasColors: true)
    // Help and errors wrap at the terminal's width, read again at each command (it may resize).
    printer.wrapWidth = { TerminalWidth.columns(of: STDOUT_FILENO) }
    StandardStreams.print("DIScope REPL — 'help' lists the commands, Tab completes, Ctrl-D leaves.\n")
    printer.flush(controller, includesCommands: false)
    if !TerminalLocale.canDrawUnicode {
      // libedit drops what it cannot decode: say it before anything is typed.
      StandardStreams.print(
        "note: this terminal's locale is not UTF-8 (LANG=C?): characters beyond ASCII cannot be typed; "
          + "run with LANG=C.UTF-8\n")
    }
    if let notice = controller.state.notice {
      // What starting did (`recording to …`), said now rather than after the first command.
      StandardStreams.print(notice.terminalSafe + "\n")
      controller.update { $0.notice = nil }
    }
    var status: Int32 = 0
    var interruptionsInARow = 0
    reading: while true {
      let line: String
      switch reader.read(prompt: controller.state.continuation.isEmpty ? "dis> " : "...> ") {
      case .line(let read):
        line = read
        interruptionsInARow = 0
      case .interrupted:
        // Ctrl-C cancels what is being typed: the line, a block not yet closed, a question.
        controller.update {
          $0.continuation = []
          $0.overlay = nil
        }
        interruptionsInARow += 1
        if interruptionsInARow == 2 { StandardStreams.print("(Ctrl-D on an empty line or :quit leaves the REPL)\n") }
        continue reading
      case .tooLong(let bytes):
        // Cut off as it came (the editor draws the whole line at every key, so a paste of
        // megabytes took minutes): refused as the parser refuses a line of a script.
        StandardStreams.print(
          "error: not run: the line is too long: \(bytes) bytes, the limit is \(reader.lineLimit); "
            + "to fix, split it (a block can span lines: 'assembly A {' … '}')\n")
        continue reading
      case .lineWithDroppedCharacters(let left):
        // Run, what is left would be another command than the one typed (`protocol Café`
        // declaring `Caf`): nothing runs, and the line stays in the history to fix.
        StandardStreams.print(
          "error: not run: characters beyond ASCII were dropped from this line, because this "
            + "terminal's locale is not UTF-8 (LANG=C?); run with LANG=C.UTF-8 to type them"
            + (left.isEmpty ? "" : " (left: \(left.terminalSafe))") + "\n")
        continue reading
      case .end:
        if controller.state.isAskingToQuit {
          // Ctrl-D answers no question (`QuitQuestion`): it stays, as the question says.
          controller.handle(.ctrl("d"))
          StandardStreams.print("(staying: Ctrl-D is no answer; :quit asks again)\n")
          continue reading
        }
        break reading
      }
      // Saved line by line: a signal or a closed terminal end the process without a last
      // chance to save, and a command typed must not be lost with it.
      reader.saveHistory()
      let outcome = controller.submitLine(line)
      controller.settle()
      printer.flush(controller, includesCommands: false)
      // A notice the transcript holds was printed with it.
      if let notice = controller.state.notice {
        if !controller.state.isNoticeTranscribed { StandardStreams.print(notice.terminalSafe + "\n") }
        controller.update { $0.notice = nil }
      }
      words.withLock { $0 = controller.state.completionWords }
      if case .quit(let code) = outcome {
        status = code
        break reading
      }
    }
    reader.saveHistory()
    return Playground.statusAfterWriting(status)
  }
}
