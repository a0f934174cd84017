/// Bounds the parser enforces, each with a clear diagnostic when crossed.
///
/// The defaults suit hand-written and recorded scripts; a file past them is
/// almost certainly not a script (a binary, a log pasted by mistake).
///
/// ```swift
/// let parser = ScriptParser(limits: ParserLimits(maximumCommands: 100))
/// ```
public struct ParserLimits: Sendable, Hashable {
  /// The largest file read, in bytes. Default 4 MiB.
  public var maximumFileSize: Int
  /// The longest line, in bytes. Default 16 KiB; an indented line (expected output) may be
  /// `indentedLineFactor` times as long.
  public var maximumLineLength: Int
  /// How much longer than `maximumLineLength` an indented line may be.
  public static let indentedLineFactor = 4
  /// How many commands a file may hold. Default 50,000.
  public var maximumCommands: Int
  /// How many lines an `assembly { ... }` block may span. Default 1,000.
  public var maximumBlockLines: Int
  /// How deep `{ ... }` blocks may nest. Default 1: an assembly holds `register`
  /// lines, never another block.
  public var maximumNestingDepth: Int

  /// Creates limits; every argument has a default.
  public init(
    maximumFileSize: Int = 4 * 1024 * 1024, maximumLineLength: Int = 16 * 1024,
    maximumCommands: Int = 50_000, maximumBlockLines: Int = 1_000, maximumNestingDepth: Int = 1
  ) {
    self.maximumFileSize = maximumFileSize
    self.maximumLineLength = maximumLineLength
    self.maximumCommands = maximumCommands
    self.maximumBlockLines = maximumBlockLines
    self.maximumNestingDepth = maximumNestingDepth
  }
}

extension ParserLimits {
  /// The one wording of the size rule, for the parser and for every reader of a file:
  /// `file is too large: 4194400 bytes, the limit is 4194304` (`bytes` is `nil` for a file whose
  /// size is not known, such as a device that goes on).
  public static func fileTooLargeMessage(bytes: Int?, limit: Int) -> String {
    "file is too large: " + (bytes.map { "\($0) bytes" } ?? "more than \(limit) bytes") + ", the limit is \(limit)"
  }

  /// The diagnostic of a script past ``maximumFileSize``: the message and how to fix it.
  public func fileTooLarge(bytes: Int?, path: String) -> Diagnostic {
    .error(
      Self.fileTooLargeMessage(bytes: bytes, limit: maximumFileSize), at: SourceLocation(path: path, line: 1),
      hint: "to fix, split the script into several files")
  }
}
