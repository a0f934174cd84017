import ArgumentParser
import DIScope
import DisScript
import Foundation
import Playground

/// `discope learn [N] [--list] [--reset]`: the course's exercises, solved in the playground.
/// Each has a goal (shown under the panes), a starting world, hints and a check that runs after
/// every command typed; solved, it is saved in the progress file and the next one offered.
///
/// ```text
/// discope learn            # resume at the first exercise not solved yet
/// discope learn 3          # open exercise 3
/// discope learn --list     # every exercise, solved or not
/// discope learn --reset    # forget what was solved
/// ```
public struct LearnCommand: ContextualCommand {
  public static let configuration = CommandConfiguration(
    commandName: "learn",
    abstract: "Solve the course's exercises in the playground; progress is saved.",
    discussion: """
      Each exercise's goal is a state of the container (what answers, the stacks, what is \
      cached, what instances hold, what was disposed), checked after every command you type; \
      typing a command that looks like the answer is not enough. The goal shows on a line of \
      its own above the command line, and once solved, '✓ solved' stays there until the next \
      exercise. Progress lives in $XDG_STATE_HOME/discope/progress (by default \
      ~/.local/state/discope/). In the playground, ':hint' gives the next hint, ':goal' shows \
      the goal and what is still missing, ':solution' steps through the answer (it asks first) \
      and ':next' opens the next exercise.
      """)

  @Argument(help: "The exercise to open, by number (default: the first not solved yet).")
  var number: Int?

  @Flag(name: .long, help: "List every exercise, solved or not, and exit.")
  var list = false

  @Flag(name: .long, help: "Forget every solved exercise, and exit.")
  var reset = false

  @Option(name: .long, help: "The folder of exercises (default: Scripts/exercises of this checkout).")
  var course: String?

  @Flag(name: .long, help: "Draw traces with ASCII instead of box-drawing characters.")
  var ascii = false

  public init() {}

  public func validate() throws {
    if list && reset { throw ValidationError("'--list' and '--reset' cannot go together: pick one.") }
    if let number, number < 1 { throw ValidationError("exercises are numbered from 1.") }
  }

  public func execute(in context: CommandContext) -> Int32 {
    if reset {
      do {
        try LearnProgress.reset(environment: context.environment)
        context.print("progress forgotten: 'discope learn' starts at exercise 1")
        return 0
      } catch {
        context.printError("discope: error: \(error)")
        return 1
      }
    }
    guard let folder = course ?? Self.defaultCourse(environment: context.environment) else {
      context.printError(
        "discope: error: cannot find the course\nhint: run from the DIScope checkout, or pass --course FOLDER")
      return 1
    }
    let loaded: Course
    do {
      loaded = try Course(directory: folder)
    } catch {
      context.printError("discope: error: \(error)")
      return 2
    }
    guard !loaded.exercises.isEmpty else {
      context.printError("discope: error: no exercise in \(folder)")
      return 1
    }
    let (progress, warning) = LearnProgress.load(environment: context.environment)
    if let warning { context.printError(warning) }
    if list {
      for (index, exercise) in loaded.exercises.enumerated() {
        let key = Course.key(of: exercise)
        let mark =
          progress.solvedWithSolution.contains(key)
          ? "solution" : progress.solved.contains(key) ? "solved  " : "        "
        context.print("\(String(index + 1).leftPadded(to: 3)) \(mark) \(exercise.title)")
      }
      let keys = loaded.exercises.map(Course.key(of:))
      let count = keys.filter { progress.solved.contains($0) }.count
      let withSolution = keys.filter { progress.solvedWithSolution.contains($0) }.count
      context.print(
        "\(count) of \(loaded.exercises.count) solved"
          + (withSolution > 0 ? " (\(count - withSolution) alone, \(withSolution) with ':solution')" : ""))
      return 0
    }
    let index: Int
    if let number {
      guard number <= loaded.exercises.count else {
        context.printError("discope: error: there are \(loaded.exercises.count) exercises; 'discope learn --list' lists them")
        return 1
      }
      index = number - 1
    } else {
      index = loaded.exercises.firstIndex { !progress.solved.contains(Course.key(of: $0)) } ?? 0
    }
    let glyphs: ResolutionTree.Glyphs = ascii || !Playground.canDrawUnicode ? .ascii : .unicode
    var options = PlaygroundOptions.session(glyphs: glyphs)
    options.environment = context.environment
    options.learn = LearnSession(course: loaded, index: index, progress: progress)
    return Playground.run(options)
  }

  /// `Scripts/exercises` of the checkout: under the working folder, or above the executable
  /// (`Tools/.build/<config>/discope`).
  static func defaultCourse(environment: [String: String]) -> String? {
    var candidates = [FileManager.default.currentDirectoryPath + "/Scripts/exercises"]
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
      for _ in 0..<6 {
        candidates.append(folder.appendingPathComponent("Scripts/exercises").path)
        folder = folder.deletingLastPathComponent()
      }
    }
    return candidates.first { FileSystem.isDirectory($0) }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
