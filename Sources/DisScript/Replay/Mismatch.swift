import DisSyntax

/// One command whose replay did not match its file: a wrong success or failure, a different
/// output, or both.
///
/// ```text
/// Scripts/lessons/03-caching.dis:14: resolve WebService
/// @@ -15,2 +15,2 @@
///    WebService#2(logger: ConsoleLogger#1)
/// -  WebService#2 cached t2 [singleton]
/// +  WebService#2 created t2 [singleton]
/// ```
public struct Mismatch: Sendable, Hashable {
  /// `path:line: command`: where the command is and what it is.
  public let header: String
  /// The command's line in its file.
  public let line: Int
  /// For a command that failed without `!`, its error: why it failed, shown first.
  public let cause: [String]
  /// What was wrong with its success or failure, if anything.
  public let statusProblem: String?
  /// The output diff, numbered by the file's lines, if the output differs.
  public let diff: OutputDiff?
  /// What the command printed.
  public let actual: [String]

  /// The report: the header, the cause of a failure, the status problem, then the diff (or,
  /// without one and without a cause shown, the output).
  public func rendered(styling: (DiffLine) -> String = { $0.text }) -> String {
    var lines = [styling(DiffLine(.header, header))]
    lines += cause
    if let statusProblem { lines.append(statusProblem) }
    if let diff {
      lines += diff.lines.dropFirst().map(styling)
    } else if statusProblem != nil && !actual.isEmpty && cause.isEmpty {
      lines.append("it printed:")
      lines += actual.map { styling(DiffLine(.added, "+  " + $0)) }
    }
    return lines.joined(separator: "\n")
  }
}
