import DIScopeDebug
import DisScript
import DisSyntax

/// The playground on a container in another process: `discope attach`.
extension Playground {
  /// Opens the full-screen playground (or, with `repl`, the line REPL) on the container of the
  /// app at the other end of `client`: its stacks, the resolutions its threads make, its mock
  /// swaps, and commands that run in the app. Leaving detaches: the app goes on as it was, and
  /// the mocks the session pushed are removed unless the user kept them.
  ///
  /// ```swift
  /// let client = try DebugClient.connect(to: path)
  /// exit(Playground.attach(to: client, recordPath: nil, repl: false))
  /// ```
  public static func attach(
    to client: DebugClient, recordPath: String? = nil, historyFile: String? = nil, repl: Bool = false, isASCII: Bool = false,
    allowsScriptedWrites: Bool = false
  ) -> Int32 {
    let engine = RemoteEngine(client: client)
    var options = PlaygroundOptions(engineFactory: { engine })
    options.allowsScriptedWrites = allowsScriptedWrites
    options.isASCII = isASCII
    options.recordPath = recordPath
    options.historyFile = historyFile
    let status = repl ? runREPL(options) : run(options)
    // Already closed when the user chose at the question; otherwise nothing was pushed that
    // stays, or the user left without a question (Ctrl-D in the REPL): take the mocks out.
    engine.view.close(keepingMocks: false)
    return status
  }
}

extension RemoteEngine {
  /// Replays the `.dis` file at `path` against the app, as `discope test` replays it locally:
  /// every command runs in the app, and its output is compared with the file's.
  ///
  /// ```swift
  /// let report = RemoteEngine(client: client).replay("staging.dis")
  /// ```
  public func replay(_ path: String, section: String? = nil) -> FileReport {
    ScriptTestRunner(section: section).runFile(path) { entry in
      if case .playground(let command) = entry.command {
        return CommandOutcome(entry: entry, output: [], isFailure: false, playgroundCommand: command)
      }
      let outcome = run(entry)
      return CommandOutcome(entry: entry, output: outcome.output, isFailure: outcome.isFailure)
    }
  }
}
