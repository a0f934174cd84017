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
  /// `expect S holds T`, `expect S holds Provider<T>`, `expect S holds new T`: resolving S once,
  /// what it was built with (directly or through what it holds) has a T, or a provider of T;
  /// with `new`, every T in it was built by that resolve (none is one an earlier resolve made).
  case holds(service: String, held: HeldValue, isNew: Bool)
  /// `expect S is #N`: resolving S answers with instance `#N` itself.
  case answersWith(service: String, instance: Int)
  /// `expect #N disposed` or `expect #N gone`: what became of instance `#N`.
  case fate(instance: Int, InstanceFate)
  /// `expect no container NAME`: the family has no container of that name (never made, or released).
  case noContainer(name: String)
}

/// What `expect S holds ...` looks for.
public enum HeldValue: Sendable, Hashable {
  /// `T`: an instance of T (its class, a class conforming to it, or a mock of it).
  case instance(String)
  /// `Provider<T>`, `Provider<T, A>`: a provider of T passing arguments of those types.
  case provider(service: String, argumentTypes: [String])
}

/// What `expect #N disposed|gone` says became of an instance.
public enum InstanceFate: String, Sendable, Hashable {
  /// A container disposed it (its shutdown, or a change that let go of its cached instance).
  case disposed
  /// Nothing holds it any more: it no longer exists.
  case gone
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
