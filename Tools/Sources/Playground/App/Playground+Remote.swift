import DIScopeDebug
import DisScript
import DisSyntax

/// The playground on a container in another process: `discope attach`.
extension Playground {
  /// Opens the full-screen playground (or, with `repl`, the line REPL) on the container of the
  /// app at the other end of `client`: its stacks, the resolutions its threads make, its mock
  /// swaps, and commands that run in the app. Leaving detaches: the app goes on as it was, and
  /// what the session changed there is undone unless kept. The full screen asks, listing the
  /// changes, as the user quits; the REPL keeps them only with `keepsChanges`. What was undone or
  /// kept is said on standard error once the screen is put back. With `asksOnLeaving` (someone
  /// at a terminal to answer), leaving undoes first, still attached, and asks about each
  /// instance that still holds what the session put in whether the app should rebuild it (see
  /// `RebuildOffer`); otherwise, or after Ctrl-C, the report says how.
  ///
  /// ```swift
  /// let client = try DebugClient.connect(to: path)
  /// exit(Playground.attach(to: client, recordPath: nil, repl: false))
  /// ```
  public static func attach(
    to client: DebugClient, recordPath: String? = nil, historyFile: String? = nil, repl: Bool = false, isASCII: Bool = false,
    allowsScriptedWrites: Bool = false, keepsChanges: Bool = false, asksOnLeaving: Bool = false
  ) -> Int32 {
    let rule =
      if !repl { ":quit asks whether to keep it or undo it" } else if keepsChanges {
        "leaving keeps it (--keep-changes)"
      } else { "leaving undoes it (discope attach --repl --keep-changes keeps it)" }
    let engine = RemoteEngine(client: client, leavingRule: rule)
    // Someone to answer: leaving undoes first and stays attached, for the rebuild offer.
    engine.view.offersRebuild = asksOnLeaving
    var options = PlaygroundOptions(engineFactory: { engine })
    options.allowsScriptedWrites = allowsScriptedWrites
    options.isASCII = isASCII
    options.recordPath = recordPath
    options.historyFile = historyFile
    let status = repl ? runREPL(options) : run(options)
    // Already closed when the user chose at the question; otherwise the REPL's flag decides, and
    // a screen left without the question (nothing changed, or the app ended) keeps nothing.
    engine.view.close(keepingChanges: repl && keepsChanges)
    let report = engine.view.leaveReport
    // Interrupted (Ctrl-C), the user wants out: no question, the report says how.
    let offer = RebuildOffer(report: report, canAsk: asksOnLeaving && status != 130)
    for line in report?.lines(app: client.app, offersRebuild: offer != nil) ?? [] { printError(line) }
    if let offer {
      let accepted = offer.holders.filter { RebuildOffer.isYes(askOnStandardError(RebuildOffer.question(for: $0))) }
      if !accepted.isEmpty { for line in engine.view.rebuild(accepted) { printError("  " + line) } }
      if accepted.count < offer.holders.count { printError("  " + RebuildOffer.declinedHint) }
    }
    for line in engine.view.detachAfterUndo()?.lines(app: client.app) ?? [] { printError(line) }
    return status
  }

  /// Writes `question` on standard error, where the leave report goes, and reads the answer on
  /// standard input; `nil` at its end.
  private static func askOnStandardError(_ question: String) -> String? {
    StandardStreams.printError(question.terminalSafe)
    return readLine()
  }
}

extension LeaveReport {
  /// What leaving did, for a person: nothing when the session changed nothing.
  ///
  /// ```text
  /// left shop (pid 4242) as it was: undone, newest first:
  ///   put back t1 Config -> AppConfig [singleton]
  /// ```
  public func lines(app: AppIdentity, offersRebuild: Bool = false) -> [String] {
    var lines: [String] = []
    let who = "\(app.name) (pid \(app.pid))"
    if !kept.isEmpty { lines += ["left \(who) with this session's changes kept:"] + kept.map { "  " + $0 } }
    if !undone.isEmpty {
      // "As it was" only when it is: nothing kept, nothing left undone, and no instance left
      // holding what the session put in.
      let head = leftAsItWas ? "left \(who) as it was" : "left \(who)"
      lines += ["\(head): undone, newest first:"] + undone.map { "  " + $0 }
    }
    if !notUndone.isEmpty { lines += ["not undone in \(who):"] + notUndone.map { "  " + $0 } }
    if let stillHolding, !stillHolding.isEmpty {
      lines += ["still holding what this session put in, in \(who):"] + stillHolding.map { "  " + $0 }
      // Offered, the questions follow instead, and the hint only for what is declined.
      if !offersRebuild {
        lines.append("  hint: attach again and run the fix named to rebuild each, or leave it until the app rebuilds it")
      }
    }
    return lines
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
    ScriptTestRunner(section: section).runFile(path) { entry, site in
      let outcome = run(entry, at: site)
      return CommandOutcome(
        entry: entry, output: outcome.output, isFailure: outcome.isFailure, playgroundCommand: outcome.playgroundCommand,
        errorLines: outcome.errorLines)
    }
  }
}
