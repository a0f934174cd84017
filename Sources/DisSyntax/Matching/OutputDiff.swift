/// A mismatch between expected and actual output, as a unified diff numbered
/// by the file's own lines: `-` is expected, `+` is actual.
///
/// ```swift
/// if let diff = OutputDiff(path: "a.dis", commandLine: 4, entry: entry, actual: output) {
///   print(diff.rendered())
///   // a.dis:4: resolve Logger
///   // @@ -5,2 +5,2 @@
///   //    Logger#1
///   // -  └─ t1 created
///   // +  └─ t1 cached
/// }
/// ```
///
/// Colour is the caller's: ``rendered(styling:)`` hands over each line with
/// its ``DiffLine/Kind``.
public struct OutputDiff: Sendable, Hashable {
  /// The diff's lines, header first.
  public var lines: [DiffLine]

  /// Lines of context kept around each change.
  public static let contextLines = 3

  /// The diff between the entry's expected block and `actual`, or `nil` when
  /// they match or the entry has no block. `commandLine` is the command's line.
  public init?(path: String, commandLine: Int, entry: Entry, actual: [String]) {
    guard let block = entry.expectedOutput else { return nil }
    let alignment = OutputAlignment(expected: block.lines, actual: actual)
    guard alignment.cost > 0 else { return nil }
    let command = (entry.isExpectedToFail ? "! " : "") + entry.command.description
    lines = [DiffLine(.header, "\(path):\(commandLine): " + (command.split(separator: "\n").first.map(String.init) ?? ""))]
    lines += Self.hunks(alignment, firstLine: block.firstLine)
  }

  /// The diff as text, each line passed through `styling` (to add colour, say).
  public func rendered(styling: (DiffLine) -> String = { $0.text }) -> String {
    lines.map(styling).joined(separator: "\n")
  }

  private struct Row {
    var kind: DiffLine.Kind
    var text: String
    var old: Int
    var new: Int
    /// How many actual lines the row stands for (a `...` may stand for any number).
    var newSpan: Int
  }

  private static func hunks(_ alignment: OutputAlignment, firstLine: Int) -> [DiffLine] {
    var rows: [Row] = []
    var old = firstLine
    var new = firstLine
    var pendingAdded: [Row] = []
    func flush() { rows += pendingAdded; pendingAdded = [] }
    for step in alignment.steps {
      switch step {
      case .matched(let index, _), .skipped(let index, _):
        flush()
        var span = 1
        if case .skipped(_, let range) = step { span = range.count }
        rows.append(Row(kind: .context, text: alignment.expected[index].text, old: old, new: new, newSpan: span))
        old += 1
        new += span
      case .removed(let index):
        rows.append(Row(kind: .removed, text: alignment.expected[index].text, old: old, new: new, newSpan: 0))
        old += 1
      case .added(let index):
        pendingAdded.append(Row(kind: .added, text: alignment.actual[index], old: old, new: new, newSpan: 1))
        new += 1
      }
    }
    flush()
    return group(rows).flatMap { hunk in
      let first = hunk[0]
      let oldCount = hunk.filter { $0.kind != .added }.count
      let newCount = hunk.reduce(0) { $0 + $1.newSpan }
      let header = DiffLine(.hunkHeader, "@@ -\(first.old),\(oldCount) +\(first.new),\(newCount) @@")
      return [header] + hunk.map { row in
        let prefix = row.kind == .removed ? "-" : row.kind == .added ? "+" : " "
        return DiffLine(row.kind, prefix + ScriptFormatter.expectedLine(row.text))
      }
    }
  }

  /// Changed rows with up to ``contextLines`` of context, overlapping hunks merged.
  private static func group(_ rows: [Row]) -> [[Row]] {
    let changed = rows.indices.filter { rows[$0].kind != .context }
    var ranges: [ClosedRange<Int>] = []
    for index in changed {
      let range = max(0, index - contextLines)...min(rows.count - 1, index + contextLines)
      if let last = ranges.last, range.lowerBound <= last.upperBound + 1 {
        ranges[ranges.count - 1] = last.lowerBound...range.upperBound
      } else {
        ranges.append(range)
      }
    }
    return ranges.map { Array(rows[$0]) }
  }
}

/// One line of an ``OutputDiff``, with what kind of line it is so a caller can style it.
public struct DiffLine: Sendable, Hashable {
  /// What a diff line is.
  public enum Kind: Sendable, Hashable {
    /// `path:line: command`
    case header
    /// `@@ -a,b +c,d @@`
    case hunkHeader
    /// An unchanged line, prefixed with a space.
    case context
    /// An expected line that was not printed, prefixed with `-`.
    case removed
    /// A printed line that was not expected, prefixed with `+`.
    case added
  }

  /// The kind of line.
  public var kind: Kind
  /// The line's text, prefix included.
  public var text: String

  /// Creates a line.
  public init(_ kind: Kind, _ text: String) {
    self.kind = kind
    self.text = text
  }
}
