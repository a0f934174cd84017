import DIScope

/// The Swift types registered in a container built in Swift, named as a script names them: the
/// short type name (`WebService`) when no other key of the container shares it, the
/// module-qualified name (`ExampleApp.WebService`) otherwise.
///
/// The names are read from the container each time they are asked for, so a registration the app
/// makes after the session starts is known at once. Keys with a standby mock count too, so
/// `mock Logging` finds a mock the app kept ready for a service it never registered.
///
/// ```swift
/// let services = SwiftServices(container: container)
/// services.serviceNames                               // ["ContentCache", "Logging", ...]
/// services.key(forService: "Logging", named: nil)     // ServiceKey(Logging.self)
/// ```
public struct SwiftServices: ServiceDirectory {
  /// The container whose registrations (and its parents') are named.
  public let container: Container

  /// A directory over `container`'s Swift registrations.
  public init(container: Container) {
    self.container = container
  }

  /// Every Swift key of the container, its parents and its standby mocks, each once; a key
  /// whose registrations were all removed too, so that resolving it says so rather than that
  /// the service is unknown.
  var keys: [ServiceKey] {
    var seen: Set<ServiceKey> = []
    var keys: [ServiceKey] = []
    var next: Container? = container
    while let current = next {
      for key in current.registeredKeys where key.dynamicService == nil && seen.insert(key).inserted {
        keys.append(key)
      }
      next = current.parent
    }
    for key in container.standbyMockKeys where key.dynamicService == nil && seen.insert(key).inserted {
      keys.append(key)
    }
    return keys
  }

  /// The name a script uses for `key`: short when unambiguous, module-qualified otherwise.
  public func name(of key: ServiceKey) -> String {
    Self.name(of: key, among: keys)
  }

  static func name(of key: ServiceKey, among keys: [ServiceKey]) -> String {
    let isAmbiguous = keys.contains { other in
      other.serviceName == key.serviceName && other.qualifiedServiceName != key.qualifiedServiceName
    }
    return isAmbiguous ? key.qualifiedServiceName : key.serviceName
  }

  public var serviceNames: [String] {
    let keys = keys
    var names: [String] = []
    for key in keys {
      let name = Self.name(of: key, among: keys)
      if !names.contains(name) { names.append(name) }
    }
    return names.sorted()
  }

  public func key(forService service: String, named name: String?) -> ServiceKey? {
    let keys = keys
    // The module-qualified name always works (`ExampleApp.Logging`, as the app's types print),
    // the short one while no other module's type shares it.
    return keys.first { key in key.name == name && Self.name(of: key, among: keys) == service }
      ?? keys.first { key in key.name == name && key.qualifiedServiceName == service }
  }

  public func resolve(_ key: ServiceKey, in container: Container, arguments: ScriptArguments?) throws -> Any {
    if arguments != nil {
      throw ScriptFailure(
        "'\(key)' is a Swift type: a script cannot pass it runtime arguments",
        hint: "to fix, resolve it from Swift with its arguments, or write 'resolve \(key.serviceName)' without 'with'")
    }
    return try container.resolveAny(key: key)
  }
}
