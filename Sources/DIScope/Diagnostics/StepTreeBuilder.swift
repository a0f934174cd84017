/// Trees assembled from resolution steps as they finish (innermost first, each with its depth, 0
/// for the root), whatever a node is to the tool that shows them: the container's trace, a
/// script's "built before the failure", a debugger's pane of resolutions. One rule for all, so
/// that a failed resolve's partial tree reads the same in every tool.
///
/// ```swift
/// var builder = StepTreeBuilder<ResolutionTree>()
/// if let tree = builder.add(depth: step.depth, { ResolutionTree(step: step, children: $0) }) { show(tree) }
/// // the resolve failed: what it built, under the services of its path that never finished
/// let partial = builder.abandon(under: error.path) { service, children in ... }
/// ```
public struct StepTreeBuilder<Node> {
  /// Finished subtrees waiting for their parent, by depth.
  private var waiting: [[Node]] = []

  /// An empty builder.
  public init() {}

  /// Adds a finished step at `depth`, made into a node from the finished nodes one deeper that
  /// came before it (its dependencies, in order). Returns the node when it is a root's (depth 0),
  /// which leaves the builder empty.
  public mutating func add(depth: Int, _ node: (_ children: [Node]) -> Node) -> Node? {
    while waiting.count <= depth + 1 { waiting.append([]) }
    let made = node(waiting[depth + 1])
    waiting[depth + 1] = []
    guard depth > 0 else {
      reset()
      return made
    }
    waiting[depth].append(made)
    return nil
  }

  /// What a root resolve that failed built, its finished subtrees side by side, outermost
  /// first; leaves the builder empty.
  public mutating func abandon() -> [Node] {
    defer { reset() }
    return waiting.flatMap { $0 }
  }

  /// What a root resolve that failed built, under the services of its `path` (the root first)
  /// that never finished, each made a node of its own by `unfinished`: the steps waiting at
  /// depth d go under `path[d - 1]`. A path that does not follow the depths (a shortened one,
  /// see `ResolutionError.omittedFromPath`) is not given: ``abandon()`` sets them side by side.
  /// Leaves the builder empty.
  public mutating func abandon(
    under path: [String], unfinished: (_ service: String, _ children: [Node]) -> Node
  ) -> [Node] {
    // The deepest that waits: a step deeper than that was adopted by a parent that finished.
    let deepest = waiting.lastIndex { !$0.isEmpty } ?? 0
    guard deepest <= path.count else { return abandon() }
    defer { reset() }
    var open: [Node] = []
    for depth in stride(from: deepest, through: 1, by: -1) {
      open = [unfinished(path[depth - 1], waiting[depth] + open)]
    }
    return (waiting.first ?? []) + open
  }

  private mutating func reset() { waiting.removeAll(keepingCapacity: true) }
}

extension StepTreeBuilder: Sendable where Node: Sendable {}
