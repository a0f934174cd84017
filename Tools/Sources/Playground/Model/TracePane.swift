import DIScope
import DIScopeDebug

/// Pane 2: each root resolution as a tree, built from the container's resolution steps (they
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
    var step: StepRecord?
    var unfinished = ""
    var children: [Node]
  }

  public private(set) var lines: [PaneLine] = []
  /// The index in `lines` where the newest resolution starts.
  public private(set) var newestStart = 0
  public private(set) var resolutionCount = 0
  /// How many resolutions are kept (older ones are dropped).
  public var limit = 200
  public var glyphs: ResolutionTree.Glyphs
  /// The resolutions under way, each thread's: an app resolving on several threads interleaves
  /// their steps, each resolution all on one thread.
  private var pending: [UInt: StepTreeBuilder<Node>] = [:]
  private var groupStarts: [Int] = []

  public init(glyphs: ResolutionTree.Glyphs = .unicode) { self.glyphs = glyphs }

  /// Adds one event; resolution steps and failures are used, others ignored.
  public mutating func apply(_ record: EventRecord) {
    switch record {
    case .step(let step): add(step)
    case .failure(let failure):
      var builder = pending.removeValue(forKey: failure.thread) ?? StepTreeBuilder()
      // What it built, under the services of its path that never finished (side by side when
      // the path is shortened and does not follow the depths).
      let partial =
        failure.omitsPartOfPath
        ? builder.abandon()
        : builder.abandon(under: failure.path) { Node(step: nil, unfinished: $0 + " …", children: $1) }
      // Headed by what was asked (the path's root), not by where it failed.
      var block = [PaneLine("resolve \(failure.asked) — failed", kind: .error)]
      block += render(partial)
      block += failure.lines.map { PaneLine($0, kind: .error) }
      append(block)
    case .gap(let count):
      // The steps waiting for a root that was lost would hang under the next one.
      pending = [:]
      append([PaneLine("… \(count) events dropped (this terminal read slower than the app resolved)", kind: .secondary)])
    default: break
    }
  }

  /// Forgets every resolution.
  public mutating func clear() {
    lines = []
    pending = [:]
    groupStarts = []
    newestStart = 0
    resolutionCount = 0
  }

  private mutating func add(_ step: StepRecord) {
    guard let node = pending[step.thread, default: StepTreeBuilder()].add(depth: step.depth, { Node(step: step, children: $0) })
    else { return }
    pending[step.thread] = nil
    let optional = step.outcome == .absent ? "?" : ""
    // Where it started and who resolved it: an app's requests resolve in their own children,
    // on many threads.
    let origin = step.origin.map { "  (\($0))" } ?? ""
    append([PaneLine("resolve\(optional) \(step.service)\(origin)", kind: .heading)] + render([node]))
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

  private func render(_ roots: [Node]) -> [PaneLine] {
    glyphs.draw(roots, children: \.children) { line($0, prefix: $1) }
  }

  private func line(_ node: Node, prefix: String) -> PaneLine {
    guard let step = node.step else { return PaneLine(prefix + node.unfinished, kind: .error) }
    let text = prefix + step.line
    let kind: LineKind =
      step.isMock ? .mock : step.outcome == .cached ? .cached : step.outcome == .absent ? .secondary : .plain
    return PaneLine(text, kind: kind)
  }
}
