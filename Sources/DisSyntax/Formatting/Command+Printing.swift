extension Command: CustomStringConvertible {
  /// The command in canonical form, as `discope fmt` writes it. Parsing it
  /// gives the same command back.
  ///
  /// ```swift
  /// Command.register(Registration(service: "Logger", implementation: .type("ConsoleLogger"), scope: .weak))
  ///   .description   // "register Logger = ConsoleLogger scope=weak"
  /// ```
  ///
  /// An assembly prints over several lines, its members indented by two spaces.
  public var description: String {
    switch self {
    case .declareProtocol(let name): "protocol \(name)"
    case .declareClass(let declaration): "class " + declaration.description
    case .register(let registration): "register " + registration.description
    case .resolve(let resolution): resolution.description
    case .remove(let token): "remove \(token)"
    case .changeScope(let token, let scope): "scope \(token) \(scope.rawValue)"
    case .changeCaching(let token, let isEnabled): "cache \(token) \(isEnabled ? "on" : "off")"
    case .mock(let service, let implementation): "mock \(service)" + (implementation.map { " = \($0)" } ?? "")
    case .mockAll: "mock *"
    case .unmock(let service): "unmock \(service)"
    case .call(let parameter, let arguments): (["call \(parameter)"] + arguments.map(\.description)).joined(separator: " ")
    case .assembly(let assembly): assembly.description
    case .activate(let name): "activate \(name)"
    case .deactivate(let name): "deactivate \(name)"
    case .makeChildContainer(let name): "container child \(name)"
    case .useContainer(let name): "container use \(name)"
    case .show(let view, let service): "show \(view.rawValue)" + (service.map { " \($0)" } ?? "")
    case .validate: "validate"
    case .why(let service, let name): "why \(service)" + (name.map { " named \($0.asName)" } ?? "")
    case .expect(let expectation): "expect " + expectation.description
    case .release(let instance): "release #\(instance)"
    case .releaseContainer(let name): "release container \(name)"
    case .shutdown: "shutdown"
    case .reset: "reset"
    case .help(let topic): "help" + (topic.map { " \($0)" } ?? "")
    case .playground(let command): command.description
    }
  }
}

extension PlaygroundCommand: CustomStringConvertible {
  /// `:record FILE`, quoting the file when it has leading or trailing spaces.
  public var description: String {
    switch self {
    case .record(let path), .save(let path, _), .open(let path):
      let needsQuotes = path.first?.isWhitespace == true || path.last?.isWhitespace == true
        || (path.hasPrefix("\"") && path.hasSuffix("\""))
      return ":\(name) " + (needsQuotes ? "\"\(path)\"" : path)
    case .stop, .quit, .hint, .goal, .solution, .next: return ":\(name)"
    }
  }
}

extension ClassDeclaration: CustomStringConvertible {
  /// `Name(a: A): P, Q { var x: T }`, without the `class` keyword.
  public var description: String {
    var text = name
    if let parameters { text += "(" + parameters.map(\.description).joined(separator: ", ") + ")" }
    if !conformances.isEmpty { text += ": " + conformances.joined(separator: ", ") }
    if let properties {
      text += properties.isEmpty ? " {}" : " { " + properties.map { "var \($0)" }.joined(separator: "; ") + " }"
    }
    return text
  }
}

extension Parameter: CustomStringConvertible {
  /// `name: T`, `name: T?`, `name: Provider<T>`, `name: arg T`
  public var description: String {
    switch dependency {
    case .service(let type): "\(name): \(type)"
    case .optional(let type): "\(name): \(type)?"
    case .provider(let type): "\(name): Provider<\(([type] + providerArguments).joined(separator: ", "))>"
    case .argument(let type): "\(name): arg \(type)"
    }
  }
}

extension Registration: CustomStringConvertible {
  /// `S = Impl named N scope=X cache=on|off`, without the `register` keyword.
  public var description: String {
    var words = [service]
    switch implementation {
    case .inferred: break
    case .type(let type): words += ["=", type]
    case .instance(let type): words += ["instance", type]
    }
    if let name { words += ["named", name.asName] }
    if let scope { words.append("scope=" + scope.rawValue) }
    if let isCacheEnabled { words.append("cache=" + (isCacheEnabled ? "on" : "off")) }
    return words.joined(separator: " ")
  }
}

extension Resolution: CustomStringConvertible {
  /// `resolve S named N with k=v`, or `resolve? ...`.
  public var description: String {
    var words = [isOptional ? "resolve?" : "resolve", service]
    if let name { words += ["named", name.asName] }
    if !arguments.isEmpty { words += ["with"] + arguments.map(\.description) }
    return words.joined(separator: " ")
  }
}

extension Argument: CustomStringConvertible {
  /// `name=value`
  public var description: String { "\(name)=\(value)" }
}

extension Value: CustomStringConvertible {
  /// The value as written: a word, a number or a quoted, escaped string.
  public var description: String {
    switch self {
    case .word(let text), .number(let text): text
    case .string(let text): text.quoted
    }
  }
}

extension Expectation: CustomStringConvertible {
  /// The words after `expect`.
  public var description: String {
    switch self {
    case .resolvesTo(let service, let implementation): "\(service) is \(implementation)"
    case .freshness(let service, let isCached): "\(service) \(isCached ? "cached" : "new")"
    case .stack(let service, let tokens): (["stack", service, "="] + tokens.map(\.description)).joined(separator: " ")
    case .parameter(let parameter, .instance(let number)): "\(parameter) = #\(number)"
    case .parameter(let parameter, .none): "\(parameter) = nil"
    case .parameter(let parameter, .text(let text)): "\(parameter) = \(text.quoted)"
    case .noStaleReferences: "no stale"
    case .shares(let service, let dependency): "\(service) shares \(dependency)"
    case .holds(let service, let held, let isNew): "\(service) holds \(isNew ? "new " : "")\(held)"
    case .answersWith(let service, let number): "\(service) is #\(number)"
    case .fate(let number, let fate): "#\(number) \(fate.rawValue)"
    case .noContainer(let name): "no container \(name)"
    }
  }
}

extension HeldValue: CustomStringConvertible {
  /// `T` or `Provider<T, A>`, as a script writes it.
  public var description: String {
    switch self {
    case .instance(let type): type
    case .provider(let service, let arguments): "Provider<" + ([service] + arguments).joined(separator: ", ") + ">"
    }
  }
}

extension String {
  /// A registration name as a `.dis` file writes it: a bare word when it reads back as one,
  /// otherwise quoted (`"two words"`).
  var asName: String {
    guard let first = first, first.isLetter || first == "_", allSatisfy(Lexer.isWordCharacter) else {
      return quoted
    }
    return self
  }

  /// The string in double quotes, as a `.dis` file writes it: `\`, `"`, newlines and tabs escaped,
  /// and every other control character as `\u{…}`, so that what is printed reads back as the same
  /// string and never breaks a line or drives the terminal.
  ///
  /// ```swift
  /// "two\nlines".quoted   // "\"two\\nlines\""
  /// ```
  public var quoted: String {
    func escaped(_ scalar: Unicode.Scalar) -> String {
      "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
    var result = "\""
    // True right after the opening quote or an escape: a combining mark there would join that
    // character (`"` with an accent is not a quote to the reader), so it is escaped too.
    var afterSyntax = true
    for scalar in unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case _ where String.isUnsafe(scalar): result += escaped(scalar)
      default:
        let before = result.count
        result.unicodeScalars.append(scalar)
        if afterSyntax && result.count == before {
          result.unicodeScalars.removeLast()
          result += escaped(scalar)
        } else {
          afterSyntax = false
          continue
        }
      }
      afterSyntax = true
    }
    // The closing quote must stay a character of its own (a prepended scalar would take it).
    let before = result.count
    result += "\""
    if result.count == before, let last = unicodeScalars.last {
      result.unicodeScalars.removeLast(2)  // the quote, and the scalar that took it
      result += escaped(last) + "\""
    }
    return result
  }

}
