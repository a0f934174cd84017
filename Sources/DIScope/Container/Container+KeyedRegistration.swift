/// Registering under an explicit key: services that exist only at run time (a script's declared
/// types) and APIs over the container that name their own keys (`DIScopeSwinject`).
///
/// Such a caller registers for its own user, so these say where the registration was made only
/// when told: `location` (a script's line), or the `fileID` and `line` of its user's call (the
/// Swinject facade's `register` passes its caller's on). Neither given, the registration's
/// location is unknown, never the tool's own source line.
extension Container {
  /// Pushes a registration under an explicit key: the entry point for services that exist only at
  /// run time, such as a script's declared types.
  ///
  /// ```swift
  /// container.register(key: ServiceKey(Logger.self, name: "file")) { _ in FileLogger() }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The service it answers for: a type, and a name if it has one.
  ///   - implementationName: What traces call the implementation (`ConsoleLogger`).
  ///   - scope: How long what it builds lives (``Scope/singleton`` unless said).
  ///   - isCaching: `false` builds on every resolve, whatever the scope.
  ///   - isMock: Whether observers see it as a mock push.
  ///   - location: Where its user made it (a script's path and line), if the caller knows.
  ///   - fileID: Or its user's `register` call's `#fileID`, which a facade passes on; nothing
  ///     by default (the caller's own source is never its user's).
  ///   - line: The line of that call.
  ///   - factory: Builds the instance; resolves its dependencies from the `Resolver` it is given.
  /// - Returns: The token that ``remove(_:)-(RegistrationToken)`` takes.
  @discardableResult
  public func register<Service: Sendable>(
    key: ServiceKey, implementationName: String? = nil, scope: Scope = .singleton,
    isCaching: Bool = true, isMock: Bool = false,
    location: RegistrationSite? = nil, fileID: StaticString = "", line: UInt = 0,
    factory: @escaping @Sendable (Resolver) throws -> Service
  ) -> RegistrationToken {
    // The compiler checked here what the door below takes on trust.
    registerUncheckedSendable(
      key: key, implementationName: implementationName, scope: scope, isCaching: isCaching,
      isMock: isMock, location: location, fileID: fileID, line: line, factory: factory)
  }

  /// Pushes a registration under an explicit key for a service its registrant vouches is safe to
  /// share though the compiler cannot prove it `Sendable`: the unchecked door of
  /// ``register(key:implementationName:scope:isCaching:isMock:location:fileID:line:factory:)-(_,_,_,_,_,_,_,_,(Resolver)->Service)``, as
  /// ``registerUncheckedSendable(_:name:scope:fileID:line:factory:)`` is of `register(_:name:scope:factory:)`.
  /// For an API over the container that never asked for `Sendable` (`DIScopeSwinject`, whose
  /// users vouch for their services as Swinject's always did).
  ///
  /// - Parameters:
  ///   - key: The service it answers for: a type, and a name if it has one.
  ///   - implementationName: What traces call the implementation (`ConsoleLogger`).
  ///   - scope: How long what it builds lives (``Scope/singleton`` unless said).
  ///   - isCaching: `false` builds on every resolve, whatever the scope.
  ///   - isMock: Whether observers see it as a mock push.
  ///   - argumentTypes: For a factory that builds only with runtime arguments the API
  ///     hands it its own way (`(String, Int)`): `validate()` lists it as unchecked, saying so,
  ///     rather than running it without them.
  ///   - location: Where its user made it (a script's path and line), if the caller knows.
  ///   - fileID: Or its user's `register` call's `#fileID`, which a facade passes on; nothing
  ///     by default (the caller's own source is never its user's).
  ///   - line: The line of that call.
  ///   - factory: Builds the instance; resolves its dependencies from the `Resolver` it is given.
  /// - Returns: The token that ``remove(_:)-(RegistrationToken)`` takes.
  ///
  /// ```swift
  /// container.registerUncheckedSendable(key: ServiceKey(LegacyCache.self)) { _ in LegacyCache() }
  /// ```
  @discardableResult
  public func registerUncheckedSendable<Service>(
    key: ServiceKey, implementationName: String? = nil, scope: Scope = .singleton,
    isCaching: Bool = true, isMock: Bool = false, argumentTypes: String? = nil,
    location: RegistrationSite? = nil, fileID: StaticString = "", line: UInt = 0,
    factory: @escaping @Sendable (Resolver) throws -> Service
  ) -> RegistrationToken {
    registerUncheckedSendable(
      key: key, implementationName: implementationName, scope: scope, isCaching: isCaching,
      isMock: isMock, argumentTypes: argumentTypes, location: location, fileID: fileID, line: line,
      attachment: nil, factory: factory)
  }

  /// `registerUncheckedSendable(key:...)` for a facade, which keeps `attachment` with the
  /// registration and finds it again in the stacks (`firstAttachment(inStackOf:where:)`), rather
  /// than in a registry of its own beside the container's.
  package func registerUncheckedSendable<Service>(
    key: ServiceKey, implementationName: String? = nil, scope: Scope,
    isCaching: Bool = true, isMock: Bool = false, argumentTypes: String? = nil,
    location: RegistrationSite? = nil, fileID: StaticString, line: UInt,
    attachment: (AnyObject & Sendable)?,
    factory: @escaping @Sendable (Resolver) throws -> Service
  ) -> RegistrationToken {
    let site = PackedSite(fileID: fileID, line: line)
    return register(
      key, implementationName: implementationName, scope: scope, isCaching: isCaching,
      isMock: isMock, argumentTypes: argumentTypes
    ) { token, group in
      FactoryRegistration(
        token, group: group, key: key, implementationName: implementationName, scope: scope,
        isCaching: isCaching, isMock: isMock, argumentTypes: argumentTypes, in: self, site: site,
        location: location, attachment: attachment, make: factory)
    }
  }

  /// Pushes a registration under an explicit key whose factory takes one runtime argument (a
  /// script passes its named arguments as one dictionary).
  @discardableResult
  public func register<Service: Sendable, Argument>(
    key: ServiceKey, implementationName: String? = nil, scope: Scope = .prototype,
    isCaching: Bool = true, isMock: Bool = false,
    location: RegistrationSite? = nil, fileID: StaticString = "", line: UInt = 0,
    factory: @escaping @Sendable (Resolver, Argument) throws -> Service
  ) -> RegistrationToken {
    register(
      key, implementationName: implementationName, scope: scope, isCaching: isCaching,
      isMock: isMock, factory: ArgumentFactoryBox(factory),
      argumentTypes: "(\(String(describing: Argument.self)))",
      site: PackedSite(fileID: fileID, line: line), location: location)
  }
}
