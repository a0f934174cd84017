/// What a registration answers for: a service type, an optional name, and, for services that exist
/// only at run time (a playground's declared types), the service's own name.
///
/// Equality and hashing use the type's identity, never its printed name, so two types called
/// `Logger` in different modules are different keys.
///
/// ```swift
/// let key = ServiceKey(Logger.self, name: "file")
/// print(key)   // Logger named "file"
/// ```
public struct ServiceKey: Hashable, Sendable, CustomStringConvertible {
  /// The service type. Display names are computed from it only when asked for, so a key costs
  /// nothing to make or drop on the resolve path.
  @usableFromInline let type: any Any.Type
  /// The registration's name, for several registrations of one type side by side.
  public let name: String?
  /// The service's name when it is not a Swift type of its own (see ``init(service:instanceType:name:)``).
  public let dynamicService: String?

  /// The key of a Swift type, optionally named.
  @inlinable
  public init<Service>(_ type: Service.Type, name: String? = nil) {
    self.type = type
    self.name = name
    self.dynamicService = nil
  }

  /// The key of a service that exists only at run time, whose instances are of `instanceType`.
  ///
  /// Scripts use this to register services they declare: every service shares one Swift type, and
  /// the service's name tells them apart.
  public init<Instance>(service: String, instanceType: Instance.Type, name: String? = nil) {
    self.type = instanceType
    self.name = name
    self.dynamicService = service
  }

  /// The key of a type known only as a value (`type(of: x)`, or a type a tool looked up).
  public init(type: any Any.Type, name: String? = nil) {
    self.type = type
    self.name = name
    self.dynamicService = nil
  }

  @usableFromInline var typeID: ObjectIdentifier { ObjectIdentifier(type) }

  /// The service's display name: the short type name, or the dynamic service's name.
  public var serviceName: String { dynamicService ?? String(describing: type) }

  /// The module-qualified type name (`MyApp.Logger`), or the dynamic service's name.
  public var qualifiedServiceName: String { dynamicService ?? String(reflecting: type) }

  public static func == (lhs: ServiceKey, rhs: ServiceKey) -> Bool {
    lhs.type == rhs.type && lhs.name == rhs.name && lhs.dynamicService == rhs.dynamicService
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type))
    // Most keys have neither: one word to hash instead of two optional strings' discriminators.
    // Equal keys take the same branch, so equal keys still hash alike.
    guard name != nil || dynamicService != nil else { return }
    hasher.combine(name)
    hasher.combine(dynamicService)
  }

  /// `Logger`, or `Logger named "file"`.
  public var description: String {
    guard let name else { return serviceName }
    return "\(serviceName) named \"\(name)\""
  }
}
