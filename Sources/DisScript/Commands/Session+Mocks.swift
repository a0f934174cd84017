import DIScope
import DisSyntax

/// `mock S [= Impl]`, `mock *` and `unmock S`: mocks pushed over a service's stack and popped off.
extension Session {
  func mock(_ service: String, with implementation: String?) throws -> [String] {
    if !store.current.isDeclared(service), let (directory, key) = try? lookUp(service, named: nil),
      directory is SwiftServices
    {
      return try pushStandbyMock(of: service, key: key, implementation: implementation)
    }
    try requireDeclared(service)
    if let implementation { try requireImplementation(implementation, of: service) }
    let key = DeclaredServices.key(service)
    let token = pushMock(of: service, key: key, implementation: implementation)
    return [tokenLine("+", token, in: container) + shadowNoteAfterMock(key)]
  }

  func mockAll() throws -> [String] {
    var keys: [(key: ServiceKey, top: RegistrationInfo)] = []
    var seen: Set<ServiceKey> = []
    for (_, owner) in lineage(of: container) {
      for stack in owner.stacks where seen.insert(stack.key).inserted {
        if let top = stack.registrations.first { keys.append((stack.key, top)) }
      }
    }
    keys.sort { $0.top.token < $1.top.token }
    let toMock = keys.filter { !$0.top.isMock && $0.key.dynamicService != nil }
    guard !toMock.isEmpty else {
      let why = keys.isEmpty ? "nothing is registered" : "every registered service is mocked already"
      return ["no mocks pushed: \(why)"]
    }
    return toMock.map { key, _ in
      let token = pushMock(of: key.serviceName, key: key, implementation: nil)
      return tokenLine("+", token, in: container) + shadowNoteAfterMock(key)
    }
  }

  func unmock(_ service: String) throws -> [String] {
    let (_, key) = try lookUp(service, named: nil)
    guard let mock = container.registrations(of: key).first(where: \.isMock) else {
      if let elsewhere = lineage(of: container).dropFirst().first(where: { _, owner in
        owner.registrations(of: key).contains(where: \.isMock)
      }) {
        throw ScriptFailure(
          "the mock of '\(service)' belongs to the container '\(elsewhere.name)'",
          hint: "to fix, 'container use \(elsewhere.name)' first, then 'unmock \(service)'")
      }
      throw ScriptFailure(
        "'\(service)' has no mock to remove", hint: "'show mocks' lists the mocks in place")
    }
    let stack = container.registrations(of: key)
    container.remove(mock.token)
    family.removedTokens.insert(mock.token.number)
    return [tokenLine("-", mock) + RemovalText.note(removed: mock, stackBefore: stack, owner: container)]
  }

  /// `mock S` for a Swift service: the mock the app registered on standby for it.
  private func pushStandbyMock(of service: String, key: ServiceKey, implementation: String?) throws -> [String] {
    if let implementation {
      throw ScriptFailure(
        "'\(service)' is a Swift type: its mock comes from Swift, not from the class '\(implementation)'",
        hint: "to fix, write 'mock \(service)', which pushes the mock registered with container.registerMock(\(service).self) { ... }")
    }
    guard let token = container.pushStandbyMock(for: key) else {
      throw ScriptFailure(
        "'\(service)' has no mock on standby",
        hint: "to fix, keep one ready in Swift before replaying: container.registerMock(\(service).self) { Mock\(service)() }")
    }
    return [tokenLine("+", token, in: container) + shadowNoteAfterMock(key)]
  }

  private func pushMock(of service: String, key: ServiceKey, implementation: String?) -> ContainerToken {
    let token: ContainerToken
    if let implementation, !store.current.argumentParameters(of: implementation).isEmpty {
      // A class with runtime arguments stands in as it is registered: a new instance for each
      // resolve, built with the arguments given (`resolve S with user="ann"`, a provider's call).
      token = container.register(
        key: key, implementationName: implementation, scope: .prototype, isMock: true,
        location: commandSite, factory: builder.argumentFactory(for: implementation))
    } else {
      let factory = implementation.map { builder.factory(for: $0) } ?? builder.recordingMock(of: service)
      token = container.register(
        key: key, implementationName: implementation ?? "Mock" + service, scope: .singleton, isMock: true,
        location: commandSite, factory: factory)
    }
    family.tokens[token.number] = TokenRecord(token: token, container: container, service: service, isInstance: false)
    return token
  }

  /// `  (shadows t1)` for the registration just below the new top of `key`'s stack.
  private func shadowNoteAfterMock(_ key: ServiceKey) -> String {
    let stack = container.registrations(of: key, limit: 2)
    if let below = stack.dropFirst().first { return "  (shadows \(below.token)\(madeAt(below)))" }
    if let parent = container.parent?.answeringRegistration(for: key) {
      return "  (overrides \(parent.token)\(madeAt(parent)) in \(parent.container))"
    }
    return "  (nothing below)"
  }

  /// The containers from `container` up to the root, with their names.
  func lineage(of container: Container) -> [(name: String, container: Container)] {
    var chain: [(String, Container)] = []
    var next: Container? = container
    while let current = next {
      chain.append((current.name, current))
      next = current.parent
    }
    return chain
  }
}
