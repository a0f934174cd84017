import DisSyntax

/// The exercises of `discope learn`, in file-name order (`01-...dis`, `02-...dis`).
///
/// ```swift
/// let course = try Course(directory: "Scripts/exercises")
/// course.exercises[0].title   // "Exercise 1: ..."
/// ```
public struct Course: Sendable {
  /// The exercises, in the order of their file names.
  public let exercises: [Exercise]

  /// Every `.dis` file of `directory`, each an exercise.
  public init(directory: String) throws {
    let paths = try FileSystem.scripts(under: directory).sorted()
    var exercises: [Exercise] = []
    for path in paths {
      let text = String(decoding: try FileSystem.read(path), as: UTF8.self)
      let parsed = ScriptParser().parse(text, path: path)
      if parsed.hasErrors { throw ExerciseError(path: path, message: parsed.renderedDiagnostics) }
      exercises.append(try Exercise(script: parsed.script))
    }
    self.exercises = exercises
  }

  /// The exercise's key in the progress file: its file's name, so that adding an exercise
  /// between two keeps what was solved.
  public static func key(of exercise: Exercise) -> String {
    String(exercise.path.split(separator: "/").last ?? Substring(exercise.path))
  }
}
