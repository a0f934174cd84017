import DIScope

/// Pane 2: each root resolution as a tree, built from the container's `resolved` steps (they
/// arrive innermost first, the root last). The newest resolution is what the pane shows; earlier
/// ones are above it, a scroll away.
///
/// ```text
/// resolve ControlContext
/// ControlContext#4 created t5 [singleton]
/// ├─ WebService#2 cached t2 [singleton]
/// └─ ZoneController → RFZoneController#3 created t3 [singleton]
/// ```
public struct TracePane: Sendable {
  /// A finished step and the subtrees it was built from.
  struct Node: Sendable {
    /// `nil` for a service that never finished (a failed resolve's path), named by `unfinished`.
    var step: ResolutionStep?
    var unfinished = ""
    /// What the engine calls the instance's type, when it knows better than the runtime.
    var typeName: String? = nil
    var children: [Node]
  }

  public private(set) var lines: [PaneLine] = []
  /// The index in `lines` where the newest resolution starts.
  public private(set) var newestStart = 0
  public private(set) var resolutionCount = 0
  /// How many resolutions are kept (older ones are dropped).
  public var limit = 200
  public var glyphs: ResolutionTree.Glyphs
  /// Names instances whose Swift type is not the declared one (see `PlaygroundEngine`).
  /// Finished steps waiting for their parent, by depth, for each thread resolving: an app
  /// resolving on several threads interleaves their steps, each resolution all on one thread.
  private var pending: [UInt: [[Node]]] = [:]
  private var groupStarts: [Int] = []

  public init(glyphs: ResolutionTree.Glyphs = .unicode) { self.glyphs = glyphs }

  /// Adds one observation event; resolution steps and failures are used, others ignored. A
  /// step's instance is named `instanceTypeName` when given (a script's class), else as the
  /// container names it.
  /// `errorLines` words a failed resolve (the engine's wording); the error's own otherwise.
  public mutating func apply(
    _ event: ContainerEvent, instanceTypeName: String? = nil, thread: UInt = 0, errorLines: [String]? = nil
  ) {
    switch event {
    case .resolved(let step): add(step, typeName: instanceTypeName, thread: thread)
    case .resolutionFailed(let error, _):
      let partial = Self.partialTree(pending.removeValue(forKey: thread) ?? [], path: error.path)
      // Headed by what was asked (the path's root), not by where it failed.
      let asked = error.path.count > 1 ? error.path[0] : error.key.description
      var block = [PaneLine("resolve \(asked) — failed", kind: .error)]
      for node in partial { block += render(node) }
      let lines = errorLines ?? error.description.split(separator: "\n").map(String.init)
      block += lines.map { PaneLine($0, kind: .error) }
      append(block)
    default: break
    }
  }

  /// What a failed resolve built, under the services of its path that never finished: the
  /// steps waiting at depth d belong to `path[d - 1]`. A path that does not follow the depths
  /// (shortened, for a graph too deep) leaves them side by side.
  static func partialTree(_ pending: [[Node]], path: [String]) -> [Node] {
    let deepest = pending.lastIndex { !$0.isEmpty } ?? 0
    guard deepest <= path.count, !path.contains("...") else { return pending.flatMap { $0 } }
    var unfinished: [Node] = []
    for depth in stride(from: deepest, through: 1, by: -1) {
      unfinished = [Node(step: nil, unfinished: path[depth - 1] + " …", children: pending[depth] + unfinished)]
    }
    return (pending.first ?? []) + unfinished
  }

  /// Forgets every resolution.
  public mutating func clear() {
    lines = []
    pending = [:]
    groupStarts = []
    newestStart = 0
    resolutionCount = 0
  }

  private mutating func add(_ step: ResolutionStep, typeName: String?, thread: UInt) {
    var waiting = pending.removeValue(forKey: thread) ?? []
    while waiting.count <= step.depth + 1 { waiting.append([]) }
    let node = Node(step: step, typeName: typeName, children: waiting[step.depth + 1])
    waiting[step.depth + 1] = []
    guard step.depth == 0 else {
      waiting[step.depth].append(node)
      pending[thread] = waiting
      return
    }
    let optional = step.outcome == .absent ? "?" : ""
    append([PaneLine("resolve\(optional) \(step.key)", kind: .heading)] + render(node))
  }

  private mutating func append(_ block: [PaneLine]) {
    resolutionCount += 1
    if !lines.isEmpty { lines.append(PaneLine("", group: resolutionCount)) }
    newestStart = lines.count
    groupStarts.append(newestStart)
    lines += block.enumerated().map { index, line in
      PaneLine(line.text, kind: line.kind, group: resolutionCount, isGroupHeading: index == 0)
    }
    if groupStarts.count > limit {
      let cut = groupStarts[groupStarts.count - limit]
      lines.removeFirst(cut)
      groupStarts = groupStarts.suffix(limit).map { $0 - cut }
      newestStart -= cut
    }
  }

  private func render(_ node: Node) -> [PaneLine] {
    var result = [line(node, prefix: "")]
    appendChildren(node.children, prefix: "", into: &result)
    return result
  }

  private func appendChildren(_ children: [Node], prefix: String, into result: inout [PaneLine]) {
    let (branch, last, pipe) =
      glyphs == .unicode ? ("├─ ", "└─ ", "│  ") : ("|- ", "`- ", "|  ")
    for (index, child) in children.enumerated() {
      let isLast = index == children.count - 1
      result.append(line(child, prefix: prefix + (isLast ? last : branch)))
      appendChildren(child.children, prefix: prefix + (isLast ? "   " : pipe), into: &result)
    }
  }


  private func line(_ node: Node, prefix: String) -> PaneLine {
    guard let step = node.step else { return PaneLine(prefix + node.unfinished, kind: .error) }
    let text = prefix + ResolutionTree.line(for: step, typeName: node.typeName, glyphs: glyphs)
    let kind: LineKind =
      step.registration?.isMock == true ? .mock
      : step.outcome == .cached ? .cached : step.outcome == .absent ? .secondary : .plain
    return PaneLine(text, kind: kind)
  }
}
