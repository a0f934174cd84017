import DisScript
import DisSyntax

/// `discope learn` in the playground: the course, the exercise being solved, what the learner
/// typed of it, and the progress file. After every command the learner types, the exercise's
/// check runs (on a fresh session: the learner's own is never touched); when it holds, the
/// exercise is solved, its progress saved, and the next one offered.
///
/// A class: the controller and its commands (`:hint`, `:goal`, `:solution`, `:next`) share it.
public final class LearnSession {
  public let course: Course
  /// The exercise open now, by its place in the course.
  public private(set) var index: Int
  public private(set) var progress: LearnProgress
  /// What the learner typed that succeeded, in order (the start's commands excluded).
  private(set) var commands: [Entry] = []
  /// Outcomes still to come of the start's commands (they are not the learner's).
  var pendingStartOutcomes = 0
  private(set) var hintsShown = 0
  public private(set) var isSolved = false
  /// Whether the learner stepped through the reference solution (`:solution`) in this attempt.
  var usedSolution = false

  public init(course: Course, index: Int, progress: LearnProgress) {
    self.course = course
    self.index = index
    self.progress = progress
  }

  public var exercise: Exercise { course.exercises[index] }

  /// The goal as prose for the region under the panes: the title, then the goal.
  var goalProse: [String] {
    ["## " + exercise.title] + exercise.goal.map { "# " + $0 }
      + ["#", "# ':hint' gives a hint, ':goal' shows this again, ':solution' shows the answer."]
  }

  /// The Swift the last command typed stands for.
  private(set) var lastSwift: String?

  /// Takes a finished command; returns what to tell the learner when it solved the exercise.
  func record(_ outcome: PlaygroundOutcome) -> String? {
    if pendingStartOutcomes > 0 {
      pendingStartOutcomes -= 1
      return nil
    }
    if let entry = outcome.entry, !outcome.isFailure {
      var translation = SwiftTranslation()
      translation.learn(exercise.start.map(\.entry) + commands)
      lastSwift = translation.line(for: entry.command)
    }
    guard let entry = outcome.entry, !outcome.isFailure, !isSolved else { return nil }
    commands.append(entry)
    guard exercise.isSolved(after: commands) else { return nil }
    isSolved = true
    progress.markSolved(Course.key(of: exercise), withSolution: usedSolution)
    var saved = "progress saved"
    do { try progress.save() } catch { saved = "progress not saved: \(error)" }
    let next = index + 1 < course.exercises.count
      ? ":next opens \(course.exercises[index + 1].title)" : "that was the last exercise: the course is done"
    let how = usedSolution ? "with the solution" : "solved"
    return "✓ \(how): \(exercise.title) (\(saved)); \(next)"
  }

  /// The goal, and once the learner has typed something that did not solve it yet, what is still
  /// missing (the check that does not hold, in the exercise's own words where it has them): what
  /// `:goal` shows.
  var goalAndWhatIsMissing: [String] {
    guard !isSolved, !commands.isEmpty, let missing = exercise.missing(after: commands) else {
      return exercise.goal
    }
    return exercise.goal + ["", "Still to do: \(missing)"]
  }

  /// The next hint, or a word that there is none left.
  func nextHint() -> String {
    guard !exercise.hints.isEmpty else { return "this exercise has no hints: ':goal' shows the goal again" }
    guard hintsShown < exercise.hints.count else {
      return "no more hints (\(exercise.hints.count) shown); ':solution' shows the answer"
    }
    hintsShown += 1
    return "hint \(hintsShown)/\(exercise.hints.count): \(exercise.hints[hintsShown - 1])"
  }

  /// Opens the exercise at `index` afresh.
  func open(_ index: Int) {
    self.index = index
    commands = []
    hintsShown = 0
    isSolved = false
    usedSolution = false
    lastSwift = nil
    pendingStartOutcomes = course.exercises[index].start.count
  }
}
