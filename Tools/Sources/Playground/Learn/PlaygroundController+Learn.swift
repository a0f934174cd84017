import DIScope
import DisSyntax

/// `:hint`, `:goal`, `:solution` and `:next`: the playground's commands for `discope learn`.
extension PlaygroundController {
  /// Opens exercise `index` of the course: a fresh session on its start, its goal under the panes.
  public func openExercise(_ index: Int) {
    guard let learn else { return }
    learn.open(index)
    // Each start command at its line of the exercise's file: pane 1 names where the exercise
    // made a registration, as it does for a script played.
    let start = learn.exercise.start.map { ($0.entry, [String](), site: Optional($0.site)) }
    restart(replaying: start)
    update {
      $0.replay = nil
      $0.pinnedProse = learn.goalProse
      // Whole in plain lines (no panes there), as a notice; in full screen, on the course line,
      // a row of its own above the command line.
      let goal = "\(learn.exercise.title) (\(index + 1) of \(learn.course.exercises.count)). Goal: "
        + learn.exercise.goal.filter { !$0.isEmpty }.joined(separator: " ")
      $0.courseLine = PlaygroundState.CourseLine(text: goal, isSolved: false)
      $0.notice = goal
    }
  }

  func performLearn(_ command: PlaygroundCommand) {
    guard let learn else {
      update { $0.notice = "':\(command.name)' is for 'discope learn': open the course with it" }
      return
    }
    switch command {
    case .hint:
      update { $0.notice = learn.nextHint() }
    case .goal:
      update { $0.overlay = .explanation(title: learn.exercise.title, lines: learn.goalAndWhatIsMissing) }
    case .solution:
      update {
        $0.overlay = .confirmSolution
        $0.notice = "Show the solution? y steps through it (try ':hint' first), any other key goes back"
      }
    case .next:
      guard learn.index + 1 < learn.course.exercises.count else {
        update { $0.notice = "that was the last exercise: the course is done ('discope learn --list')" }
        return
      }
      openExercise(learn.index + 1)
    default:
      break
    }
  }

  /// Runs the reference solution's commands, one by one, as if typed, each at its line of the
  /// exercise's file: pane 1 names where the solution made a registration, as for the start.
  func stepThroughSolution() {
    guard let learn else { return }
    learn.usedSolution = true
    for (entry, site) in learn.exercise.solution { submitEntry(entry, prose: [], site: site) }
  }
}
