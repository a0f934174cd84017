import ArgumentParser
import DIScopeDebug
import DisScript
import DisSyntax
import Foundation
import Playground

/// `discope attach [TARGET] [--repl | --script FILE.dis]`: the playground on the container of a
/// running app that started a `DebugServer`, from another terminal. TARGET is a socket path, a
/// pid or a name; without one, the attachable apps of this user are listed, and the only one is
/// attached.
///
/// ```text
/// discope attach                      # the one app serving, or the list
/// discope attach shop                 # by name (or pid, or socket path)
/// discope attach 4242 --repl          # the line REPL
/// discope attach 4242 --script staging.dis   # replay a script that only looks
/// discope attach 4242 --script fix.dis --allow-changes --keep-changes   # one that changes the app, kept
/// ```
public struct AttachCommand: ContextualCommand {
  public static let configuration = CommandConfiguration(
    commandName: "attach",
    abstract: "Open the playground on a running app's container (the app runs DebugServer).",
    discussion: """
      The app starts a server with DebugServer.start(container) (or startIfRequested, with \
      DISCOPE_ATTACH=1); its socket is in $XDG_RUNTIME_DIR/discope (or $TMPDIR/discope-UID). \
      Commands typed run in the app, on its container. Leaving detaches and leaves the app as it \
      was: what the session changed there (register, remove, scope, cache, mock, unmock, \
      activate, deactivate, container child) is undone, newest first, and what was undone is \
      said; the full-screen playground asks as you quit whether to keep the changes instead, \
      listing them; --repl and --script keep them only with --keep-changes. 'release #N' and \
      'shutdown' cannot be undone, and are said so; an instance the app keeps that still holds \
      what the session put in (a singleton rebuilt over its mock) is named, with the command that \
      rebuilds it, and leaving from a terminal offers to rebuild it (its registration lets go of \
      it, so the next resolve builds one with what answers now; what the app already holds of \
      it keeps it); with --no-input, or input that is no terminal, it never asks. The server tracks holders from its start: 'why' and 'show stale' say \
      'unknown', and why, of what was built before. --script refuses, before running anything, a \
      script with a command that changes the app, unless --allow-changes. Exit status: 0 on \
      quit, 130 on Ctrl-C; 1 when no app could be attached, or the script would change the app without \
      --allow-changes; with --script, discope test's statuses (0 passed, 1 a mismatch, 2 the \
      file does not parse).
      """)

  @ArgumentParser.Argument(help: "A socket path, a pid or an app name (default: the only app serving).")
  var target: String?

  @Flag(name: .long, help: "The line REPL instead of the full-screen playground.")
  var repl = false

  @Option(name: .long, help: ArgumentHelp("Replay a .dis file against the app, as 'discope test' does.", valueName: "FILE"))
  var script: String?

  @Option(name: .long, help: ArgumentHelp("Check only the commands under '## NAME' (with --script).", valueName: "NAME"))
  var section: String?

  @Option(name: .long, help: "Append each command and its output to this .dis file as it happens.")
  var record: String?

  @Flag(name: .long, help: "Let --script run commands that change the app (undone as it leaves, unless --keep-changes).")
  var allowChanges = false

  @Flag(name: .long, help: "With --repl or --script: leave the session's changes in the app (they are undone otherwise).")
  var keepChanges = false

  @Flag(name: .long, help: "Let a script piped into --repl write files with :save and :record.")
  var allowWrites = false

  @Flag(name: .long, help: "Never ask (as leaving does, to rebuild what still holds the session's changes); say how instead.")
  var noInput = false

  @Flag(name: .long, help: "List the attachable apps and stop.")
  var list = false

  @Flag(name: .long, help: "Draw traces with ASCII instead of box-drawing characters.")
  var ascii = false

  public init() {}

  public func validate() throws {
    if repl && script != nil { throw ValidationError("'--repl' and '--script' cannot go together: pick one.") }
    if section != nil && script == nil { throw ValidationError("'--section' goes with '--script FILE'.") }
    if record != nil && script != nil { throw ValidationError("'--record' records a session; '--script' replays one.") }
    if allowChanges && script == nil {
      throw ValidationError("'--allow-changes' goes with '--script FILE' (typed commands always may change the app).")
    }
    if keepChanges && !repl && script == nil {
      throw ValidationError("'--keep-changes' goes with '--repl' or '--script FILE' (the full-screen playground asks as you quit).")
    }
  }

  public func execute(in context: CommandContext) -> Int32 {
    let style = DiffStyle(usesColor: context.usesColor)
    let directory = SocketDirectory.standard(environment: context.environment)
    if list {
      listApps(directory.attachableProcesses(), in: directory, context: context)
      return 0
    }
    let path: String
    switch AttachTarget.resolve(target, in: directory) {
    case .found(let found): path = found
    case .failure(let message, let candidates):
      context.printErrorStyled(style.error(message))
      if !candidates.isEmpty { listApps(candidates, in: directory, context: context, toError: true) }
      return 1
    }
    if let script, !allowChanges, let refusal = Self.firstChange(inScriptAt: script) {
      context.printErrorStyled(style.error(refusal))
      context.printError(
        "hint: nothing ran; --allow-changes runs it (the changes are undone as it leaves, unless --keep-changes too)")
      return 1
    }
    var isASCII = ascii || !Playground.canDrawUnicode
    if let script, case .success(let bytes) = FileSystem.readScript(at: script),
      ScriptTestRunner.drawsInASCII(String(decoding: bytes, as: UTF8.self))
    {
      isASCII = true
    }
    let client: DebugClient
    do {
      client = try DebugClient.connect(to: path, asciiOnly: isASCII)
    } catch {
      context.printErrorStyled(style.error(error.message))
      return 1
    }
    if let script {
      let engine = RemoteEngine(client: client)
      let report = engine.replay(script, section: section)
      engine.view.close(keepingChanges: keepChanges)
      TestCommand.print(report, to: context, style: style, isUpdating: false)
      let summary = RunSummary([report])
      context.print(summary.line + " (against \(client.app.name), pid \(client.app.pid))")
      for line in engine.view.leaveReport?.lines(app: client.app) ?? [] { context.printError(line) }
      return summary.exitCode
    }
    return Playground.attach(
      to: client, recordPath: record,
      historyFile: repl ? PlaygroundOptions.defaultHistoryFile() : nil, repl: repl, isASCII: isASCII,
      allowsScriptedWrites: allowWrites, keepsChanges: keepChanges,
      asksOnLeaving: !noInput && isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1)
  }

  /// `fix.dis:3:1: 'remove t1' would change the container of the app it runs against`, for the
  /// first command of the script at `path` that changes the container; nil when none does (or
  /// the file cannot be read or parsed: the replay says so, as `discope test` does).
  static func firstChange(inScriptAt path: String) -> String? {
    // Read as every script is: a named pipe is refused, never waited on.
    let parsed = FileSystem.parseScript(at: path)
    for (entry, location) in parsed.script.locatedEntries {
      guard let change = entry.command.containerChange else { continue }
      let undo = change.isUndoable ? "" : ", and cannot be undone"
      return "\(path):\(location.line):\(location.column): '\(entry.command.description)' would \(change.wording) "
        + "of the running app\(undo); --script runs only commands that look unless --allow-changes"
    }
    return nil
  }

  private func listApps(
    _ apps: [AttachableProcess], in directory: SocketDirectory, context: CommandContext, toError: Bool = false
  ) {
    func say(_ line: String) {
      if toError { context.printError(line) } else { context.print(line) }
    }
    guard !apps.isEmpty else {
      say("no app is serving its container in \(directory.path)")
      say("hint: the app calls DebugServer.start(container), or DebugServer.startIfRequested(container) with DISCOPE_ATTACH=1")
      return
    }
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    say("PID      NAME                 SINCE                SOCKET")
    for app in apps {
      let since = formatter.string(from: Date(timeIntervalSince1970: app.since))
      say(
        String(app.pid).padding(toLength: 8, withPad: " ", startingAt: 0) + " "
          + app.name.padding(toLength: 20, withPad: " ", startingAt: 0) + " " + since + "  " + app.socketPath)
    }
  }
}

/// Which socket a TARGET names.
enum AttachTarget: Equatable {
  case found(String)
  case failure(String, candidates: [AttachableProcess])

  static func resolve(_ target: String?, in directory: SocketDirectory) -> AttachTarget {
    if let target, target.contains("/") || target.hasSuffix(".sock") {
      return .found(target)
    }
    let apps = directory.attachableProcesses()
    guard let target else {
      switch apps.count {
      case 1: return .found(apps[0].socketPath)
      case 0:
        return .failure(
          "no app is serving its container in \(directory.path) (it calls DebugServer.start(container))", candidates: [])
      default: return .failure("\(apps.count) apps are serving: name one (a pid, a name or a socket path)", candidates: apps)
      }
    }
    let matches = Int32(target).map { pid in apps.filter { $0.pid == pid } } ?? apps.filter { $0.name == target }
    switch matches.count {
    case 1: return .found(matches[0].socketPath)
    case 0: return .failure("no app '\(target)' is serving in \(directory.path)", candidates: apps)
    default: return .failure("\(matches.count) apps are named '\(target)': name one by pid", candidates: matches)
    }
  }
}
