/// A snapshot of one registration, for observers, reports and the playground's panes.
public struct RegistrationInfo: Sendable, Hashable, CustomStringConvertible {
  /// The token `register` returned for it, which ``Container/remove(_:)-(RegistrationToken)`` takes.
  public let token: RegistrationToken
  /// The service it answers for: its type, and its name if it has one.
  public let key: ServiceKey
  /// The implementation's name when the registration knows it (`ConsoleLogger`), else the service's.
  public let implementationName: String
  /// Its scope, kept even while caching is off.
  public let scope: Scope
  /// Whether it caches what its scope keeps; `false` after `setCaching(false, for:)`, when it
  /// builds on every resolve as `.prototype` does.
  public let isCaching: Bool
  /// Whether it is a mock (pushed by `mock(_:with:)`), rather than one of the app's registrations.
  public let isMock: Bool
  /// The runtime argument types, `(String)`, or `nil` when the factory takes none.
  public let argumentTypes: String?
  /// The assembly that installed it.
  public let group: String?
  /// The name of the container that owns it (`root` unless made by `makeChild(named:)`).
  public let container: String
  /// The creation number of the instance it has cached, if any.
  public let cachedInstanceNumber: Int?
  /// Its position in its stack, 0 being the top (the one that answers), when known.
  public let stackDepth: Int?
  /// Where it was made: the `register` call's file and line (`AppAssembly.swift:42`), or a
  /// script's; `nil` when the code that made it did not say.
  public let location: RegistrationSite?
  /// Whether ``location`` is a line of Swift code (the `register` call's `#fileID` and `#line`),
  /// rather than one given at run time (a script's line, which a tool that replays the script
  /// names itself) or none.
  public var isLocationInCode: Bool = false

  /// `t3 Logger -> ConsoleLogger [singleton]`.
  public var description: String {
    var text = "\(token) \(key) -> \(implementationName) [\(scope)"
    if !isCaching { text += ", cache off" }
    if isMock { text += ", mock" }
    return text + "]"
  }
}
