/// Identifies one registration: `register` returns it and `remove` takes it.
///
/// Tokens are numbered per container family in registration order and print as `t1`, `t2`, ...
/// A token also knows the container that issued it: `t1` of one container is not `t1` of another,
/// and is never taken for it (by `remove`, `setScope` or in a set).
///
/// ```swift
/// let token = container.register(Logger.self) { _ in NullLogger() }
/// container.remove(token)   // true: the registration below answers again
/// container.remove(token)   // false: it is no longer live
/// ```
public struct RegistrationToken: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The token's number, unique within its container family.
  public let number: Int
  /// The container that issued it (numbers count per family, so two families both have a `t1`).
  let ownerID: ContainerID
  /// The key it was registered under, so `remove` goes straight to its stack. Not part of equality.
  let key: ServiceKey?

  init(number: Int, ownerID: ContainerID, key: ServiceKey?) {
    self.number = number
    self.ownerID = ownerID
    self.key = key
  }

  public var description: String { "t\(number)" }

  public static func == (lhs: RegistrationToken, rhs: RegistrationToken) -> Bool {
    lhs.number == rhs.number && lhs.ownerID == rhs.ownerID
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(number)
    hasher.combine(ownerID.raw)
  }

  /// Registration order within a family; tokens of different containers are ordered by container.
  public static func < (lhs: RegistrationToken, rhs: RegistrationToken) -> Bool {
    (lhs.number, lhs.ownerID.raw) < (rhs.number, rhs.ownerID.raw)
  }
}

/// The registrations an assembly made when it was installed; `remove` takes them away as one.
///
/// ```swift
/// let group = container.install(AppAssembly())
/// container.remove(group)
/// ```
public struct RegistrationGroup: Hashable, Sendable, CustomStringConvertible {
  /// The assembly's name, for traces and reports.
  public let name: String
  /// The tokens of the registrations the assembly made, in order.
  public let tokens: [RegistrationToken]

  public var description: String {
    "\(name) (\(tokens.map(\.description).joined(separator: " ")))"
  }
}
