import DisSyntax

/// The DIScope Swift a `.dis` command stands for, one line: what a learner would write in an app.
///
/// ```swift
/// var swift = SwiftTranslation()
/// swift.line(for: .declareClass(webService))   // "final class WebService { init(logger: any Logger) { ... } }"
/// swift.line(for: .register(Registration(service: "WebService")))
/// // "container.register(WebService.self) { r in WebService(logger: try r.resolve((any Logger).self)) }"
/// ```
///
/// It keeps the declarations it has seen, so that a registration's factory passes each
/// initializer parameter what the container resolves for it.
public struct SwiftTranslation: Sendable {
  private var protocols: Set<String> = []
  private var classes: [String: ClassDeclaration] = [:]

  public init() {}

  /// Learns the declarations of `entries` (a script up to some point).
  public mutating func learn(_ entries: some Sequence<Entry>) {
    for entry in entries { learn(entry.command) }
  }

  /// Learns a declaration (a protocol or a class); other commands change nothing.
  public mutating func learn(_ command: Command) {
    switch command {
    case .declareProtocol(let name): protocols.insert(name)
    case .declareClass(let declaration): classes[declaration.name] = declaration
    default: break
    }
  }

  /// The Swift `command` stands for; `nil` for a command with no Swift equivalent (`show`, `help`,
  /// `reset`, the playground's own), which a caller says in words.
  public func line(for command: Command) -> String? {
    switch command {
    case .declareProtocol(let name):
      return "protocol \(name): AnyObject {}"
    case .declareClass(let declaration):
      return classLine(declaration)
    case .register(let registration):
      return registerLine(registration)
    case .resolve(let resolution):
      let name = resolution.name.map { ", name: \($0.swiftLiteral)" } ?? ""
      let arguments = resolution.arguments.map { $0.value.swiftLiteral }
      let call = resolution.isOptional ? "optionalResolve" : "resolve"
      if arguments.isEmpty { return "let \(variable(resolution.service)) = try container.\(call)(\(type(resolution.service)).self\(name))" }
      return "let \(variable(resolution.service)) = try container.resolve(\(type(resolution.service)).self\(name), arguments: \(arguments.joined(separator: ", ")))"
    case .remove(let token):
      return "container.remove(\(token))  // the token register returned"
    case .changeScope(let token, let scope):
      return "container.setScope(.\(scope.rawValue), for: \(token))"
    case .changeCaching(let token, let isEnabled):
      return "container.setCaching(\(isEnabled), for: \(token))"
    case .mock(let service, let implementation):
      return "let mock = container.mock(\(type(service)).self, with: \(implementation ?? "Mock" + service)())"
    case .mockAll:
      return "container.install(MockAssembly())  // a mock for every service, as a test base does"
    case .unmock:
      return "container.remove(mock)  // the token mock(_:with:) returned"
    case .call(let reference, let arguments):
      return "let made = try provider(\(arguments.map { $0.value.swiftLiteral }.joined(separator: ", ")))  // #\(reference.instance)'s \(reference.parameter)"
    case .assembly(let assembly):
      return "struct \(assembly.name): Assembly { func assemble(into container: Container) { "
        + assembly.registrations.compactMap(registerLine).joined(separator: "; ") + " } }"
    case .activate(let name):
      return "let group = container.install(\(name)())"
    case .deactivate:
      return "container.remove(group)  // the group install returned"
    case .makeChildContainer(let name):
      return "let \(name) = container.makeChild(named: \(name.swiftLiteral))"
    case .useContainer(let name):
      return "// resolve from \(name) from now on: \(name).resolve(...)"
    case .validate:
      return "let report = container.validate(); #expect(report.isEmpty, \"\\(report)\")"
    case .why(let service, let name):
      return "print(container.explain(\(type(service)).self\(name.map { ", name: \($0.swiftLiteral)" } ?? "")))"
    case .expect(let expectation):
      return expectLine(expectation)
    case .release(let number):
      return "instance\(number) = nil  // let go of #\(number)"
    case .releaseContainer(let name):
      return "try await \(name).shutdown()  // or container.withChild(named: \(name.swiftLiteral)) { ... }"
    case .shutdown:
      return "try await container.shutdown()"
    case .show(let view, _):
      return view == .stale ? "container.staleReferences()" : nil
    case .reset, .help, .playground:
      return nil
    }
  }

  private func classLine(_ declaration: ClassDeclaration) -> String {
    let conformances = declaration.conformances.isEmpty ? "" : ": " + declaration.conformances.joined(separator: ", ")
    let parameters = (declaration.parameters ?? []).map { "\($0.name): \(parameterType($0.dependency))" }
    let body = parameters.isEmpty ? "" : " init(\(parameters.joined(separator: ", "))) { ... }"
    return "final class \(declaration.name)\(conformances) {\(body) }"
  }

  private func registerLine(_ registration: Registration) -> String {
    let service = registration.service
    var options: [String] = []
    if let name = registration.name { options.append("name: \(name.swiftLiteral)") }
    if let scope = registration.scope, scope != .singleton { options.append("scope: .\(scope.rawValue)") }
    let label = options.isEmpty ? "" : ", " + options.joined(separator: ", ")
    switch registration.implementation {
    case .instance(let implementation):
      return "container.register(\(type(service)).self\(label)) { _ in \(implementation)() }  // built once, now"
    case .type(let implementation):
      return "container.register(\(type(service)).self\(label)) \(factory(implementation))"
    case .inferred:
      return "container.register(\(type(service)).self\(label)) \(factory(service))"
    }
  }

  /// `{ r in WebService(logger: try r.resolve((any Logger).self)) }`; with runtime arguments,
  /// `{ (r: Resolver, user: String) in ... }`.
  private func factory(_ className: String) -> String {
    let parameters = classes[className]?.parameters ?? []
    let arguments = parameters.compactMap { parameter -> (String, String)? in
      if case .argument(let type) = parameter.dependency { (parameter.name, type) } else { nil }
    }
    let values = parameters.map { parameter -> String in
      switch parameter.dependency {
      case .service(let type): "\(parameter.name): try r.resolve(\(self.type(type)).self)"
      case .optional(let type): "\(parameter.name): try r.optionalResolve(\(self.type(type)).self)"
      case .provider(let type): "\(parameter.name): try r.resolve(Provider<\(self.type(type))>.self)"
      case .argument: "\(parameter.name): \(parameter.name)"
      }
    }
    let resolver = parameters.contains { if case .argument = $0.dependency { false } else { true } } ? "r" : "_"
    let head = arguments.isEmpty
      ? "\(resolver) in"
      : "(\(resolver == "_" ? "_" : "r"): Resolver, " + arguments.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + ") in"
    return "{ \(head) \(className)(\(values.joined(separator: ", "))) }"
  }

  private func expectLine(_ expectation: Expectation) -> String? {
    switch expectation {
    case .resolvesTo(let service, let implementation):
      return "#expect(try container.resolve(\(type(service)).self) is \(implementation))"
    case .freshness(let service, let isCached):
      return "#expect(try container.resolve(\(type(service)).self) \(isCached ? "===" : "!==") (try container.resolve(\(type(service)).self)))  // \(isCached ? "cached" : "new")"
    case .stack(let service, let tokens):
      return "#expect(container.registrations(of: ServiceKey(\(type(service)).self)).map(\\.token) == [\(tokens.map(\.description).joined(separator: ", "))])"
    case .parameter(let reference, let value):
      let expected: String = switch value {
      case .instance(let number): "instance\(number)"
      case .none: "nil"
      case .text(let text): text.swiftLiteral
      }
      return "#expect(instance\(reference.instance).\(reference.parameter) == \(expected))"
    case .noStaleReferences:
      return "#expect(container.staleReferences().isEmpty)"
    case .shares(let service, let dependency):
      return "// every \(dependency) one \(service) is built with is one instance (graph scope)"
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
    case .provider(let type): "Provider<\(self.type(type))>"
    case .argument(let type): type
    }
  }

  private func variable(_ service: String) -> String {
    guard let first = service.first else { return "value" }
    return first.lowercased() + service.dropFirst()
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
