import DisSyntax
import Playground

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes and what it knows of its process: standard output and error, the
/// environment, whether output is a terminal, and how many cores there are. Tests pass their own.
///
/// ```swift
/// var output = ""
/// let context = CommandContext(standardOutput: { output += $0 }, standardError: { output += $0 })
/// let status = DiscopeCLI.run(["test", "Scripts/lessons"], context: context)
/// ```
public struct CommandContext: Sendable {
  /// Writes text to standard output (the text carries its own newlines).
  public var standardOutput: @Sendable (String) -> Void
  /// Writes text to standard error.
  public var standardError: @Sendable (String) -> Void
  /// The environment (`CI`, `NO_COLOR`).
  public var environment: [String: String]
  /// Whether standard output is a terminal: colour is used only then.
  public var isTerminal: Bool
  /// How many cores `--jobs` uses by default.
  public var cores: Int

  public init(
    standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void,
    environment: [String: String] = [:], isTerminal: Bool = false, cores: Int = 2
  ) {
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.environment = environment
    self.isTerminal = isTerminal
    self.cores = cores
  }

  /// The running process's streams, environment and cores.
  public static var process: CommandContext {
    CommandContext(
      // The playground's writer: one record of lost output for commands and line modes alike.
      standardOutput: { StandardStreams.write($0, to: 1) },
      standardError: { StandardStreams.write($0, to: 2) },
      environment: processEnvironment(), isTerminal: isatty(1) == 1,
      cores: max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
  }

  /// Whether to colour output: on a terminal, and never with `NO_COLOR` set.
  public var usesColor: Bool { isTerminal && environment["NO_COLOR"] == nil }

  /// Writes a line to standard output, its control and bidirectional characters escaped as the
  /// `.dis` language writes them (`\u{1B}`): a file name or a script's text never drives the
  /// terminal.
  func print(_ line: String) { standardOutput(Self.safe(line) + "\n") }
  /// Writes a line to standard error, escaped as ``print(_:)`` escapes it.
  func printError(_ line: String) { standardError(Self.safe(line) + "\n") }
  /// Writes a line that ``DiffStyle`` coloured (its own text already escaped) as it is.
  func printStyled(_ line: String) { standardOutput(line + "\n") }
  /// Writes a coloured line to standard error as it is.
  func printErrorStyled(_ line: String) { standardError(line + "\n") }

  /// Each line of `text` made terminal-safe; the newlines between them kept.
  static func safe(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).terminalSafe }
      .joined(separator: "\n")
  }

  private static func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(decoding: UnsafeRawBufferPointer(start: entry, count: strlen(entry)), as: UTF8.self)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }
}
