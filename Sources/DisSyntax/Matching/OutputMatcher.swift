/// Compares a command's actual output with its expected block, and rewrites
/// blocks for `discope test --update`.
///
/// ```swift
/// OutputMatcher.matches(expected: ["WebService#[..]", "..."], actual: ["WebService#3", "└─ Logger"])
/// // true
/// OutputMatcher.updatedBlock(expected: ["a", "...", "z"], actual: ["b", "x", "z"])
/// // ["b", "...", "z"]
/// ```
public enum OutputMatcher {
  /// Whether `actual` matches `expected` (see ``ExpectedPattern`` for the rules).
  /// Trailing white space and trailing blank lines are ignored on both sides.
  public static func matches(expected: [String], actual: [String]) -> Bool {
    OutputAlignment(expected: expected, actual: actual).cost == 0
  }

  /// The block `--update` writes: lines that still match are kept as written
  /// (so `...` and `[..]` survive), the rest is replaced by the actual output
  /// (with `[..]` escaped). When `actual` matches, `expected` comes back unchanged.
  public static func updatedBlock(expected: [String], actual: [String]) -> [String] {
    let alignment = OutputAlignment(expected: expected, actual: actual)
    guard alignment.cost > 0 else { return expected }
    return alignment.steps.compactMap { step in
      switch step {
      case .matched(let index, _), .skipped(let index, _): alignment.expected[index].text
      case .removed: nil
      case .added(let index): ExpectedPattern.escaped(alignment.actual[index])
      }
    }
  }

  /// The entry with its expected block updated to `actual` (a new block when it
  /// had none), keeping where the block starts.
  ///
  /// ```swift
  /// let updated = OutputMatcher.updating(entry, commandLine: 7, toMatch: output)
  /// ```
  public static func updating(_ entry: Entry, commandLine: Int, toMatch actual: [String]) -> Entry {
    var entry = entry
    let firstLine = entry.expectedOutput?.firstLine ?? commandLine + entry.command.description.lineCount
    let lines = updatedBlock(expected: entry.expectedOutput?.lines ?? [], actual: actual)
    entry.expectedOutput = lines.isEmpty ? nil : ExpectedBlock(lines: lines, firstLine: firstLine)
    return entry
  }
}

extension String {
  var lineCount: Int { split(separator: "\n", omittingEmptySubsequences: false).count }
}
