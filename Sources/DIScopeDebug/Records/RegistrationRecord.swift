import DIScope

/// A registration as a debugger shows it: names and numbers only, so that it means the same in
/// the app's process and in a `discope attach` that has none of the app's types.
///
/// ```swift
/// let record = RegistrationRecord(info)      // from `container.stacks` or an event
/// print(record.token, record.implementationName, record.scope)   // t3 MockLogger singleton
/// ```
public struct RegistrationRecord: Codable, Sendable, Hashable {
  /// `t3`.
  public var token: String
  /// The service as the container names it: `Logger`, `Logger named "audit"`.
  public var service: String
  public var implementationName: String
  /// `singleton`, `prototype`, `graph`, `weak` or `eager`.
  public var scope: String
  public var isCaching: Bool
  public var isMock: Bool
  /// The assembly that installed it.
  public var group: String?
  /// The name of the container that owns it.
  public var container: String
  /// The creation number of the instance it has cached, if any.
  public var cachedInstanceNumber: Int?
  /// Its position in its stack, 0 being the top, when known.
  public var stackDepth: Int?
  /// Where it was made: `AppAssembly.swift:42`, or a script's `lesson.dis:7`; `nil` when the
  /// code that made it did not say (or an app built before registrations knew).
  public var location: String?

  /// The record of `info`.
  public init(_ info: RegistrationInfo) {
    token = info.token.description
    service = info.key.description
    implementationName = info.implementationName
    scope = info.scope.description
    isCaching = info.isCaching
    isMock = info.isMock
    group = info.group
    container = info.container
    cachedInstanceNumber = info.cachedInstanceNumber
    stackDepth = info.stackDepth
    location = info.location?.description
  }
}
