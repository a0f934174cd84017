/// Why ``Container/setScope(_:for:)`` refused to switch a registration's scope.
///
/// A registration of a service that is not `Sendable` (made with an ``UnsharedScope``) builds a
/// new instance for every resolve; a shared scope would hand one instance to every caller, on any
/// thread, and race. So it keeps the scope it has:
///
/// ```swift
/// let token = container.register(Counter.self, scope: .prototype) { _ in Counter() }
/// do { try container.setScope(.singleton, for: token) }
/// catch {
///   print(error)
///   // error: 'Counter' is not Sendable, so its registration t1 cannot be .singleton
///   //   hint: a .singleton instance is handed to every caller, on any thread. To fix, make
///   //   'Counter' Sendable and register it again; .prototype and .graph keep working as it is
/// }
/// ```
public struct ScopeChangeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Why the change was refused.
  public enum Reason: String, Sendable, Hashable {
    /// The service is not `Sendable` and the scope asked for would share one instance.
    case notSendable
  }

  /// Why the change was refused.
  public let reason: Reason
  /// The registration whose scope was to change.
  public let token: RegistrationToken
  /// The scope asked for.
  public let requested: Scope

  /// The service, as its key prints (`Counter`, `Logger named "file"`).
  public let service: ServiceKey

  init(reason: Reason, token: RegistrationToken, service: ServiceKey, requested: Scope) {
    self.reason = reason
    self.token = token
    self.service = service
    self.requested = requested
  }

  /// One line: what was refused.
  public var message: String {
    switch reason {
    case .notSendable:
      "'\(service.serviceName)' is not Sendable, so its registration t\(token.number) cannot be .\(requested)"
    }
  }

  /// What to do about it.
  public var hint: String {
    switch reason {
    case .notSendable:
      "a .\(requested) instance is handed to every caller, on any thread. To fix, make "
        + "'\(service.serviceName)' Sendable and register it again; .prototype and .graph keep "
        + "working as it is"
    }
  }

  public var description: String { "error: \(message)\n  hint: \(hint)" }
}
