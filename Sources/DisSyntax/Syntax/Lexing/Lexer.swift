/// Splits one line of a `.dis` file into ``Lexeme``s.
///
/// The lexer never stops at a bad character: it reports a diagnostic and
/// skips it, so the parser still sees the rest of the line.
struct Lexer {
  static let symbols: Set<Character> = ["=", ":", ",", "(", ")", "{", "}", "<", ">", "?", "!", "*", ";", "."]

  var path: String

  /// Tokens of `line` (line number `lineNumber`), starting at `startColumn`.
  func tokens(
    of line: Substring, lineNumber: Int, startColumn: Int = 1,
    diagnostics: inout [Diagnostic]
  ) -> [Lexeme] {
    let characters = Array(line)
    var result: [Lexeme] = []
    var index = 0
    func location(_ offset: Int) -> SourceLocation {
      SourceLocation(path: path, line: lineNumber, column: startColumn + offset)
    }
    while index < characters.count {
      let character = characters[index]
      let start = index
      if character == " " || character == "\t" {
        index += 1
        continue
      }
      let kind: Lexeme.Kind
      if character == "#" {
        if index + 1 < characters.count, characters[index + 1].isASCII, characters[index + 1].isNumber {
          index += 1
          let digits = Self.take(characters, from: &index) { $0.isASCII && $0.isNumber }
          kind = Int(digits).map(Lexeme.Kind.instance) ?? .word(digits)
        } else {
          let text = String(characters[(index + 1)...])
          index = characters.count
          kind = .comment(Self.trimmingTrailingSpace(text))
        }
      } else if character == "\"" {
        let string = Self.string(characters, from: &index) { offset, problem in
          diagnostics.append(
            .error(
              problem, at: location(offset),
              hint: "the escapes are \\\" \\\\ \\n \\t and \\u{1B} (hexadecimal); to fix, write \\\\ for a backslash"))
        }
        guard let text = string else {
          diagnostics.append(
            .error(
              "unterminated string", at: location(start),
              hint: "to fix, close the string with '\"' on the same line"))
          break
        }
        kind = .string(text)
      } else if Self.isNumberStart(characters, at: index) {
        index += 1
        let rest = Self.take(characters, from: &index) { ($0.isASCII && $0.isNumber) || $0 == "." }
        kind = .number(String(character) + rest)
      } else if Self.isWordCharacter(character) {
        kind = .word(Self.take(characters, from: &index, while: Self.isWordCharacter))
      } else if Self.symbols.contains(character) {
        index += 1
        kind = .symbol(character)
      } else {
        diagnostics.append(.error("unexpected character '\(character)'", at: location(start)))
        index += 1
        continue
      }
      result.append(Lexeme(kind: kind, location: location(start), endColumn: startColumn + index))
    }
    return result
  }

  static func isWordCharacter(_ character: Character) -> Bool {
    character == "_" || character == "-" || character.isLetter || character.isNumber
  }

  private static func isNumberStart(_ characters: [Character], at index: Int) -> Bool {
    let character = characters[index]
    if character.isASCII && character.isNumber { return true }
    guard character == "-", index + 1 < characters.count else { return false }
    return characters[index + 1].isASCII && characters[index + 1].isNumber
  }

  private static func take(
    _ characters: [Character], from index: inout Int, while accepts: (Character) -> Bool
  ) -> String {
    var text = ""
    while index < characters.count, accepts(characters[index]) {
      text.append(characters[index])
      index += 1
    }
    return text
  }

  /// A quoted string with `\"`, `\\`, `\n`, `\t` and `\u{…}` (hexadecimal) escapes; `nil` if
  /// unterminated. A bad escape goes to `badEscape` with its offset and what is wrong, and is kept
  /// as written.
  private static func string(
    _ characters: [Character], from index: inout Int, badEscape: (Int, String) -> Void
  ) -> String? {
    var text = ""
    var position = index + 1
    while position < characters.count {
      let character = characters[position]
      if character == "\"" {
        index = position + 1
        return text
      }
      guard character == "\\", position + 1 < characters.count else {
        text.append(character)
        position += 1
        continue
      }
      switch characters[position + 1] {
      case "n": text.append("\n")
      case "t": text.append("\t")
      case "\"", "\\": text.append(characters[position + 1])
      case "u":
        if let (scalar, length) = unicodeEscape(characters, at: position) {
          text.unicodeScalars.append(scalar)
          position += length
          continue
        }
        badEscape(position, "malformed '\\u{…}' escape in a string: it wants 1 to 8 hexadecimal digits")
        text.append(contentsOf: characters[position...(position + 1)])
      case let other:
        badEscape(position, "unknown escape '\\\(other)' in a string")
        text.append(contentsOf: characters[position...(position + 1)])
      }
      position += 2
    }
    index = characters.count
    return nil
  }

  /// The scalar of a `\u{…}` escape starting at `position` (its backslash), and the escape's
  /// length; `nil` unless it is one to eight hexadecimal digits naming a Unicode scalar.
  private static func unicodeEscape(_ characters: [Character], at position: Int) -> (Unicode.Scalar, Int)? {
    guard position + 2 < characters.count, characters[position + 2] == "{" else { return nil }
    var end = position + 3
    while end < characters.count, characters[end].isHexDigit, end - position - 3 < 8 { end += 1 }
    guard end < characters.count, characters[end] == "}", end > position + 3,
      let value = UInt32(String(characters[(position + 3)..<end]), radix: 16),
      let scalar = Unicode.Scalar(value)
    else { return nil }
    return (scalar, end - position + 1)
  }

  static func trimmingTrailingSpace(_ text: some StringProtocol) -> String {
    var text = Substring(text)
    while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
    return String(text)
  }
}
