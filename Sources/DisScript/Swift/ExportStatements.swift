/// The body of an exported test as statements over named variables (`container`, `t3`,
/// `instance5`, `request`), declared as a reader would write them: at the first assignment, `let`
/// unless assigned again, optional only when the script lets the instance go, and not at all when
/// nothing reads it (the call alone, or `_ =`). So the file needs nothing but DIScope and compiles
/// without a warning.
///
/// A variable is written into a statement's text with ``value(_:)`` or ``member(_:)``, which
/// ``lines()`` replaces once it knows how each variable is declared.
///
/// ```swift
/// var body = ExportStatements()
/// body.assign("t1", "container.register(Logger.self) { _ in ConsoleLogger() }", unread: .callAlone)
/// body.append("container.remove(\(ExportStatements.value("t1")))")
/// body.lines()   // ["let t1 = container.register(...)", "container.remove(t1)"]
/// ```
struct ExportStatements {
  /// What an assignment nothing reads becomes.
  enum Unread {
    /// `_ = try container.resolve(...)`: the call runs, its value is dropped.
    case discarded
    /// `container.register(...)`: a discardable call, alone.
    case callAlone
    /// Nothing: reading a value has no effect worth a line (`group.tokens[0]`).
    case omitted
  }

  private enum Statement {
    case plain(String)
    /// `variable = text`; `type` is written when the declaration needs it (a property read, whose
    /// implicitly unwrapped type must not be inferred, or an optional).
    case assignment(variable: String, text: String, type: String?, isTypeWritten: Bool, unread: Unread)
    /// `variable = nil`: the script let the instance go, which it held until then.
    case release(variable: String, comment: String)
  }

  private var statements: [Statement] = []

  /// Marks the characters no generated Swift contains (Unicode private use), around a variable.
  private static let open: Character = "\u{E000}"
  private static let close: Character = "\u{E001}"

  /// `name` used as a value (`=== instance5`, `remove(t3)`).
  static func value(_ name: String) -> String { "\(open)\(name)\(close)" }

  /// `name` whose member is read (`instance5.logger`): `instance5!` when it is optional.
  static func member(_ name: String) -> String { "\(open)\(name)!\(close)" }

  mutating func append(_ line: String) { statements.append(.plain(line)) }

  /// `variable = text`, or what `unread` says when nothing reads the variable.
  mutating func assign(
    _ variable: String, _ text: String, type: String? = nil, isTypeWritten: Bool = false, unread: Unread = .discarded
  ) {
    statements.append(.assignment(variable: variable, text: text, type: type, isTypeWritten: isTypeWritten, unread: unread))
  }

  /// `variable = nil`, or `// comment` when nothing reads the variable.
  mutating func release(_ variable: String, comment: String) {
    statements.append(.release(variable: variable, comment: comment))
  }

  /// The statements as Swift lines.
  func lines() -> [String] {
    var assignments: [String: Int] = [:]
    var optional: Set<String> = []
    var reads: [String: Int] = [:]
    var omittable: [(variable: String, names: [String])] = []
    for statement in statements {
      switch statement {
      case .plain(let text):
        for name in Self.variables(in: text) { reads[name, default: 0] += 1 }
      case .assignment(let variable, let text, _, _, let unread):
        assignments[variable, default: 0] += 1
        // What an assignment that may be left out reads counts only once its variable is read.
        if unread == .omitted {
          omittable.append((variable, Self.variables(in: text)))
        } else {
          for name in Self.variables(in: text) { reads[name, default: 0] += 1 }
        }
      case .release(let variable, _):
        // The variable holds the instance until the release: the reason it is there.
        assignments[variable, default: 0] += 1
        reads[variable, default: 0] += 1
        optional.insert(variable)
      }
    }
    var counted = Set<Int>()
    var changed = true
    while changed {
      changed = false
      for (index, statement) in omittable.enumerated() where !counted.contains(index) && reads[statement.variable, default: 0] > 0 {
        for name in statement.names { reads[name, default: 0] += 1 }
        counted.insert(index)
        changed = true
      }
    }
    var declared: Set<String> = []
    var lines: [String] = []
    for statement in statements {
      switch statement {
      case .plain(let text):
        lines.append(Self.substitute(text, optional: optional))
      case .assignment(let variable, let raw, let type, let isTypeWritten, let unread):
        let text = Self.substitute(raw, optional: optional)
        guard reads[variable, default: 0] > 0 else {
          switch unread {
          case .discarded: lines.append("_ = " + text)
          case .callAlone: lines.append(text)
          case .omitted: break
          }
          continue
        }
        guard declared.insert(variable).inserted else {
          lines.append("\(variable) = \(text)")
          continue
        }
        let keyword = assignments[variable, default: 0] > 1 ? "var" : "let"
        let annotation: String =
          if let type, optional.contains(variable) { ": \(type)?" }
          else if let type, isTypeWritten { ": \(type)" }
          else { "" }
        lines.append("\(keyword) \(variable)\(annotation) = \(text)")
      case .release(let variable, let comment):
        if declared.contains(variable) {
          // Held until here, as the script holds it: Swift may end a lifetime at its last use.
          lines.append("withExtendedLifetime(\(variable)) {}")
          lines.append("\(variable) = nil  // \(comment)")
        } else {
          lines.append("// \(comment)")
        }
      }
    }
    return lines
  }

  /// The variables `text` names, once per use.
  private static func variables(in text: String) -> [String] {
    var names: [String] = []
    var current: String?
    for character in text {
      if character == open {
        current = ""
      } else if character == close, let name = current {
        names.append(name.hasSuffix("!") ? String(name.dropLast()) : name)
        current = nil
      } else if current != nil {
        current?.append(character)
      }
    }
    return names
  }

  private static func substitute(_ text: String, optional: Set<String>) -> String {
    var result = ""
    var current: String?
    for character in text {
      if character == open {
        current = ""
      } else if character == close, let name = current {
        if name.hasSuffix("!") {
          let variable = String(name.dropLast())
          result += optional.contains(variable) ? name : variable
        } else {
          result += name
        }
        current = nil
      } else if current != nil {
        current?.append(character)
      } else {
        result.append(character)
      }
    }
    return result
  }
}
