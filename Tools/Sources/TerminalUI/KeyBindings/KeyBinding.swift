/// Where a binding applies: in every mode, or only in some.
public enum KeyScope<Mode: Hashable>: Hashable {
  case anywhere
  case modes(Set<Mode>)

  /// A binding for one mode.
  public static func mode(_ mode: Mode) -> KeyScope { .modes([mode]) }

  public func includes(_ mode: Mode) -> Bool {
    switch self {
    case .anywhere: true
    case .modes(let modes): modes.contains(mode)
    }
  }
}

extension KeyScope: Sendable where Mode: Sendable {}

/// One row of a key table: the keys, where they apply, what the help says, and the action.
///
/// ```swift
/// KeyBinding(keys: [.character("q")], scope: .mode(.navigation), description: "quit",
///            action: .quit)
/// KeyBinding(keys: ["1", "2", "3", "4"].map { .character($0) }, label: "1–4",
///            scope: .mode(.navigation), description: "focus a pane", action: .focus)
/// ```
public struct KeyBinding<Mode: Hashable, Action> {
  public var keys: [Key]
  /// How help writes the keys; by default the key names joined with `/`.
  public var label: String
  public var scope: KeyScope<Mode>
  public var description: String
  public var action: Action

  public init(
    keys: [Key], label: String? = nil, scope: KeyScope<Mode>, description: String, action: Action
  ) {
    self.keys = keys
    self.label = label ?? keys.map(\.description).joined(separator: "/")
    self.scope = scope
    self.description = description
    self.action = action
  }
}

extension KeyBinding: Sendable where Mode: Sendable, Action: Sendable {}

/// Two bindings that claim the same key in the same mode at the same precedence.
public struct KeyConflict: Hashable, Sendable, CustomStringConvertible {
  public var key: Key
  public var descriptions: [String]

  public var description: String {
    "key '\(key)' is bound twice: \(descriptions.map { "'\($0)'" }.joined(separator: " and "))"
  }
}
