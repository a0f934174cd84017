import DIScope
import DisSyntax
import Synchronization


/// A `register` line checked against the declarations: which class answers for which service,
/// under which scope. Plans are made for every line of an assembly before any is pushed, so a bad
/// line pushes nothing.
struct RegistrationPlan: Sendable {
  let service: String
  let implementation: String
  let name: String?
  let scope: ContainerScope
  let isCaching: Bool
  let takesArguments: Bool
  let isInstance: Bool
  /// Where the `register` line was written (a script's path and line), which the registration
  /// keeps; `nil` when typed.
  let site: RegistrationSite?

  var key: ServiceKey { DeclaredServices.key(service, named: name) }
}

extension Session {
  /// Checks `registration`, written at `site`, against the declarations.
  func plan(_ registration: DisSyntax.Registration, madeAt site: RegistrationSite?) throws -> RegistrationPlan {
    let service = registration.service
    let declarations = store.current
    try requireDeclared(service)
    let implementation: String
    var isInstance = false
    switch registration.implementation {
    case .inferred:
      guard declarations.classes[service] != nil else {
        let choices = declarations.implementations(of: service)
        throw ScriptFailure(
          "'\(service)' is a protocol: say which class implements it",
          hint: choices.first.map { "to fix, write 'register \(service) = \($0)'" }
            ?? "to fix, declare a class for it ('class Live\(service): \(service)') and register that")
      }
      implementation = service
    case .type(let name): implementation = name
    case .instance(let name):
      implementation = name
      isInstance = true
    }
    try requireImplementation(implementation, of: service)
    let takesArguments = !declarations.argumentParameters(of: implementation).isEmpty
    if isInstance {
      if registration.scope != nil || registration.isCacheEnabled != nil {
        throw ScriptFailure(
          "'register \(service) instance \(implementation)' registers one instance: it takes no scope or cache",
          hint: "to fix, drop the option, or register '\(service) = \(implementation)' to choose a scope")
      }
      if takesArguments {
        throw ScriptFailure(
          "'\(implementation)' takes runtime arguments (\(declarations.argumentList(of: implementation))): "
            + "it cannot be built at registration",
          hint: "to fix, register '\(service) = \(implementation)' and give the arguments when resolving")
      }
    }
    if takesArguments && registration.scope == .eager {
      throw ScriptFailure(
        "'\(implementation)' takes runtime arguments, so it cannot be eager: it would be built with none",
        hint: "to fix, use scope=prototype (the default for classes with arguments)")
    }
    let scope = registration.scope?.containerScope ?? (takesArguments ? .prototype : .singleton)
    return RegistrationPlan(
      service: service, implementation: implementation, name: registration.name, scope: scope,
      isCaching: registration.isCacheEnabled ?? true, takesArguments: takesArguments,
      isInstance: isInstance, site: site)
  }

  /// Fails unless `service` is a declared type.
  func requireDeclared(_ service: String) throws {
    guard !store.current.isDeclared(service) else { return }
    throw ScriptFailure(
      "unknown service '\(service)'",
      hint: suggestion(for: service, among: store.current.typeNames)
        ?? "to fix, declare it first: 'protocol \(service)' or 'class \(service)'")
  }

  /// Fails unless `implementation` is a declared class that can stand for `service`.
  func requireImplementation(_ implementation: String, of service: String) throws {
    let declarations = store.current
    if declarations.isProtocol(implementation) {
      throw ScriptFailure(
        "'\(implementation)' is a protocol: an implementation must be a class",
        hint: declarations.implementations(of: implementation).first.map { "did you mean '\($0)'?" })
    }
    guard declarations.classes[implementation] != nil else {
      throw ScriptFailure(
        "unknown class '\(implementation)'",
        hint: suggestion(for: implementation, among: declarations.classOrder)
          ?? "to fix, declare it first: 'class \(implementation): \(service)'")
    }
    guard declarations.conforms(implementation, to: service) else {
      throw ScriptFailure(
        "'\(implementation)' does not conform to '\(service)'",
        hint: "to fix, declare it as 'class \(implementation): \(service)'"
          + (declarations.implementations(of: service).first.map { ", or register '\(service) = \($0)'" } ?? ""))
    }
  }

  /// Pushes a planned registration onto `container`'s stack.
  func push(_ plan: RegistrationPlan, into container: Container) -> ContainerToken {
    let token: ContainerToken
    if plan.isInstance {
      let one = OneInstance()
      let build = builder.factory(for: plan.implementation)
      token = container.register(
        key: plan.key, implementationName: plan.implementation, scope: .singleton,
        location: plan.site
      ) { resolver in try one.get { try build(resolver) } }
    } else if plan.takesArguments {
      token = container.register(
        key: plan.key, implementationName: plan.implementation, scope: plan.scope,
        isCaching: plan.isCaching, location: plan.site,
        factory: builder.argumentFactory(for: plan.implementation))
    } else {
      token = container.register(
        key: plan.key, implementationName: plan.implementation, scope: plan.scope,
        isCaching: plan.isCaching, location: plan.site,
        factory: builder.factory(for: plan.implementation))
    }
    family.tokens[token.number] = TokenRecord(
      token: token, container: container, service: plan.service, isInstance: plan.isInstance)
    return token
  }
}

/// The single instance of a `register S instance Impl` registration, built once and handed back
/// on every later call (a dry run in `validate` included).
///
/// `@unchecked Sendable`: `instance` is read and written only while `lock` is held. A build cannot
/// re-enter the lock: the container reports a cycle before a factory would run a second time
/// inside its own resolution.
final class OneInstance: @unchecked Sendable {
  private let lock = Mutex<Void>(())
  private var instance: PlaygroundInstance?

  func get(_ build: () throws -> PlaygroundInstance) throws -> PlaygroundInstance {
    try lock.withLock { _ in
      if let instance { return instance }
      let built = try build()
      instance = built
      return built
    }
  }
}
