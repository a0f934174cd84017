import DIScope
import DisSyntax

/// Builds instances of declared classes inside registration factories: each parameter and
/// property is resolved from the factory's resolver, so the container sees every dependency,
/// numbers it, caches it under its scope and traces it.
///
/// Declarations are read when the factory runs, not when it was registered: a class may name
/// types declared later, and an unknown name is an error there, with the path that led to it.
struct InstanceBuilder: Sendable {
  let store: DeclarationStore
  let budget: BuildBudget
  /// How many notes a recording mock keeps (`SessionLimits.maximumMockNotes`).
  let maximumMockNotes: Int

  /// The factory of a registration whose instances are `className`s.
  func factory(for className: String) -> @Sendable (Resolver) throws -> PlaygroundInstance {
    { resolver in try self.build(className, resolver: resolver, arguments: ScriptArguments()) }
  }

  /// The factory of a registration whose class takes runtime arguments.
  func argumentFactory(for className: String)
    -> @Sendable (Resolver, ScriptArguments) throws -> PlaygroundInstance
  {
    { resolver, arguments in try self.build(className, resolver: resolver, arguments: arguments) }
  }

  /// The factory of an automatic recording mock of `service`.
  func recordingMock(of service: String) -> @Sendable (Resolver) throws -> PlaygroundInstance {
    { _ in
      try self.budget.take()
      return PlaygroundInstance(typeName: "Mock" + service, mockedService: service, maximumNotes: self.maximumMockNotes)
    }
  }

  func build(_ className: String, resolver: Resolver, arguments: ScriptArguments) throws -> PlaygroundInstance {
    try budget.building { try buildCounted(className, resolver: resolver, arguments: arguments) }
  }

  private func buildCounted(
    _ className: String, resolver: Resolver, arguments: ScriptArguments
  ) throws -> PlaygroundInstance {
    let declarations = store.current
    guard let declaration = declarations.classes[className] else {
      throw declarations.isProtocol(className) ? BuildError.isProtocol(className) : .undeclared(className)
    }
    try budget.take()
    var parameters: [(name: String, value: SlotValue)] = []
    for parameter in declaration.parameters ?? [] {
      let value = try slot(parameter, of: className, resolver: resolver, arguments: arguments)
      parameters.append((parameter.name, value))
    }
    var properties: [(name: String, value: SlotValue)] = []
    for property in declaration.properties ?? [] {
      properties.append((property.name, try slot(property, of: className, resolver: resolver, arguments: arguments)))
    }
    return PlaygroundInstance(typeName: className, parameters: parameters, properties: properties)
  }

  private func slot(
    _ parameter: Parameter, of className: String, resolver: Resolver, arguments: ScriptArguments
  ) throws -> SlotValue {
    switch parameter.dependency {
    case .service(let service):
      return .instance(try resolver.resolve(key: DeclaredServices.key(service), as: PlaygroundInstance.self))
    case .optional(let service):
      let key = DeclaredServices.key(service)
      // Asked only when registered: the container's trace of an absent dynamic service would name
      // the Swift type (see the report's requests), so an absent optional shows as `nil` alone.
      guard resolver.container.hasRegistration(for: key) else { return .none }
      return .instance(try resolver.resolve(key: key, as: PlaygroundInstance.self))
    case .provider(let service):
      let key = DeclaredServices.key(service)
      if !resolver.container.hasRegistration(for: key) {
        // A provider of nothing fails now, with the path, as DIScope's own providers do.
        _ = try resolver.resolve(key: key, as: PlaygroundInstance.self)
      }
      let answering = resolver.container.answeringRegistration(for: key)
      // One spelling: a provider names the arguments its class takes, as the README, the
      // playground's Swift and the export write it (`Provider<UserDetails, String>`).
      let declarations = store.current
      if let implementation = answering?.implementationName, declarations.classes[implementation] != nil {
        let expected = declarations.argumentParameters(of: implementation).map(\.type)
        if expected != parameter.providerArguments {
          throw BuildError.providerSpelling(
            holder: className, parameter: parameter.name, service: service,
            written: parameter.providerArguments, expected: expected)
        }
      }
      let takesArguments = answering?.argumentTypes != nil
      return .provider(
        ProviderHandle(
          service: service, takesArguments: takesArguments, argumentTypes: parameter.providerArguments,
          container: resolver.container))
    case .argument(let type):
      guard let value = arguments.values[parameter.name] else {
        throw BuildError.missingArgument(name: parameter.name, type: type, className: className)
      }
      guard value.fits(type) else {
        throw BuildError.argumentType(name: parameter.name, type: type, value: value.description)
      }
      return .argument(value.typed(type))
    }
  }
}
