import DIScope

/// Where a session looks up the services a script names, and how it resolves them.
///
/// A script's own declarations are one directory (``DeclaredServices``). A container built in Swift
/// can add another that names its Swift types (`Logger` for `MyApp.Logger`), so a script can
/// `resolve`, `expect` and `show` the app's real registrations beside the playground's own.
///
/// ```swift
/// struct AppServices: ServiceDirectory {
///   var serviceNames: [String] { ["Logger"] }
///   func key(forService service: String, named name: String?) -> ServiceKey? {
///     service == "Logger" ? ServiceKey(Logger.self, name: name) : nil
///   }
///   func resolve(_ key: ServiceKey, in container: Container, arguments: ScriptArguments?) throws -> Any {
///     try container.resolve(Logger.self, name: key.name)
///   }
/// }
/// ```
public protocol ServiceDirectory: Sendable {
  /// The services this directory answers for, for completion and "did you mean" hints.
  var serviceNames: [String] { get }
  /// The key of `service` (a named registration when `name` is given), or `nil` when the name is
  /// not one of this directory's services.
  func key(forService service: String, named name: String?) -> ServiceKey?
  /// Resolves `key` from `container`, passing the runtime arguments when there are any.
  func resolve(_ key: ServiceKey, in container: Container, arguments: ScriptArguments?) throws -> Any
}

/// The services a script declares: every `protocol` and `class`, keyed by name over one Swift type,
/// ``PlaygroundInstance``.
struct DeclaredServices: ServiceDirectory {
  let store: DeclarationStore

  var serviceNames: [String] { store.current.typeNames }

  func key(forService service: String, named name: String?) -> ServiceKey? {
    store.current.isDeclared(service) ? Self.key(service, named: name) : nil
  }

  func resolve(_ key: ServiceKey, in container: Container, arguments: ScriptArguments?) throws -> Any {
    if let arguments {
      return try container.resolve(key: key, as: PlaygroundInstance.self, argument: arguments)
    }
    return try container.resolve(key: key, as: PlaygroundInstance.self)
  }

  /// The key of a declared service, whether or not it is declared yet.
  static func key(_ service: String, named name: String? = nil) -> ServiceKey {
    ServiceKey(service: service, instanceType: PlaygroundInstance.self, name: name)
  }
}
