/// How long an instance built by a registration lives, and who shares it.
///
/// ```swift
/// container.register(Session.self, scope: .graph) { _ in Session() }
/// ```
///
/// Codable as its name (`"singleton"`), for a debugger's records.
public enum Scope: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
  /// A new instance on every resolve.
  case prototype
  /// One instance per root resolve, shared by everything built inside it (Typhoon's object graph).
  /// Nothing is kept once the root resolve returns.
  case graph
  /// Built on first resolve, then cached by the container that owns the registration.
  case singleton
  /// A singleton built as soon as it is registered, or as soon as its assembly is installed.
  case eager
  /// Shared while anyone holds it; built anew after the last holder lets go.
  /// Applies to class instances; a value type under `.weak` behaves as `.prototype`.
  case weak

  public var description: String { rawValue }

  /// Whether instances of this scope outlive the resolve that built them, and so may be handed to
  /// more than one caller: a registration of a service that is not `Sendable` never gets one.
  var isShared: Bool { isCached }

  /// Whether instances of this scope outlive the resolve that built them.
  var isCached: Bool {
    switch self {
    case .singleton, .eager, .weak: true
    case .prototype, .graph: false
    }
  }
}

/// The scopes that never hand one instance to two callers: what a service that is not `Sendable`
/// may be registered with.
///
/// A singleton, eager or weak instance is handed to every caller that resolves it, from any thread
/// or task; a service that is not `Sendable` (a class with mutable state and no lock) would race.
/// So `register` requires `Sendable` of a service registered with ``Scope``, and a service that is
/// not registers with one of these, which make a new instance for every resolve (`.prototype`) or
/// every root resolve (`.graph`, whose instance is shared only inside one resolve, on one thread):
///
/// ```swift
/// final class Counter { var hits = 0 }          // not Sendable
/// container.register(Counter.self, scope: .prototype) { _ in Counter() }
/// ```
///
/// Such a registration can never be switched to a shared scope (``Container/setScope(_:for:)``
/// throws ``ScopeChangeError``).
public enum UnsharedScope: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// A new instance on every resolve.
  case prototype
  /// One instance per root resolve, shared by everything built inside it.
  case graph

  /// The same scope, as a ``Scope``.
  public var scope: Scope {
    switch self {
    case .prototype: .prototype
    case .graph: .graph
    }
  }

  public var description: String { rawValue }
}
