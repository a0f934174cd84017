import DIScope
import DisSyntax

/// One exercise of the course: a goal in prose, a starting world, hints, a check and a reference
/// solution, all in one `.dis` file, in sections:
///
/// ```text
/// # Exercise 1: the newest registration answers
/// ## Goal
/// # Make 'Logger' resolve to a FileLogger without removing anything.
/// ## Hints
/// # hint: a new registration goes on top of its service's stack.
/// ## Start
/// protocol Logger
/// ...
/// ## Solution
/// register Logger = FileLogger
/// ## Check
/// # missing: 'Logger' still resolves to the ConsoleLogger: push a FileLogger over it
/// expect Logger is FileLogger
/// ```
///
/// The check states the goal as the container's state: what answers, the stacks, what is cached,
/// what instances hold, what was disposed (`expect` lines, and commands such as `resolve S` or
/// `validate` that must succeed). It never matches printed text: a check with an output block,
/// or marked `!`, is refused. A `# missing: ...` comment above a check says, in the learner's
/// words, what is still to do while that check does not hold (`missing(after:)`).
///
/// Replayed as a script (`discope test`), the file runs the start, the solution, then the check:
/// so the suite proves the solution solves it. The learner's session starts from the start; after
/// each command they type, the check runs on a fresh session replaying the start and their
/// commands, so checking changes nothing in the session they work in.
public struct Exercise: Sendable {
  /// The file the exercise comes from.
  public let path: String
  /// `Exercise 1: the newest registration answers` (from the file's first comment).
  public let title: String
  /// The goal, a line a comment.
  public let goal: [String]
  /// Up to three hints, in the order `:hint` shows them.
  public let hints: [String]
  /// The starting world: declarations and registrations run before the learner types, each with
  /// where it is written in the exercise's file (`04-prototype-versus-graph.dis:14`), which the
  /// registrations it makes name in pane 1 and in hints, so a learner can find the line.
  public let start: [(entry: Entry, site: RegistrationSite)]
  /// The reference solution, each command with where it is written in the exercise's file, as
  /// the start's: `:solution` replays it there, so the registrations it makes name their line.
  public let solution: [(entry: Entry, site: RegistrationSite)]
  /// What must hold: commands (`expect` lines, mostly) that must all succeed.
  public let checks: [Entry]
  /// For each check, by its place in `checks`, the `# missing: ...` comment written above it.
  public let missingNotes: [Int: String]

  /// Reads an exercise from a parsed script; `nil`, with why, when a section is missing.
  public init(script: Script) throws(ExerciseError) {
    var section = ""
    var title: String?
    var goal: [String] = [], hints: [String] = []
    var start: [(entry: Entry, site: RegistrationSite)] = []
    var solution: [(entry: Entry, site: RegistrationSite)] = []
    var checks: [Entry] = []
    var missingNotes: [Int: String] = [:], pendingNote: String?
    for item in script.items {
      switch item.kind {
      case .section(let name): section = name.trimmingSpaces.lowercased()
      case .comment(let text):
        let line = text.trimmingSpaces
        if title == nil && section.isEmpty { title = line }
        if section == "goal" { goal.append(line) }
        if section == "hints", line.lowercased().hasPrefix("hint:") {
          hints.append(String(line.dropFirst(5)).trimmingSpaces)
        }
        if section == "check", line.lowercased().hasPrefix("missing:") {
          pendingNote = String(line.dropFirst(8)).trimmingSpaces
        }
      case .entry(let entry):
        switch section {
        case "start": start.append((entry, RegistrationSite(fileID: script.path, line: item.location.line)))
        case "solution": solution.append((entry, RegistrationSite(fileID: script.path, line: item.location.line)))
        case "check":
          // The goal is a state, not what a command prints: nothing printed is matched.
          if entry.expectedOutput != nil || entry.isExpectedToFail {
            throw ExerciseError(
              path: script.path,
              message: "'\(entry.command)' under '## Check' has an output block or a '!': a check states what must hold "
                + "('expect ...'), and must succeed")
          }
          if let note = pendingNote { missingNotes[checks.count] = note }
          pendingNote = nil
          checks.append(entry)
        default: throw ExerciseError(path: script.path, message: "a command outside the Start, Solution and Check sections")
        }
      case .blank, .versionHeader: break
      }
    }
    guard let title else { throw ExerciseError(path: script.path, message: "no title (a first comment line)") }
    guard !goal.filter({ !$0.isEmpty }).isEmpty else { throw ExerciseError(path: script.path, message: "no '## Goal'") }
    guard !checks.isEmpty else { throw ExerciseError(path: script.path, message: "no command under '## Check'") }
    guard !solution.isEmpty else { throw ExerciseError(path: script.path, message: "no '## Solution'") }
    path = script.path
    self.title = title
    self.goal = goal
    self.hints = Array(hints.prefix(3))
    self.start = start
    self.solution = solution
    self.checks = checks
    self.missingNotes = missingNotes
  }

  /// Whether the check holds after the start and `commands` (the learner's, in order; failed
  /// ones are skipped, as they changed nothing), on a fresh session.
  public func isSolved(after commands: [Entry]) -> Bool {
    firstUnmetCheck(after: commands) == nil
  }

  /// The first check that does not hold after the start and `commands`, with why; `nil` when
  /// every check holds.
  public func firstUnmetCheck(after commands: [Entry]) -> (check: Entry, why: [String])? {
    unmetCheck(after: commands).map { (checks[$0.index], $0.why) }
  }

  /// What is still missing after the start and `commands`, for the learner: the `# missing:`
  /// note of the first check that does not hold, else that check and what it printed; `nil`
  /// when the exercise is solved.
  ///
  /// ```swift
  /// exercise.missing(after: typed)
  /// // "the request's container is still there: ..."
  /// ```
  public func missing(after commands: [Entry]) -> String? {
    guard let (index, why) = unmetCheck(after: commands) else { return nil }
    if let note = missingNotes[index] { return note }
    let check = checks[index]
    let printed = why.first.map { ": \($0)" } ?? ""
    return "'\(check.command)' does not hold yet\(printed)"
  }

  private func unmetCheck(after commands: [Entry]) -> (index: Int, why: [String])? {
    let session = Session()
    // The start as the learner's session ran it, where it is written: a check's output names
    // its registrations as pane 1 does.
    for (entry, site) in start { _ = session.execute(entry, at: site) }
    for entry in commands { _ = session.execute(entry) }
    for (index, check) in checks.enumerated() {
      let outcome = session.execute(check)
      if outcome.isFailure { return (index, outcome.output) }
    }
    return nil
  }
}

/// An exercise file that is not one.
public struct ExerciseError: Error, Sendable, CustomStringConvertible {
  /// The file.
  public let path: String
  /// What is missing or wrong in it.
  public let message: String
  public var description: String { "\(path): not an exercise: \(message)" }
}

extension String {
  var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
