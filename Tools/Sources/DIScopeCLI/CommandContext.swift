import Synchronization

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
      standardOutput: { write(1, $0) }, standardError: { write(2, $0) },
      environment: processEnvironment(), isTerminal: isatty(1) == 1,
      cores: max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
  }

  /// Whether to colour output: on a terminal, and never with `NO_COLOR` set.
  public var usesColor: Bool { isTerminal && environment["NO_COLOR"] == nil }

  /// Writes a line to standard output.
  func print(_ line: String) { standardOutput(line + "\n") }
  /// Writes a line to standard error.
  func printError(_ line: String) { standardError(line + "\n") }

  /// The first error writing the process's standard output or error (an `errno`), 0 while none:
  /// a command whose output was lost (`> /dev/full`, a closed descriptor, a full disk in CI) must
  /// not exit 0 (see `ContextualCommand.run()`).
  static let processWriteError = Atomic<Int32>(0)

  private static func write(_ descriptor: Int32, _ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let count = bytes.withMemoryRebound(to: UInt8.self) { buffer in
          systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else {
          _ = processWriteError.compareExchange(
            expected: 0, desired: count < 0 ? errno : EIO, ordering: .relaxed)
          return
        }
        offset += count
      }
    }
  }

  private static func systemWrite(_ descriptor: Int32, _ pointer: UnsafePointer<UInt8>, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(descriptor, pointer, count)
    #elseif canImport(Musl)
      Musl.write(descriptor, pointer, count)
    #else
      Darwin.write(descriptor, pointer, count)
    #endif
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
