/// One root resolution as a tree: the step that answered the root, with its dependencies below.
public struct ResolutionTree: Sendable {
  /// The step of this node's resolve: the key asked, the registration that answered, the outcome.
  public let step: ResolutionStep
  /// Dependencies in the order they were resolved.
  public let children: [ResolutionTree]

  /// The glyphs a rendering uses: the one table every tool draws its trees with.
  public enum Glyphs: Sendable {
    /// `├─ │  └─` (the default).
    case unicode
    /// `|- |  `- ` for terminals and files that want plain ASCII.
    case ascii

    /// Before a child that has a sibling below it: `├─ `.
    public var branch: String { self == .unicode ? "├─ " : "|- " }
    /// Before a last child: `└─ `.
    public var last: String { self == .unicode ? "└─ " : "`- " }
    /// Under a child that has a sibling below it, before that child's own children: `│  `.
    public var pipe: String { self == .unicode ? "│  " : "|  " }
    /// Under a last child, before its own children.
    public var space: String { "   " }
    /// Between a service and the type that answers it: `→`.
    public var arrow: String { self == .unicode ? "→" : "->" }

    /// Draws a forest, depth first: `line(node, lead)` for each node, `lead` the glyphs before
    /// it (empty for a root, `│  └─ ` for a grandchild); what a line is (text, a styled line of
    /// a pane) is the caller's.
    ///
    /// ```swift
    /// Glyphs.unicode.draw([tree], children: \.children) { tree, lead in lead + tree.label }
    /// ```
    public func draw<Node, Line>(
      _ roots: [Node], children: (Node) -> [Node], line: (_ node: Node, _ lead: String) -> Line
    ) -> [Line] {
      var lines: [Line] = []
      for root in roots {
        lines.append(line(root, ""))
        drawChildren(of: root, indent: "", children: children, line: line, into: &lines)
      }
      return lines
    }

    private func drawChildren<Node, Line>(
      of node: Node, indent: String, children: (Node) -> [Node], line: (Node, String) -> Line,
      into lines: inout [Line]
    ) {
      let below = children(node)
      for (index, child) in below.enumerated() {
        let isLast = index == below.count - 1
        lines.append(line(child, indent + (isLast ? last : branch)))
        drawChildren(
          of: child, indent: indent + (isLast ? space : pipe), children: children, line: line, into: &lines)
      }
    }
  }

  /// The tree, one line a step, deterministic (no addresses, no times):
  ///
  /// ```text
  /// ControlContext#4 created t4 [singleton]
  /// ├─ WebService#2 created t2 [singleton]
  /// │  └─ Logger → ConsoleLogger#1 created t1 [singleton]
  /// └─ ZoneController → RFZoneController#3 created t3 [singleton]
  /// ```
  ///
  /// - Parameters:
  ///   - glyphs: The branches' glyphs.
  ///   - typeName: Names a step's instance when the caller knows better than the runtime (see
  ///     ``line(for:typeName:glyphs:)``); `nil` for the container's name.
  public func rendered(glyphs: Glyphs = .unicode, typeName: (ResolutionStep) -> String? = { _ in nil })
    -> [String]
  {
    glyphs.draw([self], children: \.children) { tree, lead in
      lead + Self.line(for: tree.step, typeName: typeName(tree.step), glyphs: glyphs)
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
