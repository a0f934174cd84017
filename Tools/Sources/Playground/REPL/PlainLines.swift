import DIScope
import DisScript
import DisSyntax
import Foundation

/// The playground without a terminal: commands are read from standard input line by line and
/// the session's transcript is printed as it grows, so `discope repl < lesson.dis > out.dis`
/// prints a valid `.dis` file. Expected-output lines (indented by two spaces) of a script fed in
/// are skipped; comments pass through. The status is 1 when a command failed unexpectedly, 74
/// when output could not be written (every command still runs: a recording is completed).
enum PlainLines {
  /// Runs the session on `standardInput`'s lines (the process's own unless a test gives its
  /// stand-in), or on the lines of the script `play` was given.
  static func run(
    _ options: PlaygroundOptions, standardInput: @autoclosure () -> LineSource = .standardInput()
  ) -> Int32 {
    var options = options
    // Without a terminal, a script given to `play` is read as the input.
    let input: LineSource
    if let path = options.scriptPath {
      // Read as every script is: never waiting on a pipe, one size rule.
      switch FileSystem.readScript(at: path) {
      case .success(let bytes): input = LineSource(bytes: bytes, path: path)
      case .failure(let diagnostic):
        Playground.printError(diagnostic.rendered(in: nil))
        return 1
      }
    } else {
      input = standardInput()
    }
    options.scriptPath = nil
    let controller: PlaygroundController
    do {
      controller = try Playground.makeController(options, isSynchronous: true)
      controller.asksAboutSessionChanges = false
    } catch {
      Playground.printError(PlaygroundError.printed(error))
      return 1
    }
    // Typed at a terminal (one that cannot hold the full screen): a prompt, and the commands not
    // printed again, since the terminal echoed them as they were typed.
    let isTyped = input.isTerminal
    let echoesCommands = !isTyped
    // A script read in writes no file unless its caller said so, as `run` and `test` write none.
    controller.allowsFileCommands = isTyped || options.allowsScriptedWrites
    // Nothing completes here: the words would be read after every command, which costs a walk
    // over every instance held (a replay quadratic in its length).
    controller.tracksCompletionWords = false
    controller.showsPanes = false
    var printer = TranscriptPrinter()
    printer.flush(controller, includesCommands: true)
    if let notice = controller.state.notice {
      Playground.printError(notice)  // what starting did (`recording to …`), said now
      controller.update { $0.notice = nil }
    }
    var block: [String] = []
    // Where the command being gathered starts, in what is read in: its registrations keep it.
    var blockSite: RegistrationSite?
    while true {
      if isTyped { printer.prompt(block.isEmpty ? "dis> " : "...> ") }
      guard let line = input.next() else {
        // Ctrl-D at the prompt: the shell's prompt starts on a line of its own.
        if isTyped { printer.prompt("\n") }
        break
      }
      if block.isEmpty && (line.hasPrefix("  ") || line.hasPrefix("%dis") || line.allSatisfy(\.isWhitespace)) {
        continue
      }
      if block.isEmpty && line.hasPrefix("#") {
        printer.write(line)
        continue
      }
      // A command read in, from a file or piped on standard input, starts at its line there
      // (`<stdin>:3`); one typed at a terminal has none, as in the full screen.
      if block.isEmpty, !isTyped, let name = input.name {
        blockSite = RegistrationSite(fileID: name, line: input.lineNumber)
      }
      block.append(line)
      let source = block.joined(separator: "\n")
      if ScriptParser.isIncomplete(source) { continue }
      block = []
      let outcome = controller.submitLine(source, at: blockSite)
      controller.settle()
      printer.flush(controller, includesCommands: echoesCommands)
      if let notice = controller.state.notice {
        // A notice the transcript holds is said once: on standard error too only when the
        // transcript goes into a file, where nobody reads it as it grows, and standard error
        // elsewhere (into a pipe, both often end on one terminal: `| tee`, `2>&1 | less`).
        if !controller.state.isNoticeTranscribed || isTranscriptInAFileOfItsOwn { Playground.printError(notice) }
        controller.update { $0.notice = nil }
      }
      if case .quit = outcome { break }
    }
    controller.settle()
    printer.flush(controller, includesCommands: true)
    return Playground.statusAfterWriting(controller.unexpectedFailures > 0 ? 1 : 0)
  }
}

/// Whether standard output is a regular file that standard error is not.
private let isTranscriptInAFileOfItsOwn: Bool = {
  var output = stat()
  var error = stat()
  guard fstat(1, &output) == 0, output.st_mode & S_IFMT == S_IFREG else { return false }
  guard fstat(2, &error) == 0 else { return true }
  return !(error.st_dev == output.st_dev && error.st_ino == output.st_ino)
}()

/// Prints the transcript lines that appeared since the last flush.
struct TranscriptPrinter {
  private var printed = 0
  private var lastEpoch = 0
  var colors = false
  /// Wrap output lines at this many columns, at words, a continuation indented under its line
  /// (the interactive REPL: help and errors read at the terminal's width); nil prints lines whole
  /// (a transcript, which must read back as it is).
  var wrapWidth: (() -> Int?)?

  mutating func flush(_ controller: PlaygroundController, includesCommands: Bool) {
    let lines = controller.state.transcript.lines
    if controller.state.epoch != lastEpoch || printed > lines.count {
      printed = 0
      lastEpoch = controller.state.epoch
    }
    let width = wrapWidth?()
    for line in lines[printed...] where includesCommands || line.kind != .command {
      let whole = includesCommands ? line.text : String(line.text.dropFirst(line.text.hasPrefix("  ") ? 2 : 0))
      for text in width.map({ ProseText.wrap(whole.terminalSafe, width: max(20, $0 - 1)) }) ?? [whole] {
        if colors && line.kind == .error {
          StandardStreams.print("\u{1B}[31m\(text.terminalSafe)\u{1B}[0m\n")
        } else {
          write(text)
        }
      }
    }
    printed = lines.count
  }

  func write(_ line: String) {
    StandardStreams.print(line.terminalSafe + "\n")
  }

  /// Writes `prompt` with no newline: the answer is typed after it.
  func prompt(_ prompt: String) {
    StandardStreams.print(prompt)
  }
}

/// Lines from standard input or a file, without their line endings.
final class LineSource {
  /// A file's lines, read whole; `nil` for standard input.
  private var lines: IndexingIterator<[ArraySlice<UInt8>]>?
  /// Standard input's next line, `nil` at its end (unused for a file).
  private let readLine: () -> String?
  /// What the lines' sites name as their file: a file's path, ``standardInputName`` for standard
  /// input; `nil` for a file read without a name.
  let name: String?
  /// Whether the lines are typed at a terminal as they come (standard input on one).
  let isTerminal: Bool
  /// The line `next()` returned last, counted from 1.
  private(set) var lineNumber = 0

  /// The file a command piped on standard input names as its site (`<stdin>:3`), as compilers and
  /// interpreters name a source without a path.
  static let standardInputName = "<stdin>"

  /// The process's standard input; `isTerminal` and `readLine` stand in for it in a test.
  static func standardInput(
    isTerminal: Bool = isatty(0) == 1, readLine: @escaping () -> String? = { Swift.readLine(strippingNewline: true) }
  ) -> LineSource {
    LineSource(lines: nil, name: standardInputName, isTerminal: isTerminal, readLine: readLine)
  }

  private init(
    lines: IndexingIterator<[ArraySlice<UInt8>]>?, name: String?, isTerminal: Bool,
    readLine: @escaping () -> String?
  ) {
    self.lines = lines
    self.name = name
    self.isTerminal = isTerminal
    self.readLine = readLine
  }
  /// The lines of a file's bytes (read by ``FileSystem/readScript(at:limits:)``) at `path`.
  convenience init(bytes: [UInt8], path: String? = nil) {
    var all = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if all.last?.isEmpty == true { all.removeLast() }
    self.init(lines: all.makeIterator(), name: path, isTerminal: false, readLine: { nil })
  }

  func next() -> String? {
    lineNumber += 1
    guard lines != nil else { return readLine() }
    guard var line = lines?.next().map({ String(decoding: $0, as: UTF8.self) }) else { return nil }
    while line.hasSuffix("\r") { line.removeLast() }
    return line
  }
}
