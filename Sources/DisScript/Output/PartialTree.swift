import DIScope

/// What a failed resolve built before it failed, as the tree it was building: each finished step
/// under its parent, and the parents that never finished (the failure's path) named on lines of
/// their own, so that a dependency shows under what needed it and not under a sibling.
///
/// ```text
/// Root …
/// ├─ A#1 cached t1 [singleton]
/// └─ X …
///    └─ A#1 cached t1 [singleton]
/// ```
enum PartialTree {
  /// The lines for `steps` (in the order they finished, each with its depth, 0 for the root)
  /// under the unfinished services of `path` (the root first). A path that does not follow the
  /// depths (shortened, as for a graph too deep) gives the steps one a line, by depth.
  static func lines(steps: [ResolutionStep], path: [String], glyphs: ResolutionTree.Glyphs)
    -> [String]
  {
    let deepest = steps.map(\.depth).max() ?? 0
    guard deepest <= path.count, !path.contains("...") else {
      return steps.map { String(repeating: "  ", count: $0.depth) + TraceText.line(for: $0, glyphs: glyphs) }
    }
    // A finished step adopts the finished steps one deeper that came just before it (its
    // dependencies); what is left at each depth belongs to the unfinished service above it.
    var waiting: [Int: [Node]] = [:]
    for step in steps {
      let children = waiting.removeValue(forKey: step.depth + 1) ?? []
      waiting[step.depth, default: []].append(Node(text: TraceText.line(for: step, glyphs: glyphs), children: children))
    }
    var unfinished: [Node] = []
    for depth in stride(from: deepest, through: 1, by: -1) {
      let children = (waiting.removeValue(forKey: depth) ?? []) + unfinished
      unfinished = [Node(text: path[depth - 1] + " …", children: children)]
    }
    var lines: [String] = []
    for root in (waiting[0] ?? []) + unfinished { root.render(into: &lines, glyphs: glyphs) }
    return lines
  }

  private struct Node {
    var text: String
    var children: [Node]

    /// This node's line, then each child's lines behind a branch (a pipe down to the last).
    func render(into lines: inout [String], glyphs: ResolutionTree.Glyphs) {
      lines.append(text)
      let (branch, last, pipe) = glyphs == .unicode ? ("├─ ", "└─ ", "│  ") : ("|- ", "`- ", "|  ")
      for (index, child) in children.enumerated() {
        let isLast = index == children.count - 1
        var below: [String] = []
        child.render(into: &below, glyphs: glyphs)
        lines.append((isLast ? last : branch) + below[0])
        lines += below.dropFirst().map { (isLast ? "   " : pipe) + $0 }
      }
    }
  }
}
