import DisSyntax

/// The DIScope Swift a `.dis` command stands for, one line: what a learner would write in an app.
///
/// ```swift
/// var swift = SwiftTranslation()
/// swift.line(for: .declareClass(webService))   // "final class WebService: Sendable { init(logger: any Logger) { ... } }"
/// swift.line(for: .register(Registration(service: "WebService")))
/// // "container.register(WebService.self) { r in WebService(logger: try r.resolve((any Logger).self)) }"
/// ```
///
/// It keeps the declarations it has seen, so that a registration's factory passes each
/// initializer parameter what the container resolves for it, and the containers, so that each
/// call goes to the container the script is in: `container` for the root, and for a child the
/// variable `container child NAME` made (`let request = container.makeChild(named: "request")`,
/// then `request.register(...)`), as a reader writing the same steps in Swift would.
public struct SwiftTranslation: Sendable {
  private var protocols: Set<String> = []
  private var classes: [String: ClassDeclaration] = [:]
  /// The containers the script has made and not released, and the one it is in.
  private var containers = ContainerVariables()

  public init() {}

  /// Learns the declarations and containers of `entries` (a script up to some point).
  public mutating func learn(_ entries: some Sequence<Entry>) {
    for entry in entries { learn(entry) }
  }

  /// Learns what `entry` declares or changes. A command that must fail (`!`) changed nothing, so
  /// it teaches nothing; a registration's expected output (`+ t3 ...`) says which tokens were
  /// made in the current container, which `remove t3` then names.
  public mutating func learn(_ entry: Entry) {
    guard !entry.isExpectedToFail else { return }
    containers.noteTokens(in: entry.expectedOutput?.lines ?? [])
    learn(entry.command)
  }

  /// Learns a declaration (a protocol or a class) or a change of container; other commands
  /// change nothing.
  public mutating func learn(_ command: Command) {
    switch command {
    case .declareProtocol(let name): protocols.insert(name)
    case .declareClass(let declaration): classes[declaration.name] = declaration
    default: containers.apply(command)
    }
  }

  /// The Swift `entry` stands for: as `line(for: entry.command)` for a command that must succeed;
  /// for one that must fail (`!`), the check that it does, as `discope export swift` writes it
  /// (`#expect(throws: (any Error).self) { _ = try container.resolve(...) }`). `nil` when the
  /// failure is the script's own refusal (an unknown name, a second `activate`), which in Swift
  /// is the compiler's or has no equivalent.
  public func line(for entry: Entry) -> String? {
    guard entry.isExpectedToFail else { return line(for: entry.command) }
    let container = containers.variable
    switch entry.command {
    case .resolve(let resolution):
      return "#expect(throws: (any Error).self) { _ = \(resolveCall(resolution)) }"
    case .validate:
      return "#expect(!\(container).validate().isEmpty)  // validate finds a problem"
    case .remove(let token):
      return "#expect(\(containers.owner(of: token)).remove(\(token)) == false)  // \(token) is not live: nothing removed"
    case .expect(let expectation):
      guard let condition = expectCondition(expectation) else { return nil }
      return "#expect(!(\(condition.text)))" + (condition.comment.map { "  // not \($0)" } ?? "")
    default:
      return nil
    }
  }

  /// The Swift `command` stands for; `nil` for a command with no Swift equivalent (`show`, `help`,
  /// `reset`, the playground's own), which a caller says in words.
  public func line(for command: Command) -> String? {
    let container = containers.variable
    switch command {
    case .declareProtocol(let name):
      // Sendable, so that what conforms can be a singleton: a service the container may hand to
      // more than one caller must be. AnyObject, as a script's classes are, so that `===` says
      // whether two resolves answered with one instance (as `discope export swift` writes it).
      return "protocol \(name): AnyObject, Sendable {}"
    case .declareClass(let declaration):
      return classLine(declaration)
    case .register(let registration):
      return registerLine(registration, into: container)
    case .resolve(let resolution):
      return "let \(variable(resolution.service)) = \(resolveCall(resolution))"
    case .remove(let token):
      return "\(containers.owner(of: token)).remove(\(token))  // the token register returned"
    case .changeScope(let token, let scope):
      return "try \(containers.owner(of: token)).setScope(.\(scope.rawValue), for: \(token))"
    case .changeCaching(let token, let isEnabled):
      return "\(containers.owner(of: token)).setCaching(\(isEnabled), for: \(token))"
    case .mock(let service, let implementation):
      return "let mock = \(container).mock(\(type(service)).self, with: \(construction(of: implementation ?? "Mock" + service, resolvingFrom: container)))"
    case .mockAll:
      return "\(container).install(MockAssembly())  // a mock for every service, as a test base does"
    case .unmock:
      return "\(container).remove(mock)  // the token mock(_:with:) returned"
    case .call(let reference, let arguments):
      return "let made = try provider(\(arguments.map { $0.value.swiftLiteral }.joined(separator: ", ")))  // #\(reference.instance)'s \(reference.parameter)"
    case .assembly(let assembly):
      // Inside `assemble(into:)` the container is the parameter, whichever container installs it.
      return "struct \(assembly.name): Assembly { func assemble(into container: Container) { "
        + assembly.registrations.map { registerLine($0, into: "container") }.joined(separator: "; ") + " } }"
    case .activate(let name):
      return "let group = \(container).install(\(name)())"
    case .deactivate:
      return "\(container).remove(group)  // the group install returned"
    case .makeChildContainer(let name):
      return "let \(ContainerVariables.variable(forChild: name)) = \(container).makeChild(named: \(name.swiftLiteral))"
    case .useContainer(let name):
      let target = containers.variable(of: name)
      return "// resolve from \(target) from now on: \(target).resolve(...)"
    case .validate:
      return "let report = \(container).validate(); #expect(report.isEmpty, \"\\(report)\")"
    case .why(let service, let name):
      return "print(\(container).explain(\(type(service)).self\(name.map { ", name: \($0.swiftLiteral)" } ?? "")))"
    case .expect(let expectation):
      guard let condition = expectCondition(expectation) else {
        return expectation.sharesComment
      }
      return "#expect(\(condition.text))" + (condition.comment.map { "  // \($0)" } ?? "")
    case .release(let number):
      return "instance\(number) = nil  // let go of #\(number)"
    case .releaseContainer(let name):
      return releaseLine(name)
    case .shutdown:
      return "try await \(container).shutdown()"
    case .show(let view, _):
      return view == .stale ? "\(container).staleReferences()" : nil
    case .reset, .help, .playground:
      return nil
    }
  }

  /// `try await request.shutdown()`, its children's first (the script releases them, deepest
  /// first), and the request scope that does the same when its body returns.
  private func releaseLine(_ name: String) -> String {
    let shutdowns = containers.releaseOrder(of: name).map { "try await \(containers.variable(of: $0)).shutdown()" }
    let parent = containers.parentVariable(of: name)
    return shutdowns.joined(separator: "; ")
      + "  // or try await \(parent).withChild(named: \(name.swiftLiteral)) { \(ContainerVariables.variable(forChild: name)) in ... }"
  }

  /// `try request.resolve(Logger.self)`, from the current container.
  private func resolveCall(_ resolution: Resolution) -> String {
    let name = resolution.name.map { ", name: \($0.swiftLiteral)" } ?? ""
    let arguments = resolution.arguments.map { $0.value.swiftLiteral }
    let call = resolution.isOptional ? "optionalResolve" : "resolve"
    if arguments.isEmpty { return "try \(containers.variable).\(call)(\(type(resolution.service)).self\(name))" }
    return "try \(containers.variable).resolve(\(type(resolution.service)).self\(name), arguments: \(arguments.joined(separator: ", ")))"
  }

  private func classLine(_ declaration: ClassDeclaration) -> String {
    // Sendable as every shared service must be (a class that conforms to a script protocol is, as
    // the protocol is).
    let conformances = ": " + (declaration.conformances.isEmpty ? ["Sendable"] : declaration.conformances).joined(separator: ", ")
    let parameters = (declaration.parameters ?? []).map { "\($0.name): \(parameterType($0.dependency))" }
    let body = parameters.isEmpty ? "" : " init(\(parameters.joined(separator: ", "))) { ... }"
    return "final class \(declaration.name)\(conformances) {\(body) }"
  }

  private func registerLine(_ registration: Registration, into container: String) -> String {
    let service = registration.service
    var options: [String] = []
    if let name = registration.name { options.append("name: \(name.swiftLiteral)") }
    if let scope = registration.scope, scope != .singleton { options.append("scope: .\(scope.rawValue)") }
    let label = options.isEmpty ? "" : ", " + options.joined(separator: ", ")
    switch registration.implementation {
    case .instance(let implementation):
      return "\(container).register(\(type(service)).self\(label)) { _ in \(implementation)() }  // built once, now"
    case .type(let implementation):
      return "\(container).register(\(type(service)).self\(label)) \(factory(implementation))"
    case .inferred:
      return "\(container).register(\(type(service)).self\(label)) \(factory(service))"
    }
  }

  /// `{ r in WebService(logger: try r.resolve((any Logger).self)) }`; with runtime arguments,
  /// `{ (r: Resolver, user: String) in ... }`.
  private func factory(_ className: String) -> String {
    let parameters = classes[className]?.parameters ?? []
    let arguments = parameters.compactMap { parameter -> (String, String)? in
      if case .argument(let type) = parameter.dependency { (parameter.name, type) } else { nil }
    }
    let values = construction(of: className, resolvingFrom: "r")
    let resolver = parameters.contains { if case .argument = $0.dependency { false } else { true } } ? "r" : "_"
    let head = arguments.isEmpty
      ? "\(resolver) in"
      : "(\(resolver == "_" ? "_" : "r"): Resolver, " + arguments.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + ") in"
    return "{ \(head) \(values) }"
  }

  /// `WebService(logger: try r.resolve((any Logger).self))`: `className` built with each
  /// dependency resolved from `resolver` (a factory's `r`, or a container for a mock's instance),
  /// a runtime argument by its own name.
  private func construction(of className: String, resolvingFrom resolver: String) -> String {
    let values = (classes[className]?.parameters ?? []).map { parameter -> String in
      switch parameter.dependency {
      case .service(let type): "\(parameter.name): try \(resolver).resolve(\(self.type(type)).self)"
      case .optional(let type): "\(parameter.name): try \(resolver).optionalResolve(\(self.type(type)).self)"
      case .provider(let type): "\(parameter.name): try \(resolver).resolve(\(providerType(type)).self)"
      case .argument: "\(parameter.name): \(parameter.name)"
      }
    }
    return "\(className)(\(values.joined(separator: ", ")))"
  }

  /// What an `expect` asserts, as a Swift condition on the current container, with what it
  /// means when the condition alone does not say; `nil` when it has no Swift condition.
  private func expectCondition(_ expectation: Expectation) -> (text: String, comment: String?)? {
    let container = containers.variable
    switch expectation {
    case .resolvesTo(let service, let implementation):
      return ("try \(container).resolve(\(type(service)).self) is \(implementation)", nil)
    case .freshness(let service, let isCached):
      // As `discope export swift` writes it: asked without building (DIScopeTesting).
      return ("try \(isCached ? "" : "!")\(container).isCached(\(type(service)).self)", isCached ? "cached" : "new")
    case .stack(let service, let tokens):
      return ("\(container).registrations(of: ServiceKey(\(type(service)).self)).map(\\.token) == [\(tokens.map(\.description).joined(separator: ", "))]", nil)
    case .parameter(let reference, let value):
      let expected: String = switch value {
      case .instance(let number): "instance\(number)"
      case .none: "nil"
      case .text(let text): text.swiftLiteral
      }
      return ("instance\(reference.instance).\(reference.parameter) == \(expected)", nil)
    case .noStaleReferences:
      return ("\(container).staleReferences().isEmpty", nil)
    case .shares, .holds, .answersWith, .fate, .noContainer:
      return nil
    }
  }

  /// `(any Logger)` for a protocol, the name for a class.
  private func type(_ name: String) -> String {
    protocols.contains(name) ? "(any \(name))" : name
  }

  private func parameterType(_ dependency: Dependency) -> String {
    switch dependency {
    case .service(let type): protocols.contains(type) ? "any \(type)" : type
    case .optional(let type): (protocols.contains(type) ? "(any \(type))" : type) + "?"
    case .provider(let type): providerType(type)
    case .argument(let type): type
    }
  }

  /// `Provider<UserDetails, String>`: the provider of a class with runtime arguments names their
  /// types, as the README and the export write it.
  private func providerType(_ service: String) -> String {
    let arguments = (classes[service]?.parameters ?? []).compactMap { parameter -> String? in
      if case .argument(let type) = parameter.dependency { type } else { nil }
    }
    return "Provider<" + ([type(service)] + arguments).joined(separator: ", ") + ">"
  }

  private func variable(_ service: String) -> String {
    guard let first = service.first else { return "value" }
    return first.lowercased() + service.dropFirst()
  }
}

extension Expectation {
  /// What `expect S shares T` says, which no Swift condition says: a comment.
  fileprivate var sharesComment: String? {
    guard case .shares(let service, let dependency) = self else { return nil }
    return "// every \(dependency) one \(service) is built with is one instance (graph scope)"
  }
}

extension String {
  /// A Swift string literal of this text.
  fileprivate var swiftLiteral: String { quoted }
}

extension Value {
  /// A Swift literal of this value: a number as written, text as a string.
  fileprivate var swiftLiteral: String {
    switch self {
    case .number(let text): text
    case .word(let text) where text == "true" || text == "false": text
    case .word(let text), .string(let text): text.quoted
    }
  }
}
