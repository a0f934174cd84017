import DisScript
import TerminalUI

/// A lesson's prose, as the region under the panes shows it: the current section's title and
/// comments, wrapped at words to the terminal's width (never cut), the `#` marks dropped.
///
/// ```swift
/// ProseText.rows(["## Register", "# Each registration prints its token."], width: 30)
/// // [bold "Register", "Each registration prints its", "token."]
/// ```
enum ProseText {
  /// The rows `lines` take at `width`, each a styled span. Comment lines that continue a
  /// sentence are joined into one paragraph before wrapping (a script wraps its prose at 100
  /// columns, the terminal at its own width); an empty `#` line ends a paragraph, and an indented
  /// one (code) stays a line of its own.
  static func rows(_ lines: [String], width: Int) -> [StyledSpan] {
    let width = max(1, width)
    var rows: [StyledSpan] = []
    var paragraph = ""
    func endParagraph() {
      if !paragraph.isEmpty { rows += wrap(paragraph, width: width).map { StyledSpan($0) } }
      paragraph = ""
    }
    for line in lines {
      if line.hasPrefix("##") {
        endParagraph()
        let title = line.drop { $0 == "#" }.drop { $0 == " " }
        rows += wrap(String(title), width: width).map { StyledSpan($0, style: .bold) }
        continue
      }
      var text = line.hasPrefix("#") ? String(line.dropFirst()) : line
      if text.hasPrefix(" ") { text.removeFirst() }
      if text.isEmpty || text.hasPrefix(" ") {
        endParagraph()
        if !text.isEmpty { rows += wrap(text, width: width).map { StyledSpan($0) } }
        continue
      }
      paragraph += paragraph.isEmpty ? text : " " + text
    }
    endParagraph()
    return rows
  }

  /// `text` in rows of at most `width` columns, broken at spaces where there are any; an
  /// indented line keeps its indent on the rows it continues on, and a comment (`# did not
  /// parse: ...`) its `# `, so that every row of it still reads as a comment.
  static func wrap(_ text: String, width: Int) -> [String] {
    guard text.displayWidth > width else { return [text] }
    let leading = String(text.prefix { $0 == " " }.prefix(width / 2))
    let isComment = text.dropFirst(leading.count).hasPrefix("# ")
    let indent = leading + (isComment ? "# " : text.hasPrefix(" ") ? "  " : "")
    var rows: [String] = []
    var current = ""
    for character in text {
      if (current + String(character)).displayWidth > width {
        if let space = current.lastIndex(of: " "), current[..<space].contains(where: { $0 != " " }) {
          rows.append(String(current[..<space]))
          current = indent + current[current.index(after: space)...]
        } else {
          rows.append(current)
          current = indent
        }
      }
      current.append(character)
    }
    rows.append(current)
    return rows
  }

  /// `Swift: container.register(...)`, wrapped, in the accent colour (the word says it too).
  static func swiftRows(_ line: String, width: Int) -> [StyledSpan] {
    wrap("Swift: " + line, width: max(1, width)).map { StyledSpan($0, style: TextStyle(color: .accent)) }
  }

  /// `Swift: container.register(…`, cut to one row.
  static func swiftRow(_ line: String, width: Int) -> [StyledSpan] {
    [StyledSpan(("Swift: " + line).truncated(toWidth: max(1, width)), style: TextStyle(color: .accent))]
  }

  /// A command's transcript lines (the command, then its output) as the region under the panes
  /// shows them while pane 4 is not on screen: wrapped to `width` in the pane's styles, and when
  /// they need more than `maximumRows`, the first of them and how many more pane 4 has.
  ///
  /// ```swift
  /// ProseText.outcomeRows(lastTypedOutcome, width: 40, maximumRows: 3)
  /// // ["! release container nope", "  error: no container named 'nope'", "    hint: containers: root"]
  /// ```
  static func outcomeRows(_ lines: [PaneLine], width: Int, maximumRows: Int) -> [StyledSpan] {
    let rows = lines.flatMap { line in wrap(line.text, width: max(1, width)).map { StyledSpan($0, style: line.style) } }
    guard rows.count > maximumRows else { return rows }
    let shown = max(0, maximumRows - 1)
    let more = "… \(rows.count - shown) more in pane 4"
    return Array(rows.prefix(shown)) + [StyledSpan(more.truncated(toWidth: max(1, width)), style: .dim)]
  }

  /// How many rows of the screen the prose may take: a third of it, at least three.
  static func maximumRows(screenRows: Int) -> Int {
    max(3, (screenRows - 1) / 3)
  }
}

extension PlaygroundState {
  /// The DIScope Swift the command at hand stands for: stepping through a script, the command
  /// that runs next; solving an exercise, the last one typed. `nil` when there is none, or it has
  /// no Swift equivalent.
  public var currentSwift: String? {
    guard let replay else { return learnSwift }
    guard let next = replay.nextStep else { return nil }
    var translation = SwiftTranslation()
    translation.learn(replay.script.steps[..<replay.position].map(\.entry))
    // The entry, not its command: an expected failure ('!') reads as the check it is.
    return translation.line(for: next.entry)
  }

  /// The prose of the section being stepped through, up to the command that runs next: what a
  /// reader of the script reads before that command. Empty when nothing is replayed.
  public var currentProse: [String] {
    guard let replay, !replay.script.steps.isEmpty else { return pinnedProse }
    let steps = replay.script.steps
    let next = min(replay.position, steps.count - 1)
    let start = steps[...next].lastIndex { $0.section != nil } ?? 0
    var prose = steps[start...next].flatMap(\.prose)
    // Past the first command, the section's own prose: from its title on (the script's opening
    // words, before its first section, were for the start).
    if replay.position > 0, let title = prose.firstIndex(where: { $0.hasPrefix("## ") }) {
      prose.removeFirst(title)
    }
    return prose
  }
}
