/// Looking at what a container holds, for reports, validation and the playground's panes.
extension Container {
  /// The stack of `key` in this container, newest (the one that answers) first; at most `limit`
  /// of them (`limit: 1`: only the top, whatever the stack's height).
  ///
  /// ```swift
  /// container.registrations(of: ServiceKey(Logger.self)).map(\.token)             // [t3, t1]
  /// container.registrations(of: ServiceKey(Logger.self), limit: 1).map(\.token)   // [t3]
  /// ```
  public func registrations(of key: ServiceKey, limit: Int = .max) -> [RegistrationInfo] {
    let stack = family.withLock { _ in registry.stacks[key].map { Array($0.suffix(limit)) } ?? [] }
    return stack.reversed().enumerated().map { depth, registration in
      registration.info(stackDepth: depth, container: name)
    }
  }

  /// Every key registered in this container, in the order first registered, those whose
  /// registrations were all removed included: a tool naming services by what was registered
  /// still knows one whose last registration went.
  ///
  /// ```swift
  /// let token = container.register(Logger.self) { _ in ConsoleLogger() }
  /// container.remove(token)
  /// container.registeredKeys   // [Logger]
  /// ```
  public var registeredKeys: [ServiceKey] {
    family.withLock { _ in registry.orderedKeys }
  }

  /// Every stack of this container, in the order their keys were first registered, each newest
  /// first. Keys whose registrations were all removed are left out.
  public var stacks: [ServiceStack] {
    let snapshot = family.withLock { _ in
      registry.orderedKeys.compactMap { key in registry.stacks[key].map { (key, $0) } }
    }
    return snapshot.compactMap { key, stack in
      guard !stack.isEmpty else { return nil }
      return ServiceStack(
        key: key,
        registrations: stack.reversed().enumerated().map { depth, registration in
          registration.info(stackDepth: depth, container: name)
        })
    }
  }

  /// The live registration `token` names in this container, if any.
  public func registration(_ token: RegistrationToken) -> RegistrationInfo? {
    guard let registration = liveRegistration(token) else { return nil }
    let depth = family.withLock { _ in
      registry.stacks[registration.key].flatMap { stack in
        stack.lastIndex { $0 === registration }.map { stack.count - 1 - $0 }
      }
    }
    return registration.info(stackDepth: depth, container: name)
  }

  /// The live registration numbered `number` (`t3`) in this container, if any: for tools that name
  /// tokens as text.
  public func registration(numbered number: Int) -> RegistrationInfo? {
    let found = family.withLock { _ in
      registry.stacks.allStacks.lazy.compactMap { stack in
        stack.lastIndex { $0.token.number == number }.map { (stack[$0], stack.count - 1 - $0) }
      }.first
    }
    return found.map { $0.0.info(stackDepth: $0.1, container: name) }
  }

  /// The instance numbered `number` (`WebService#3`) that a registration of this container holds
  /// cached now (a singleton, an eager one, a weak one while it lives), if any; nothing is built.
  /// For a debugger that names instances by number: it finds what is still there, and keeps
  /// nothing itself.
  ///
  /// ```swift
  /// let web = try container.resolve(WebService.self)   // WebService#3
  /// container.cachedInstance(numbered: 3) as? WebService === web   // true
  /// ```
  public func cachedInstance(numbered number: Int) -> Any? {
    family.withLock { _ in
      for stack in registry.stacks.allStacks {
        for registration in stack {
          let found = registration.state.withLockHeld { state in
            state.cachedNumber == number ? state.cachedInstance(of: registration) : nil
          }
          if let found { return found }
        }
      }
      return nil
    }
  }

  /// The registration that answers `key` here or in the nearest parent, without building anything.
  public func answeringRegistration(for key: ServiceKey) -> RegistrationInfo? {
    let found = family.withLock { state in lookup(key, in: state) }
    guard let (registration, owner) = found else { return nil }
    return registration.info(stackDepth: 0, container: owner.name)
  }
}

/// One service's registrations in one container, newest first.
public struct ServiceStack: Sendable, Hashable {
  /// The service: its type, and its name if it has one.
  public let key: ServiceKey
  /// Its registrations in this container, newest (the one that answers) first.
  public let registrations: [RegistrationInfo]
}
