/// An instance a container built, as explanations and stale references name it:
/// `MockWebService#1`, with the registration that built it.
public struct InstanceReference: Sendable, Hashable, CustomStringConvertible {
  /// Its creation number in its container family (`#1`); `nil` when it was not numbered.
  public let number: Int?
  /// Its type's name: the implementation the registration names, else its dynamic type.
  public let typeName: String
  /// The registration that built it (or, for a mock given as an instance, holds it).
  public let registration: RegistrationInfo

  /// `MockWebService#1`.
  public var description: String { typeName + (number.map { "#\($0)" } ?? "") }
}

/// One dependency an instance was handed when it was built: the key it asked for and what came.
public struct HeldInstance: Sendable, Hashable, CustomStringConvertible {
  /// The key the holder asked for.
  public let key: ServiceKey
  /// The instance it was handed.
  public let instance: InstanceReference

  /// `Logger → ConsoleLogger#1 (t1)`, or `WebService#2 (t2)` when the type is the key's.
  public var description: String {
    let subject =
      instance.typeName == key.serviceName && key.name == nil
      ? instance.description : "\(key) → \(instance)"
    return "\(subject) (\(instance.registration.token))"
  }
}

extension InstanceReference {
  /// The reference for instance `number` of type `type` built by `registration`, under the lock.
  init(number: Int?, type: Any.Type, registration: Registration, info: RegistrationInfo) {
    self.init(
      number: number,
      typeName: registration.explicitImplementationName ?? String(describing: type),
      registration: info)
  }
}
