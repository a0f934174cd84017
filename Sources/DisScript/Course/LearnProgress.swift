/// Which exercises a learner solved, and which of them only with `:solution`: a file under
/// `$XDG_STATE_HOME/discope/` (by default `~/.local/state/discope/`), one exercise key a line
/// (`NAME.dis`, or `NAME.dis with-solution`), written atomically. A file that cannot be
/// read, or that holds anything else, is reported and replaced; never a crash.
///
/// ```swift
/// var (progress, warning) = LearnProgress.load(environment: env)
/// progress.solved.insert("01-newest-answers.dis")
/// try progress.save()
/// ```
public struct LearnProgress: Sendable {
  /// The file it lives in.
  public let path: String
  /// The keys (file names) of the exercises solved.
  public var solved: Set<String>
  /// The keys of those solved only by stepping through the reference solution (`:solution`).
  public var solvedWithSolution: Set<String> = []

  public init(path: String, solved: Set<String>, solvedWithSolution: Set<String> = []) {
    self.path = path
    self.solved = solved
    self.solvedWithSolution = solvedWithSolution.intersection(solved)
  }

  /// Notes `key` solved: alone, or with the solution. Solved alone once, it stays so.
  public mutating func markSolved(_ key: String, withSolution: Bool) {
    let wasSolvedAlone = solved.contains(key) && !solvedWithSolution.contains(key)
    solved.insert(key)
    if withSolution && !wasSolvedAlone { solvedWithSolution.insert(key) } else { solvedWithSolution.remove(key) }
  }

  /// The progress file for `environment`: `$XDG_STATE_HOME/discope/progress`, else
  /// `$HOME/.local/state/discope/progress`.
  public static func path(environment: [String: String]) -> String {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/discope/progress" }
    return (environment["HOME"] ?? ".") + "/.local/state/discope/progress"
  }

  /// Reads the progress; a missing file is no progress; an unreadable or corrupt one is no
  /// progress and a warning saying so (the next save replaces it).
  public static func load(environment: [String: String]) -> (LearnProgress, warning: String?) {
    let path = path(environment: environment)
    guard FileSystem.exists(path) else { return (LearnProgress(path: path, solved: []), nil) }
    guard let bytes = try? FileSystem.read(path) else {
      return (LearnProgress(path: path, solved: []), "warning: cannot read \(path); starting the course afresh (it will be replaced)")
    }
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = text.split(separator: "\n").map(String.init)
    func key(_ line: String) -> String {
      line.hasSuffix(" " + withSolutionMark) ? String(line.dropLast(withSolutionMark.count + 1)) : line
    }
    guard lines.first == header, lines.dropFirst().allSatisfy({ key($0).hasSuffix(".dis") && !key($0).contains("/") }) else {
      return (LearnProgress(path: path, solved: []), "warning: \(path) is not a discope progress file; starting the course afresh (it will be replaced)")
    }
    let entries = lines.dropFirst()
    return (
      LearnProgress(
        path: path, solved: Set(entries.map(key)),
        solvedWithSolution: Set(entries.filter { $0 != key($0) }.map(key))), nil
    )
  }

  /// Writes the progress atomically (a temporary file, then a rename), making its folder.
  public func save() throws {
    let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    if !folder.isEmpty { try FileSystem.makeDirectories(folder) }
    let lines = solved.sorted().map { solvedWithSolution.contains($0) ? "\($0) \(Self.withSolutionMark)" : $0 }
    try FileSystem.writeAtomically(([Self.header] + lines).joined(separator: "\n") + "\n", to: path)
  }

  /// Forgets everything solved: removes the file.
  public static func reset(environment: [String: String]) throws {
    let path = path(environment: environment)
    if FileSystem.exists(path) { try FileSystem.remove(path) }
  }

  static let header = "discope learn progress 1"
  static let withSolutionMark = "with-solution"
}
