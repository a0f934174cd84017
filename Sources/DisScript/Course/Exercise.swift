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
/// expect Logger is FileLogger
/// ```
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
  /// The starting world: declarations and registrations run before the learner types.
  public let start: [Entry]
  /// The reference solution.
  public let solution: [Entry]
  /// What must hold: commands (`expect` lines, mostly) that must all succeed.
  public let checks: [Entry]

  /// Reads an exercise from a parsed script; `nil`, with why, when a section is missing.
  public init(script: Script) throws(ExerciseError) {
    var section = ""
    var title: String?
    var goal: [String] = [], hints: [String] = []
    var start: [Entry] = [], solution: [Entry] = [], checks: [Entry] = []
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
      case .entry(let entry):
        switch section {
        case "start": start.append(entry)
        case "solution": solution.append(entry)
        case "check": checks.append(entry)
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
  }

  /// Whether the check holds after the start and `commands` (the learner's, in order; failed
  /// ones are skipped, as they changed nothing), on a fresh session.
  public func isSolved(after commands: [Entry]) -> Bool {
    firstUnmetCheck(after: commands) == nil
  }

  /// The first check that does not hold after the start and `commands`, with why; `nil` when
  /// every check holds.
  public func firstUnmetCheck(after commands: [Entry]) -> (check: Entry, why: [String])? {
    let session = Session()
    for entry in start + commands { _ = session.execute(entry) }
    for check in checks {
      let outcome = session.execute(check)
      if outcome.isFailure != check.isExpectedToFail { return (check, outcome.output) }
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
