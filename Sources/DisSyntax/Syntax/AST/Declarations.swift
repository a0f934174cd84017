/// `class Name(params): Services { var property: Type }`
///
/// ```swift
/// // class Screen(analytics: Analytics?, user: arg String): View { var log: Logger }
/// ClassDeclaration(
///   name: "Screen",
///   parameters: [.init(name: "analytics", dependency: .optional("Analytics")),
///                .init(name: "user", dependency: .argument("String"))],
///   conformances: ["View"],
///   properties: [.init(name: "log", dependency: .service("Logger"))])
/// ```
public struct ClassDeclaration: Sendable, Hashable {
  /// The class's name.
  public var name: String
  /// Initializer parameters, in order; `nil` when the class has no parameter
  /// list at all (`class C`), empty for `class C()`.
  public var parameters: [Parameter]?
  /// The services the class conforms to, in order.
  public var conformances: [String]
  /// Injected properties (`{ var x: T }`); `nil` when there is no body.
  public var properties: [Parameter]?

  /// Creates a declaration.
  public init(
    name: String, parameters: [Parameter]? = nil, conformances: [String] = [],
    properties: [Parameter]? = nil
  ) {
    self.name = name
    self.parameters = parameters
    self.conformances = conformances
    self.properties = properties
  }
}

/// A named dependency: an initializer parameter or an injected property.
public struct Parameter: Sendable, Hashable {
  /// The parameter's or property's name.
  public var name: String
  /// What it needs.
  public var dependency: Dependency
  /// For a provider, the types of the runtime arguments it passes, as Swift spells it:
  /// `Provider<UserDetails, String>` has `["String"]`. Empty for a provider written
  /// `Provider<T>` (and for any other dependency).
  public var providerArguments: [String]

  /// Creates a parameter.
  public init(name: String, dependency: Dependency, providerArguments: [String] = []) {
    self.name = name
    self.dependency = dependency
    self.providerArguments = providerArguments
  }
}

/// What a parameter or property asks the container for.
public enum Dependency: Sendable, Hashable {
  /// `T`: resolve T; failing when it is unregistered.
  case service(String)
  /// `T?`: resolve T, or nil when it is unregistered.
  case optional(String)
  /// `Provider<T>`: a provider that makes a new T on each call.
  case provider(String)
  /// `arg T`: a runtime argument given at resolve time (`with name=value`).
  case argument(String)

  /// The type named, whatever the kind.
  public var typeName: String {
    switch self {
    case .service(let name), .optional(let name), .provider(let name), .argument(let name): name
    }
  }
}
