/// How long an instance built by a registration lives, and who shares it.
///
/// ```swift
/// container.register(Session.self, scope: .graph) { _ in Session() }
/// ```
public enum Scope: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
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

  /// Whether instances of this scope outlive the resolve that built them.
  var isCached: Bool {
    switch self {
    case .singleton, .eager, .weak: true
    case .prototype, .graph: false
    }
  }
}
