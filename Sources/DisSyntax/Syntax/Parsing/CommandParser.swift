/// Parses the tokens of one command (without `!` and without a trailing
/// comment) into a ``Command``. The first error is thrown; the line-level
/// parser records it and goes on with the next line.
struct CommandParser {
  var endLocation: SourceLocation

  func parse(_ tokens: [Lexeme]) throws(Diagnostic) -> Command {
    guard let first = tokens.first else {
      throw .error("expected a command", at: endLocation, hint: "to fix, type 'help' to list the commands")
    }
    guard var name = first.word else {
      throw .error(
        "expected a command, found '\(first.spelling)'", at: first.location,
        hint: "to fix, type 'help' to list the commands")
    }
    var cursor = TokenCursor(tokens: Array(tokens.dropFirst()), commandName: name, endLocation: endLocation)
    if name == "resolve", let question = cursor.current, question.isSymbol("?"),
      question.location.column == first.endColumn
    {
      name = "resolve?"
      cursor.commandName = name
      _ = cursor.advance()
    }
    guard CommandTable.specification(named: name) != nil, !name.hasPrefix(":") else {
      let suggestions = CommandTable.suggestions(for: name)
      throw .error(
        "unknown command '\(name)'", at: first.location,
        hint: suggestions.first.map { "did you mean '\($0)'?" } ?? "to fix, type 'help' to list the commands")
    }
    let command = try parseArguments(of: name, with: &cursor)
    try cursor.expectEnd()
    return command
  }

  private func parseArguments(of name: String, with cursor: inout TokenCursor) throws(Diagnostic) -> Command {
    switch name {
    case "protocol": return .declareProtocol(name: try cursor.name("a protocol name"))
    case "class": return .declareClass(try classDeclaration(&cursor))
    case "register": return .register(try registration(&cursor))
    case "resolve", "resolve?": return .resolve(try resolution(&cursor, isOptional: name == "resolve?"))
    case "remove": return .remove(try cursor.registrationToken())
    case "scope": return .changeScope(try cursor.registrationToken(), to: try cursor.choice("scope", Self.scopes))
    case "cache": return .changeCaching(try cursor.registrationToken(), isEnabled: try cursor.choice("cache setting", Self.onOff))
    case "mock": return try mock(&cursor)
    case "unmock": return .unmock(service: try cursor.serviceName("a service name"))
    case "call": return .call(try cursor.instanceParameter(), arguments: try cursor.arguments())
    case "assembly": return .assembly(try assembly(&cursor))
    case "activate": return .activate(assembly: try cursor.name("an assembly name"))
    case "deactivate": return .deactivate(assembly: try cursor.name("an assembly name"))
    case "container":
      let isChild = try cursor.choice("container action", ["child": true, "use": false])
      var container = try cursor.name("a container name")
      // `container use request#12`: one of several live children of that name, by its number.
      if !isChild, case .instance(let number)? = cursor.current?.kind,
        cursor.current?.location.column == cursor.tokens[cursor.position - 1].endColumn
      {
        container += "#\(number)"
        _ = cursor.advance()
      }
      return isChild ? .makeChildContainer(name: container) : .useContainer(name: container)
    case "show":
      let view = try cursor.choice("view", Dictionary(uniqueKeysWithValues: View.allCases.map { ($0.rawValue, $0) }))
      return .show(view, service: cursor.isAtEnd ? nil : try cursor.serviceName("a service name"))
    case "validate": return .validate
    case "why":
      let service = try cursor.serviceName("a service name")
      guard cursor.take(keyword: "named") else { return .why(service: service, name: nil) }
      return .why(service: service, name: try cursor.registrationName())
    case "expect": return .expect(try expectation(&cursor))
    case "release":
      if cursor.take(keyword: "container") { return .releaseContainer(name: try cursor.name("a container name")) }
      return .release(instance: try cursor.instanceNumber())
    case "shutdown": return .shutdown
    case "reset": return .reset
    default: return .help(topic: try helpTopic(&cursor))
    }
  }

  static let scopes = Dictionary(uniqueKeysWithValues: Scope.allCases.map { ($0.rawValue, $0) })
  static let onOff = ["on": true, "off": false]

  private func resolution(_ cursor: inout TokenCursor, isOptional: Bool) throws(Diagnostic) -> Resolution {
    var resolution = Resolution(service: try cursor.serviceName("a service name"), isOptional: isOptional)
    if cursor.take(keyword: "named") { resolution.name = try cursor.registrationName() }
    if cursor.take(keyword: "with") {
      guard !cursor.isAtEnd else { throw cursor.failure("expected an argument like 'name=value' after 'with'") }
      resolution.arguments = try cursor.arguments()
    }
    return resolution
  }

  private func mock(_ cursor: inout TokenCursor) throws(Diagnostic) -> Command {
    if cursor.take("*") { return .mockAll }
    let service = try cursor.serviceName("a service name or '*'")
    guard cursor.take("=") else { return .mock(service: service, implementation: nil) }
    return .mock(service: service, implementation: try cursor.serviceName("an implementation after '='"))
  }

  private func expectation(_ cursor: inout TokenCursor) throws(Diagnostic) -> Expectation {
    if case .instance(let number)? = cursor.current?.kind, cursor.tokens.count == cursor.position + 2,
      let word = cursor.tokens[cursor.position + 1].word, let fate = InstanceFate(rawValue: word)
    {
      _ = cursor.advance()
      _ = cursor.advance()
      return .fate(instance: number, fate)
    }
    if case .instance? = cursor.current?.kind {
      let parameter = try cursor.instanceParameter()
      try cursor.expect("=", "after '\(parameter)'")
      switch cursor.current?.kind {
      case .instance(let number)?: _ = cursor.advance(); return .parameter(parameter, equals: .instance(number))
      case .word("nil")?: _ = cursor.advance(); return .parameter(parameter, equals: .none)
      case .string(let text)?: _ = cursor.advance(); return .parameter(parameter, equals: .text(text))
      case .number(let number)?:
        throw cursor.failure(
          "expected '#M', 'nil' or a \"quoted string\", found the number \(number)",
          hint: "a value is compared as the text it prints: to fix, quote it: expect \(parameter) = \"\(number)\"")
      default: throw cursor.failure("expected '#M', 'nil' or a \"quoted string\", found \(cursor.found)")
      }
    }
    if cursor.current?.word == "no", cursor.tokens.count == cursor.position + 2,
      cursor.tokens[cursor.position + 1].word == "stale"
    {
      _ = cursor.advance()
      _ = cursor.advance()
      return .noStaleReferences
    }
    if cursor.current?.word == "no", cursor.tokens.count == cursor.position + 3,
      cursor.tokens[cursor.position + 1].word == "container"
    {
      _ = cursor.advance()
      _ = cursor.advance()
      return .noContainer(name: try cursor.name("a container's name"))
    }
    // `expect stack S = ...`, S perhaps qualified (`ExampleApp.Logging`): an `=` after a name.
    let isStack = cursor.current?.word == "stack" && cursor.tokens.count > cursor.position + 2
      && cursor.tokens[(cursor.position + 2)...].contains { $0.isSymbol("=") }
    if isStack {
      _ = cursor.advance()
      let service = try cursor.serviceName("a service name")
      try cursor.expect("=", "after 'stack \(service)'")
      var tokens: [RegistrationToken] = []
      while !cursor.isAtEnd { tokens.append(try cursor.registrationToken()) }
      return .stack(service: service, tokens: tokens)
    }
    let service = try cursor.serviceName("a service name, 'stack' or '#N.param'")
    if cursor.take(keyword: "shares") {
      return .shares(service: service, dependency: try cursor.serviceName("a service after 'shares'"))
    }
    if cursor.take(keyword: "holds") {
      let isNew = cursor.take(keyword: "new")
      return .holds(service: service, held: try heldValue(&cursor), isNew: isNew)
    }
    if cursor.take(keyword: "is") {
      if case .instance(let number)? = cursor.current?.kind {
        _ = cursor.advance()
        return .answersWith(service: service, instance: number)
      }
      if cursor.current?.word == "not", cursor.tokens.count > cursor.position + 1 {
        let other = cursor.tokens[cursor.position + 1].word ?? "Impl"
        throw cursor.failure(
          "'expect' asserts what holds; it has no 'not'",
          hint: "to assert that '\(service)' does not resolve to '\(other)', write "
            + "'! expect \(service) is \(other)': a command marked '!' must fail")
      }
      return .resolvesTo(service: service, implementation: try cursor.serviceName("an implementation after 'is'"))
    }
    let isCached = try cursor.choice("expectation", ["cached": true, "new": false])
    return .freshness(service: service, isCached: isCached)
  }

  /// `T` or `Provider<T, A...>` after `expect S holds`.
  private func heldValue(_ cursor: inout TokenCursor) throws(Diagnostic) -> HeldValue {
    let type = try cursor.serviceName("a type after 'holds'")
    guard cursor.take("<") else { return .instance(type) }
    guard type == "Provider" else { throw cursor.failure("the only generic type is 'Provider<T>'") }
    let provided = try cursor.serviceName("a type inside 'Provider<...>'")
    var arguments: [String] = []
    while cursor.take(",") { arguments.append(try cursor.serviceName("a runtime argument's type after ','")) }
    try cursor.expect(">", "to close 'Provider<\(([provided] + arguments).joined(separator: ", "))'")
    return .provider(service: provided, argumentTypes: arguments)
  }

  private func helpTopic(_ cursor: inout TokenCursor) throws(Diagnostic) -> String? {
    if cursor.isAtEnd { return nil }
    let isPlayground = cursor.take(":")
    var topic = (isPlayground ? ":" : "") + (try cursor.name("a command name"))
    if cursor.take("?") { topic += "?" }
    return topic
  }
}
