import DisSyntax

/// The words a REPL or TUI can offer when completing a command: what the session knows now.
///
/// ```swift
/// let words = session.completionCandidates
/// words.services      // ["Logger", "WebService", ...]
/// words.tokens        // ["t1", "t3"]
/// words.instances     // ["#1", "#4"]
/// ```
public struct CompletionCandidates: Sendable, Hashable {
  /// Declared services (protocols and classes), in declaration order.
  public var services: [String]
  /// Declared classes: what `= Impl` and `mock S = Impl` take.
  public var implementations: [String]
  /// Live tokens: `t1`, `t3`.
  public var tokens: [String]
  /// Instances the session holds: `#1`, `#4`.
  public var instances: [String]
  /// `#4.logger` for every parameter and property of a held instance.
  public var instanceParameters: [String]
  /// Declared assemblies.
  public var assemblies: [String]
  /// Containers: `root` and its children.
  public var containers: [String]
  /// Command names, from the command table.
  public var commands: [String]

  /// Every candidate that starts with `prefix`, without repeats, for a completer that does not
  /// know which kind of word comes next.
  public func all(startingWith prefix: String) -> [String] {
    var seen: Set<String> = []
    return (commands + services + tokens + instances + instanceParameters + assemblies + containers)
      .filter { $0.hasPrefix(prefix) && seen.insert($0).inserted }
  }
}

extension Session {
  /// What the session knows now, for tab completion.
  public var completionCandidates: CompletionCandidates {
    let declarations = store.current
    let held = family.numbering.instances.keys.sorted().compactMap { family.numbering.instances[$0] }
    return CompletionCandidates(
      services: directories.flatMap(\.serviceNames),
      implementations: declarations.classOrder,
      tokens: liveTokens().map(\.description),
      instances: held.compactMap { $0.number.map { "#\($0)" } },
      instanceParameters: held.flatMap { instance in
        instance.slotNames.compactMap { name in instance.number.map { "#\($0).\(name)" } }
      },
      assemblies: declarations.assemblyOrder,
      // The app's live children too, attached: `container use request`.
      containers: family.containers.map(\.name) + appChildren(of: family.root).map(\.name),
      commands: CommandTable.names)
  }
}
