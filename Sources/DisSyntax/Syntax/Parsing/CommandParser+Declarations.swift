extension CommandParser {
  /// `C [(a: A, ...)] [: P, Q] [{ var x: T }]`
  func classDeclaration(_ cursor: inout TokenCursor) throws(Diagnostic) -> ClassDeclaration {
    var declaration = ClassDeclaration(name: try cursor.name("a class name"))
    if cursor.take("(") {
      var parameters: [Parameter] = []
      while !cursor.take(")") {
        if !parameters.isEmpty { try cursor.expect(",", "between parameters") }
        parameters.append(try parameter(&cursor, allowsArgument: true))
      }
      declaration.parameters = parameters
    }
    if cursor.take(":") {
      repeat {
        declaration.conformances.append(try cursor.name("a protocol name"))
      } while cursor.take(",")
    }
    if cursor.take("{") {
      var properties: [Parameter] = []
      while !cursor.take("}") {
        guard !cursor.isAtEnd else {
          throw cursor.failure("expected '}' to close the body of class '\(declaration.name)'",
            hint: "to fix, write the body on one line: 'class \(declaration.name) { var x: T }'")
        }
        if cursor.take(";") || cursor.take(",") { continue }
        guard cursor.take(keyword: "var") else {
          throw cursor.failure("expected 'var' in the body of class '\(declaration.name)', found \(cursor.found)")
        }
        properties.append(try parameter(&cursor, allowsArgument: false))
      }
      declaration.properties = properties
    }
    return declaration
  }

  /// `name: T`, `name: T?`, `name: Provider<T>`, `name: arg T`
  private func parameter(_ cursor: inout TokenCursor, allowsArgument: Bool) throws(Diagnostic) -> Parameter {
    guard !cursor.isAtEnd else { throw cursor.failure("expected ')' to close the parameter list") }
    let name = try cursor.name("a parameter name")
    try cursor.expect(":", "after '\(name)'")
    if cursor.current?.word == "arg", case .word? = cursor.tokens.dropFirst(cursor.position + 1).first?.kind {
      guard allowsArgument else {
        throw cursor.failure("a property cannot be a runtime argument",
          hint: "to fix, make '\(name)' an initializer parameter: 'class C(\(name): arg T)'")
      }
      _ = cursor.advance()
      return Parameter(name: name, dependency: .argument(try cursor.serviceName("a type after 'arg'")))
    }
    let typeLocation = cursor.currentLocation
    let type = try cursor.serviceName("a type for '\(name)'")
    if cursor.take("<") {
      guard type == "Provider" else {
        throw .error("unknown generic type '\(type)'", at: typeLocation,
          hint: "the only generic type is 'Provider<T>'")
      }
      let provided = try cursor.serviceName("a type inside 'Provider<...>'")
      // `Provider<UserDetails, String>`: the runtime arguments' types, as Swift writes them.
      var arguments: [String] = []
      while cursor.take(",") { arguments.append(try cursor.serviceName("a runtime argument's type after ','")) }
      let written = ([provided] + arguments).joined(separator: ", ")
      try cursor.expect(">", "to close 'Provider<\(written)'")
      if cursor.current?.isSymbol("?") == true {
        throw cursor.failure("a provider cannot be optional", hint: "to fix, write 'Provider<\(written)>'")
      }
      return Parameter(name: name, dependency: .provider(provided), providerArguments: arguments)
    }
    return Parameter(name: name, dependency: cursor.take("?") ? .optional(type) : .service(type))
  }

  /// `S [= Impl | instance Impl] [named N] [scope=X] [cache=on|off]`, up to the
  /// end of the command or a separator (`;`, `}`, a line break, a comment).
  func registration(_ cursor: inout TokenCursor) throws(Diagnostic) -> Registration {
    var registration = Registration(service: try cursor.serviceName("a service name"))
    // `Logger -> ConsoleLogger` is how output shows a registration; a script writes `=`.
    if let dash = cursor.current, dash.isSymbol("-") || dash.word == "-", cursor.tokens.count > cursor.position + 1,
      cursor.tokens[cursor.position + 1].isSymbol(">")
    {
      let implementation = cursor.tokens.count > cursor.position + 2
        ? cursor.tokens[cursor.position + 2].word : nil
      throw .error(
        "expected '=' between the service and its implementation, found '->'", at: dash.location,
        hint: "'->' is how output shows a registration; to fix, write 'register \(registration.service) = "
          + "\(implementation ?? "Impl")'")
    }
    if cursor.take("=") {
      registration.implementation = .type(try cursor.serviceName("an implementation after '='"))
    } else if cursor.take(keyword: "instance") {
      registration.implementation = .instance(try cursor.serviceName("an implementation after 'instance'"))
    }
    var seen = Set<String>()
    while let token = cursor.current, !Self.isSeparator(token) {
      let optionLocation = token.location
      let option = try cursor.choice("option", ["named": "named", "scope": "scope", "cache": "cache"])
      guard seen.insert(option).inserted else {
        throw .error("'\(option)' is given twice", at: optionLocation, hint: "to fix, keep only one")
      }
      if option == "named" {
        registration.name = try cursor.registrationName()
        continue
      }
      try cursor.expect("=", "after '\(option)'")
      if option == "scope" {
        registration.scope = try cursor.choice("scope", Self.scopes)
      } else {
        registration.isCacheEnabled = try cursor.choice("cache setting", Self.onOff)
      }
    }
    return registration
  }

  static func isSeparator(_ token: Lexeme) -> Bool {
    switch token.kind {
    case .symbol(";"), .symbol("}"), .lineBreak, .comment: true
    default: false
    }
  }

  /// `A { register ...; register ... }`, possibly over several lines.
  func assembly(_ cursor: inout TokenCursor) throws(Diagnostic) -> Assembly {
    // The name is on the block's first line: each member's line is counted from it.
    let firstLine = cursor.currentLocation.line
    var assembly = Assembly(name: try cursor.name("an assembly name"))
    try cursor.expect("{", "after 'assembly \(assembly.name)'")
    var lastRegistrationLine: Int?
    while !cursor.take("}") {
      guard let token = cursor.current else {
        throw cursor.failure("expected '}' to close assembly '\(assembly.name)'")
      }
      switch token.kind {
      case .lineBreak, .symbol(";"):
        _ = cursor.advance()
      case .comment(let text):
        _ = cursor.advance()
        let lastIndex = assembly.members.indices.last
        if let lastIndex, lastRegistrationLine == token.location.line,
          case .registration(let registration, nil, let line) = assembly.members[lastIndex]
        {
          assembly.members[lastIndex] = .registration(registration, comment: text, lineInBlock: line)
        } else {
          assembly.members.append(.comment(text))
        }
      case .word("register"):
        _ = cursor.advance()
        lastRegistrationLine = token.location.line
        assembly.members.append(
          .registration(try registration(&cursor), comment: nil, lineInBlock: token.location.line - firstLine))
      case .word("assembly"):
        throw cursor.failure("blocks cannot be nested: 'assembly' inside assembly '\(assembly.name)'",
          hint: "to fix, close assembly '\(assembly.name)' with '}' first")
      default:
        throw cursor.failure("expected 'register' or '}' in assembly '\(assembly.name)', found \(cursor.found)")
      }
    }
    return assembly
  }
}
