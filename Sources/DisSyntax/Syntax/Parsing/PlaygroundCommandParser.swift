/// Parses a `:name [FILE]` line: the playground's own commands. The file is the
/// rest of the line, trimmed; it may be "quoted" to keep leading or trailing spaces.
struct PlaygroundCommandParser {
  var path: String

  func parse(_ line: Substring, lineNumber: Int) throws(Diagnostic) -> PlaygroundCommand {
    let body = line.dropFirst()
    let name = String(body.prefix { !$0.isWhitespace })
    let rest = Lexer.trimmingTrailingSpace(body.dropFirst(name.count).drop { $0.isWhitespace })
    let location = SourceLocation(path: path, line: lineNumber, column: 1)
    guard let row = CommandTable.specification(named: ":" + name) else {
      let suggestions = CommandTable.suggestions(
        for: ":" + name, among: CommandTable.names.filter { $0.hasPrefix(":") })
      throw .error(
        "unknown playground command ':\(name)'", at: location,
        hint: suggestions.first.map { "did you mean '\($0)'?" } ?? "to fix, type 'help' to list the commands")
    }
    let argumentColumn = line.count - rest.count + 1
    let takesFile = row.forms.first?.isEmpty == false
    if !takesFile {
      guard rest.isEmpty else {
        throw .error("':\(name)' takes no argument", at: location.moved(to: argumentColumn), hint: "usage: " + row.usageLine)
      }
      switch name {
      case "stop": return .stop
      case "hint": return .hint
      case "goal": return .goal
      case "solution": return .solution
      case "next": return .next
      default: return .quit
      }
    }
    guard !rest.isEmpty else {
      throw .error("expected a file name after ':\(name)'", at: location.moved(to: line.count + 2), hint: "usage: " + row.usageLine)
    }
    var file = rest
    if file.count >= 2, file.hasPrefix("\""), file.hasSuffix("\"") { file = String(file.dropFirst().dropLast()) }
    switch name {
    case "record": return .record(path: file)
    case "save": return .save(path: file)
    case "save!": return .save(path: file, isReplacing: true)
    default: return .open(path: file)
    }
  }
}

extension SourceLocation {
  /// The same line, another column.
  func moved(to column: Int) -> SourceLocation {
    SourceLocation(path: path, line: line, column: column)
  }
}
