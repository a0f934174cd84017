import DIScope

/// What a failed resolve built before it failed, as the tree it was building: each finished step
/// under its parent, and the parents that never finished (the failure's path) named on lines of
/// their own, so that a dependency shows under what needed it and not under a sibling. Built and
/// drawn as every tool builds and draws one (`StepTreeBuilder`, `ResolutionTree.Glyphs.draw`).
///
/// ```text
/// Root …
/// ├─ A#1 cached t1 [singleton]
/// └─ X …
///    └─ A#1 cached t1 [singleton]
/// ```
enum PartialTree {
  /// The lines for `steps` (in the order they finished, each with its depth, 0 for the root)
  /// under the unfinished services of the path of `error`. A shortened path (a graph too deep)
  /// gives the finished subtrees side by side.
  static func lines(steps: [ResolutionStep], failure error: ResolutionError, glyphs: ResolutionTree.Glyphs)
    -> [String]
  {
    var builder = StepTreeBuilder<Node>()
    var roots: [Node] = []
    for step in steps {
      if let root = builder.add(depth: step.depth, { Node(text: TraceText.line(for: step, glyphs: glyphs), children: $0) }) {
        roots.append(root)
      }
    }
    let partial =
      error.omittedFromPath > 0
      ? builder.abandon()
      : builder.abandon(under: error.path) { service, children in Node(text: service + " …", children: children) }
    return glyphs.draw(roots + partial, children: \.children) { node, lead in lead + node.text }
  }

  private struct Node {
    var text: String
    var children: [Node]
  }
}
