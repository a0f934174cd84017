/// Identifies one registration: `register` returns it and `remove` takes it.
///
/// Tokens are numbered per container family in registration order and print as `t1`, `t2`, ...
///
/// ```swift
/// let token = container.register(Logger.self) { _ in NullLogger() }
/// container.remove(token)   // true: the registration below answers again
/// container.remove(token)   // false: it is no longer live
/// ```
public struct RegistrationToken: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The token's number, unique within its container family.
  public let number: Int
  /// The key it was registered under, so `remove` goes straight to its stack. Not part of equality.
  let key: ServiceKey?

  init(number: Int, key: ServiceKey?) {
    self.number = number
    self.key = key
  }

  public var description: String { "t\(number)" }

  public static func == (lhs: RegistrationToken, rhs: RegistrationToken) -> Bool {
    lhs.number == rhs.number
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(number)
  }

  public static func < (lhs: RegistrationToken, rhs: RegistrationToken) -> Bool {
    lhs.number < rhs.number
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
