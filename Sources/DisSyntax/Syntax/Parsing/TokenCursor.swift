/// Walks the tokens of one command, with the helpers every command parser
/// shares. Errors are thrown as ``Diagnostic``s; the line-level parser
/// catches them, records them and moves on to the next line.
struct TokenCursor {
  var tokens: [Lexeme]
  var position = 0
  /// The command's name, for usage hints.
  var commandName: String
  /// Where to point when the line ends too early.
  var endLocation: SourceLocation

  init(tokens: [Lexeme], commandName: String, endLocation: SourceLocation) {
    self.tokens = tokens
    self.commandName = commandName
    self.endLocation = endLocation
  }

  var current: Lexeme? { position < tokens.count ? tokens[position] : nil }
  var isAtEnd: Bool { current == nil }
  var currentLocation: SourceLocation { current?.location ?? endLocation }

  var usageHint: String? {
    CommandTable.specification(named: commandName).map { "usage: " + $0.usageLine }
  }

  /// An error at the current token (or the end of the line), with the usage as hint.
  func failure(_ message: String, hint: String? = nil) -> Diagnostic {
    .error(message, at: currentLocation, hint: hint ?? usageHint)
  }

  /// What is at the cursor, quoted, for messages.
  var found: String {
    current.map { "'\($0.spelling)'" } ?? "end of line"
  }

  mutating func advance() -> Lexeme? {
    defer { position += 1 }
    return current
  }

  /// Consumes the symbol if it is next.
  mutating func take(_ symbol: Character) -> Bool {
    guard current?.isSymbol(symbol) == true else { return false }
    position += 1
    return true
  }

  /// Consumes the keyword if it is next.
  mutating func take(keyword: String) -> Bool {
    guard current?.word == keyword else { return false }
    position += 1
    return true
  }

  mutating func expect(_ symbol: Character, _ context: String) throws(Diagnostic) {
    guard take(symbol) else { throw failure("expected '\(symbol)' \(context), found \(found)") }
  }

  /// A word naming something: `what` says what, for the message.
  mutating func name(_ what: String) throws(Diagnostic) -> String {
    guard let word = current?.word else { throw failure("expected \(what), found \(found)") }
    position += 1
    return word
  }

  /// A service or type name: a word, or a module-qualified name written without spaces
  /// (`ExampleApp.Logging`), as an app's Swift types print. The dot must touch the words on both
  /// sides: `#3.logger` is an instance's parameter, and a spaced `A . B` is two names.
  mutating func serviceName(_ what: String) throws(Diagnostic) -> String {
    var text = try name(what)
    while position + 1 < tokens.count, tokens[position].isSymbol("."),
      tokens[position].location.column == tokens[position - 1].endColumn,
      let next = tokens[position + 1].word, tokens[position + 1].location.column == tokens[position].endColumn
    {
      text += "." + next
      position += 2
    }
    return text
  }

  /// A registration's name after `named`: a word, or a string as output shows names
  /// (`named "audit"`), which may also hold spaces.
  mutating func registrationName() throws(Diagnostic) -> String {
    if case .string(let text)? = current?.kind {
      // A name is printed inside output lines: a line break or other control character in one
      // would break the line a transcript reads back.
      if let control = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
        throw failure("a registration name cannot hold a control character (U+\(String(control.value, radix: 16, uppercase: true)))")
      }
      position += 1
      return text
    }
    if case .number(let number)? = current?.kind {
      throw failure(
        "expected a registration name after 'named', found the number \(number)",
        hint: "a name is a word or a string: to fix, quote it: named \"\(number)\"")
    }
    return try name("a registration name after 'named'")
  }

  /// One of `choices`, by word.
  mutating func choice<T>(_ what: String, _ choices: [String: T]) throws(Diagnostic) -> T {
    let names = choices.keys.sorted()
    guard let word = current?.word else {
      throw failure("expected \(what) (\(names.joined(separator: "|"))), found \(found)")
    }
    guard let value = choices[word] else {
      let suggestions = CommandTable.suggestions(for: word, among: names)
      throw failure(
        "unknown \(what) '\(word)'",
        hint: suggestions.isEmpty
          ? "expected one of: " + names.joined(separator: ", ")
          : "did you mean '\(suggestions[0])'?")
    }
    position += 1
    return value
  }

  /// `tN`
  mutating func registrationToken() throws(Diagnostic) -> RegistrationToken {
    if let word = current?.word, word.hasPrefix("t"), let number = Int(word.dropFirst()), number >= 0 {
      position += 1
      return RegistrationToken(number)
    }
    throw failure("expected a registration token like 't1', found \(found)")
  }

  /// `#N`
  mutating func instanceNumber() throws(Diagnostic) -> Int {
    guard case .instance(let number)? = current?.kind else {
      throw failure("expected an instance like '#1', found \(found)")
    }
    position += 1
    return number
  }

  /// `#N.param`
  mutating func instanceParameter() throws(Diagnostic) -> InstanceParameter {
    let instance = try instanceNumber()
    try expect(".", "after '#\(instance)'")
    return InstanceParameter(instance: instance, parameter: try name("a parameter name"))
  }

  /// A value: a bare word, a number or a quoted string.
  mutating func value() throws(Diagnostic) -> Value {
    switch current?.kind {
    case .word(let text)?: position += 1; return .word(text)
    case .number(let text)?: position += 1; return .number(text)
    case .string(let text)?: position += 1; return .string(text)
    default: throw failure("expected a value (a word, a number or a \"quoted string\"), found \(found)")
    }
  }

  /// `k=v k=v ...` until the end of the command.
  mutating func arguments() throws(Diagnostic) -> [Argument] {
    var arguments: [Argument] = []
    while !isAtEnd {
      let name = try name("an argument name")
      try expect("=", "after argument '\(name)'")
      arguments.append(Argument(name: name, value: try value()))
    }
    return arguments
  }

  /// Fails unless every token was used.
  func expectEnd() throws(Diagnostic) {
    guard let current else { return }
    throw failure("unexpected '\(current.spelling)' after the end of '\(commandName)'")
  }
}
