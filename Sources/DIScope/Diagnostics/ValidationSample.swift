/// Sample runtime arguments for a registration whose factory takes some, so that `validate()`
/// can run it (once) and check what it resolves; without one, it is listed as unchecked.
///
/// ```swift
/// container.register(UserDetails.self) { (r, user: String) in
///   UserDetails(user: user, store: try r.resolve(UserStore.self))
/// }
/// let report = container.validate(samples: [.init(UserDetails.self, arguments: "ann")])
/// ```
public struct ValidationSample: Sendable {
  /// The service the sample is for.
  public let key: ServiceKey
  let resolve: @Sendable (Container) throws -> Void
  let resolveAsync: @Sendable (Container, ValidationRun) async throws -> Void

  /// Arguments for the registration of `type` (and `name`), in the order its factory takes them.
  public init<Service, each Argument: Sendable>(
    _ type: Service.Type, name: String? = nil, arguments: repeat each Argument
  ) {
    let key = ServiceKey(type, name: name)
    let values = SendableArguments(values: (repeat each arguments))
    self.key = key
    self.resolve = { container in
      _ = try container.resolve(key: key, as: Service.self, arguments: repeat each values.values)
    }
    self.resolveAsync = { container, run in
      _ = try await container.resolveAsync(
        key: key, as: Service.self, from: nil, validating: run, arguments: repeat each values.values)
    }
  }
}
