/// A table of key bindings from which both dispatch and help are produced, so the help can
/// never disagree with what the keys do.
///
/// A binding for the current mode wins over an `.anywhere` binding for the same key; within a
/// precedence, the first row of the table wins (and `conflicts()` reports the others).
///
/// ```swift
/// enum Mode: Hashable { case command, navigation }
/// enum Action { case quit, help, zoom }
/// let keymap = Keymap<Mode, Action>([
///   KeyBinding(keys: [.function(1)], scope: .anywhere, description: "help", action: .help),
///   KeyBinding(keys: [.character("q")], scope: .mode(.navigation), description: "quit",
///              action: .quit),
/// ])
/// keymap.action(for: .character("q"), in: .navigation)  // .quit
/// keymap.helpLines(modes: [(.navigation, "Navigation mode")])
/// ```
public struct Keymap<Mode: Hashable, Action> {
  public var bindings: [KeyBinding<Mode, Action>]

  public init(_ bindings: [KeyBinding<Mode, Action>]) {
    self.bindings = bindings
  }

  /// The binding that answers `key` in `mode`, if any.
  public func binding(for key: Key, in mode: Mode) -> KeyBinding<Mode, Action>? {
    let candidates = bindings.filter { $0.keys.contains(key) && $0.scope.includes(mode) }
    return candidates.first { $0.scope != .anywhere } ?? candidates.first
  }

  /// The action bound to `key` in `mode`, if any.
  public func action(for key: Key, in mode: Mode) -> Action? {
    binding(for: key, in: mode)?.action
  }

  /// The bindings that apply in `mode` (its own and the `.anywhere` ones), in table order.
  public func bindings(in mode: Mode) -> [KeyBinding<Mode, Action>] {
    bindings.filter { $0.scope.includes(mode) }
  }

  /// Keys bound more than once at the same precedence in one of `modes`: a mistake in the table.
  public func conflicts(in modes: [Mode]) -> [KeyConflict] {
    var found: [KeyConflict] = []
    for mode in modes {
      for anywhere in [false, true] {
        var seen: [Key: [String]] = [:]
        var order: [Key] = []
        for binding in bindings
        where binding.scope.includes(mode) && (binding.scope == .anywhere) == anywhere {
          for key in binding.keys {
            if seen[key] == nil { order.append(key) }
            seen[key, default: []].append(binding.description)
          }
        }
        for key in order where seen[key]!.count > 1 {
          let conflict = KeyConflict(key: key, descriptions: seen[key]!)
          if !found.contains(conflict) { found.append(conflict) }
        }
      }
    }
    return found
  }
}

extension Keymap: Sendable where Mode: Sendable, Action: Sendable {}
