/// An `expect` assertion: checks that do not depend on output wording.
///
/// ```swift
/// // expect stack Logger = t3 t1
/// Expectation.stack(service: "Logger", tokens: [RegistrationToken(3), RegistrationToken(1)])
/// ```
public enum Expectation: Sendable, Hashable {
  /// `expect S is Impl`: resolving S gives an Impl.
  case resolvesTo(service: String, implementation: String)
  /// `expect S cached` (`isCached: true`) or `expect S new`.
  case freshness(service: String, isCached: Bool)
  /// `expect stack S = tA tB`: the registration stack, top first.
  case stack(service: String, tokens: [RegistrationToken])
  /// `expect #N.param = #M|nil|"text"`
  case parameter(InstanceParameter, equals: ExpectedValue)
  /// `expect no stale`: no cached instance holds what its key no longer answers with.
  case noStaleReferences
  /// `expect S shares T`: resolving S once, every T in what it was built with is one instance.
  case shares(service: String, dependency: String)
}

/// The right-hand side of `expect #N.param = ...`.
public enum ExpectedValue: Sendable, Hashable {
  /// `#M`: the same instance as `#M`.
  case instance(Int)
  /// `nil`
  case none
  /// `"text"`: the value's description.
  case text(String)
}
