/// One root resolution as a tree: the step that answered the root, with its dependencies below.
public struct ResolutionTree: Sendable {
  /// The step of this node's resolve: the key asked, the registration that answered, the outcome.
  public let step: ResolutionStep
  /// Dependencies in the order they were resolved.
  public let children: [ResolutionTree]

  /// The glyphs a rendering uses.
  public enum Glyphs: Sendable {
    /// `├─ │  └─` (the default).
    case unicode
    /// `|- |  `- ` for terminals and files that want plain ASCII.
    case ascii

    var branch: String { self == .unicode ? "├─ " : "|- " }
    var last: String { self == .unicode ? "└─ " : "`- " }
    var pipe: String { self == .unicode ? "│  " : "|  " }
    var arrow: String { self == .unicode ? "→" : "->" }
  }

  /// The tree, one line a step, deterministic (no addresses, no times):
  ///
  /// ```text
  /// ControlContext#4 created t4 [singleton]
  /// ├─ WebService#2 created t2 [singleton]
  /// │  └─ Logger → ConsoleLogger#1 created t1 [singleton]
  /// └─ ZoneController → RFZoneController#3 created t3 [singleton]
  /// ```
  public func rendered(glyphs: Glyphs = .unicode) -> [String] {
    var lines = [Self.line(for: step, glyphs: glyphs)]
    append(children: children, prefix: "", into: &lines, glyphs: glyphs)
    return lines
  }

  private func append(
    children: [ResolutionTree], prefix: String, into lines: inout [String], glyphs: Glyphs
  ) {
    for (index, child) in children.enumerated() {
      let isLast = index == children.count - 1
      lines.append(prefix + (isLast ? glyphs.last : glyphs.branch) + Self.line(for: child.step, glyphs: glyphs))
      child.append(
        children: child.children, prefix: prefix + (isLast ? "   " : glyphs.pipe), into: &lines,
        glyphs: glyphs)
    }
  }

  /// `Logger → ConsoleLogger#1 created t1 [singleton]`, `WebService#2 named "x" created t2
  /// [singleton]`, `Analytics? absent`.
  ///
  /// - Parameters:
  ///   - step: The step to describe, as an observer's `.resolved` event hands it.
  ///   - typeName: The instance's type as the caller names it, when it knows better
  ///     than the runtime (a tool whose instances stand for declared classes).
  ///   - glyphs: The arrow between service and implementation: `→`, or `->` in ``Glyphs/ascii``.
  ///
  /// ```swift
  /// container.observe { event in
  ///   if case .resolved(let step) = event { print(ResolutionTree.line(for: step)) }
  /// }
  /// ```
  public static func line(for step: ResolutionStep, typeName: String? = nil, glyphs: Glyphs = .unicode)
    -> String
  {
    let service = step.key.description
    guard let registration = step.registration else { return "\(service)? absent" }
    let type = typeName ?? step.instanceTypeName ?? registration.implementationName
    let number = step.instanceNumber.map { "#\($0)" } ?? ""
    let subject: String
    if type != step.key.serviceName {
      subject = "\(service) \(glyphs.arrow) \(type)\(number)"
    } else if let name = step.key.name {
      // The instance's label whole (`WebService#2`), then the name it was asked by.
      subject = "\(type)\(number) named \(ServiceKey.quotedName(name))"
    } else {
      subject = "\(service)\(number)"
    }
    // With caching off every resolve creates, whatever the scope; the scope named is the one
    // registered, with "cache off", as the stacks show it (not the prototype it acts as).
    let scope = registration.isCaching ? (step.scope ?? registration.scope) : registration.scope
    var tags = [scope.description]
    if !registration.isCaching { tags.append("cache off") }
    if registration.isMock { tags.append("mock") }
    if registration.container != step.container { tags.append("from \(registration.container)") }
    return "\(subject) \(step.outcome) \(registration.token) [\(tags.joined(separator: ", "))]"
  }
}

/// Builds trees from steps as they arrive (innermost first, root last).
struct ResolutionTreeBuilder {
  /// Finished subtrees waiting for their parent, by depth.
  private var pending: [[ResolutionTree]] = []

  /// Adds a step; returns the finished tree when the step is a root.
  mutating func add(_ step: ResolutionStep) -> ResolutionTree? {
    while pending.count <= step.depth + 1 { pending.append([]) }
    let children = pending[step.depth + 1]
    pending[step.depth + 1] = []
    let tree = ResolutionTree(step: step, children: children)
    guard step.depth > 0 else {
      pending.removeAll(keepingCapacity: true)
      return tree
    }
    pending[step.depth].append(tree)
    return nil
  }

  /// The steps of a root resolve that failed before finishing, as partial trees, outermost first.
  mutating func abandon() -> [ResolutionTree] {
    defer { pending.removeAll(keepingCapacity: true) }
    return pending.flatMap { $0 }
  }
}
