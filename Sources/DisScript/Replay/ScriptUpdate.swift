import DisSyntax

/// `discope test --update`: a script's text with the expected blocks that differ rewritten to the
/// actual output. Everything else — comments, spacing, blocks that match — is kept byte for byte
/// (line endings become LF), and within a rewritten block the `...` and `[..]` lines that still
/// match are kept as written.
///
/// It refuses to record a new error on a command without `!` (and to rewrite the output of a
/// command with `!` that now succeeds): those stay mismatches for a person to look at.
///
/// ```swift
/// let update = ScriptUpdate(source: result.source, replay: replayed)
/// if update.hasChanges { try FileSystem.writeAtomically(update.text, to: path) }
/// ```
public struct ScriptUpdate: Sendable {
  /// The updated text, LF line endings, ending with a newline.
  public let text: String
  /// How many blocks were rewritten.
  public let updatedCount: Int
  /// The mismatches left as they were, with why.
  public let refused: [Mismatch]

  /// Whether any block was rewritten.
  public var hasChanges: Bool { updatedCount > 0 }

  /// Updates `source` (the lines the script was parsed from) with what `replay` found.
  public init(source: SourceText, replay: ReplayResult) {
    var lines = source.lines
    let items = replay.script.items
    var edits: [(range: Range<Int>, lines: [String])] = []
    var refused: [Mismatch] = []
    var outcomes = replay.outcomes.makeIterator()
    let mismatchesByLine = Dictionary(replay.mismatches.map { ($0.line, $0) }, uniquingKeysWith: { a, _ in a })
    for (index, item) in items.enumerated() {
      guard case .entry(let entry) = item.kind, let outcome = outcomes.next() else { continue }
      // With `--section`, commands outside it ran only to build state: never rewritten.
      guard replay.checkedLines.contains(item.location.line) else { continue }
      if let mismatch = mismatchesByLine[item.location.line], mismatch.statusProblem != nil {
        refused.append(mismatch)
        continue
      }
      if outcome.playgroundCommand != nil { continue }
      let expected = entry.expectedOutput?.lines ?? []
      guard !OutputMatcher.matches(expected: expected, actual: outcome.output) else { continue }
      let block = OutputMatcher.updatedBlock(expected: expected, actual: outcome.output)
      let text = block.map { $0.isEmpty ? "" : "  " + Self.trimmed($0) }
      if let existing = entry.expectedOutput {
        let start = existing.firstLine - 1
        edits.append((start..<(start + existing.lines.count), text))
      } else {
        let next = index + 1 < items.count ? items[index + 1].location.line - 1 : lines.count
        edits.append((next..<next, text))
      }
    }
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      lines.replaceSubrange(edit.range, with: edit.lines)
    }
    self.text = lines.map { $0 + "\n" }.joined()
    self.updatedCount = edits.count
    self.refused = refused
  }

  private static func trimmed(_ line: String) -> String {
    var line = Substring(line)
    while let last = line.last, last == " " || last == "\t" { line.removeLast() }
    return String(line)
  }
}
