import DIScope

/// An extra part of a registration's key, for plug-ins (SwinjectStoryboard keys its view
/// controllers by storyboard identifier this way).
public protocol ServiceKeyOption: CustomStringConvertible, Sendable {
  /// Whether `another` is the same option.
  func isEqualTo(_ another: ServiceKeyOption) -> Bool
  /// Hashes the option (equal options hash alike).
  func hash(into: inout Hasher)
}

/// What a Swinject registration answers for: the service type, the factory's argument types
/// (`Resolver` alone for a factory without runtime arguments), a name and an option. Two
/// registrations differing only by their factories' arguments live side by side.
internal struct ServiceKey: Sendable {
  internal let serviceType: Any.Type
  internal let argumentsType: Any.Type
  internal let name: String?
  internal let option: ServiceKeyOption?

  internal init(
    serviceType: Any.Type, argumentsType: Any.Type, name: String? = nil,
    option: ServiceKeyOption? = nil
  ) {
    self.serviceType = serviceType
    self.argumentsType = argumentsType
    self.name = name
    self.option = option
  }

  /// Whether the factory takes no runtime argument: then the key is DIScope's plain
  /// `ServiceKey(Service.self, name: name)`, which DIScope's typed fast path reads.
  var takesNoArguments: Bool { argumentsType == Resolver.self && option == nil }

  /// The runtime arguments a factory of `argumentsType` takes after its resolver, as DIScope
  /// lists them (`(String, Int)`): `(Resolver, String, Int)` without its first member.
  var runtimeArgumentTypes: String {
    let all = String(describing: argumentsType)
    let prefix = "(" + String(describing: Resolver.self) + ", "
    guard all.hasPrefix(prefix) else { return all }
    return "(" + all.dropFirst(prefix.count)
  }

  /// The DIScope key the registration is pushed under. A plain registration's is the service
  /// type and name, as DIScope's own API would make it; one whose factory takes arguments, or
  /// carries an option, adds them to the name (`"(Resolver, String)"`, `"cat (Resolver, Int)"`),
  /// since DIScope keys a type and a name only, and Swinject keeps those side by side.
  var discopeKey: DIScope.ServiceKey {
    guard !takesNoArguments else { return DIScope.ServiceKey(type: serviceType, name: name) }
    var parts: [String] = []
    if let name { parts.append(name) }
    if argumentsType != Resolver.self { parts.append(String(describing: argumentsType)) }
    if let option { parts.append("{\(option)}") }
    return DIScope.ServiceKey(type: serviceType, name: parts.joined(separator: " "))
  }
}

extension ServiceKey: Hashable {
  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(serviceType))
    hasher.combine(ObjectIdentifier(argumentsType))
    hasher.combine(name)
    option?.hash(into: &hasher)
  }

  static func == (lhs: ServiceKey, rhs: ServiceKey) -> Bool {
    guard lhs.serviceType == rhs.serviceType, lhs.argumentsType == rhs.argumentsType,
      lhs.name == rhs.name
    else { return false }
    switch (lhs.option, rhs.option) {
    case (let left?, let right?): return left.isEqualTo(right)
    case (nil, nil): return true
    default: return false
    }
  }
}
