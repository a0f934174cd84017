import DIScope
import DisSyntax

/// Runs a parsed script in a fresh ``Session`` and compares each command with its file: its
/// success (or failure, with `!`) and, when it has an expected block, its output.
///
/// ```swift
/// let result = ScriptReplay().replay(script)
/// for mismatch in result.mismatches { print(mismatch.rendered()) }
/// ```
public struct ScriptReplay: Sendable {
  /// The options of the session each replay runs in.
  public var options: SessionOptions

  /// Creates a replayer.
  public init(options: SessionOptions = SessionOptions()) {
    self.options = options
  }

  /// Replays `script`. With `section`, every command runs (later ones need the state earlier ones
  /// make) but only those under a `## section` of that title are checked; a script without it is
  /// skipped.
  public func replay(_ script: Script, section: String? = nil) -> ReplayResult {
    replay(script, section: section, in: Session(options: options))
  }

  /// Replays `script` in `session`, which may already hold state (a container built in Swift).
  func replay(_ script: Script, section: String?, in session: Session) -> ReplayResult {
    Self.replay(script, section: section) { session.execute($0, at: $1) }
  }

  /// Replays `script` through `execute`, which runs one command wherever its session is (in
  /// another process, for `discope attach --script`), and compares as a local replay does.
  ///
  /// ```swift
  /// let result = ScriptReplay.replay(script, section: nil) { entry, _ in remote.run(entry) }
  /// ```
  public static func replay(
    _ script: Script, section: String?,
    executing execute: (_ entry: Entry, _ site: RegistrationSite) -> CommandOutcome
  ) -> ReplayResult {
    var outcomes: [CommandOutcome] = []
    var mismatches: [Mismatch] = []
    var checkedLines: Set<Int> = []
    var current: String?
    var hasSection = section == nil
    for item in script.items {
      switch item.kind {
      case .section(let title):
        current = title
        if title == section { hasSection = true }
      case .entry(let entry):
        let outcome = execute(entry, RegistrationSite(fileID: script.path, line: item.location.line))
        outcomes.append(outcome)
        guard section == nil || current == section else { continue }
        checkedLines.insert(item.location.line)
        if let mismatch = Self.compare(entry, outcome, path: script.path, line: item.location.line) {
          mismatches.append(mismatch)
        }
      default: break
      }
    }
    return ReplayResult(
      script: script, outcomes: outcomes, mismatches: mismatches, checkedLines: checkedLines,
      isSkipped: !hasSection)
  }

  /// The mismatch between `entry` as written and what running it did, or `nil` when they agree.
  static func compare(_ entry: Entry, _ outcome: CommandOutcome, path: String, line: Int) -> Mismatch? {
    if outcome.playgroundCommand != nil { return nil }
    var problem: String?
    var cause: [String] = []
    if outcome.isFailure && !entry.isExpectedToFail {
      // Why it failed first: that is what to fix, far more often than a missing '!'.
      cause = outcome.failureLines
      problem = "note: the command failed, but has no '!' (if the failure is expected, add '! ' before it)"
    } else if !outcome.isFailure && entry.isExpectedToFail {
      problem = "error: the command succeeded, but its '!' says it must fail"
    }
    let diff = OutputDiff(path: path, commandLine: line, entry: entry, actual: outcome.output)
    guard problem != nil || diff != nil else { return nil }
    let command = (entry.isExpectedToFail ? "! " : "") + entry.command.description
    let header = "\(path):\(line): " + (command.split(separator: "\n").first.map(String.init) ?? "")
    return Mismatch(
      header: header, line: line, cause: cause, statusProblem: problem, diff: diff, actual: outcome.output)
  }
}

/// What replaying one script found.
public struct ReplayResult: Sendable {
  /// The script replayed.
  public let script: Script
  /// Each command's outcome, in order (every command, checked or not).
  public let outcomes: [CommandOutcome]
  /// The commands that did not match, in file order.
  public let mismatches: [Mismatch]
  /// The lines of the commands checked: all of them, or with a section only those under it.
  public let checkedLines: Set<Int>
  /// How many commands were checked.
  public var checkedCount: Int { checkedLines.count }
  /// Whether the script had no section of the name asked for.
  public let isSkipped: Bool

  /// Whether everything checked matched.
  public var passed: Bool { mismatches.isEmpty }
}
