import DIScopeDebug
import TerminalUI

/// Pane 1: every service's registration stack, newest (the one that answers) on top, with token,
/// implementation, scope, cache state, the instance held (`#N`) and mock marks.
///
/// Built from a snapshot of the container's stacks (taken from `Container.stacks` here, or sent
/// by an attached app), refreshed whenever an event says something changed.
///
/// ```text
/// Logger (2)
///   t3 mock MockLogger ◀ answers [singleton] holds #3 LoggerTests.swift:12
///   t1 ConsoleLogger             [singleton] holds #1 AppAssembly.swift:42
/// ```
///
/// Where each registration was made ends its row, when known: a Swift registration's
/// `#fileID` and line, a script's registration its file and line.
///
/// A mock says so before its implementation, where even a narrow pane shows it (colour marks it
/// too, but never alone).
public struct RegistrationsPane: Sendable {
  public private(set) var lines: [PaneLine] = [] {
    didSet { widestLine = lines.map(\.text.displayWidth).max() ?? 0 }
  }
  /// The display width of the widest line, for the layout to make room for.
  public private(set) var widestLine = 0
  public var isASCII = false

  public init(isASCII: Bool = false) { self.isASCII = isASCII }

  /// Rebuilds the lines from `snapshot`: a container and its parents (nearest first);
  /// registrations whose cached instance holds a stale reference are marked.
  public mutating func refresh(from snapshot: ContainerSnapshot) {
    lines = Self.lines(
      for: snapshot.lineage, isASCII: isASCII, staleHolders: Set(snapshot.stale.map(\.holderToken)),
      untrackedHolders: Set((snapshot.untracked ?? []).map(\.holderToken)))
    lines += Self.lines(forChildren: snapshot.children ?? [], isASCII: isASCII)
  }

  /// The live children's lines: each name with how many live and the newest one, then the
  /// newest one's own registrations (`container use request` enters it).
  ///
  /// ```text
  /// ── live children: container use NAME ──
  /// request (3 live, newest request#12)
  ///   RequestID
  ///     t9 RequestID [singleton] holds #40
  /// ```
  public static func lines(forChildren children: [ContainerSnapshot.ChildGroup], isASCII: Bool) -> [PaneLine] {
    guard !children.isEmpty else { return [] }
    let rule = isASCII ? "--" : "──"
    var result = [PaneLine("\(rule) live children: container use NAME \(rule)", kind: .secondary, group: 10_000, isGroupHeading: true)]
    for (index, child) in children.enumerated() {
      let group = 10_001 + index
      result.append(
        PaneLine(
          "\(child.name) (\(child.count) live, newest \(child.newest))", kind: .heading, group: group, isGroupHeading: true))
      if child.stacks.isEmpty { result.append(PaneLine("  no registrations of its own", kind: .secondary, group: group)) }
      for stack in child.stacks {
        result.append(PaneLine("  " + stack.service, kind: .plain, group: group))
        for info in stack.registrations {
          result.append(
            PaneLine("    \(info.token) \(Self.implementation(info)) \(tags(info))", kind: info.isMock ? .mock : .secondary, group: group))
        }
      }
    }
    return result
  }

  /// The lines for stacks of a container and its parents (pure, for tests and measurements).
  /// A holder in `untrackedHolders` caches an instance whose holdings are unknown (built while
  /// holders were not tracked): its row says so, since its lack of a stale mark proves nothing.
  public static func lines(
    for lineage: [ContainerSnapshot.Level], isASCII: Bool, staleHolders: Set<String> = [],
    untrackedHolders: Set<String> = []
  ) -> [PaneLine] {
    let all = lineage.flatMap(\.stacks).flatMap(\.registrations)
    let implementationWidth = min(28, all.map { Self.implementation($0).displayWidth }.max() ?? 0)
    let tokenWidth = all.map(\.token.count).max() ?? 2
    let hasChoices = lineage.count > 1 || lineage.contains { $0.stacks.contains { $0.registrations.count > 1 } }
    var seen = Set<String>()
    var result: [PaneLine] = []
    var group = 0
    for level in lineage {
      let name = level.name
      if lineage.count > 1 {
        group += 1
        let title = name == lineage[0].name ? "container \(name)" : "from parent \(name)"
        result.append(PaneLine("── \(title) ──", kind: .secondary, group: group, isGroupHeading: true))
      }
      for stack in level.stacks {
        group += 1
        let answersHere = seen.insert(stack.service).inserted
        let count = stack.registrations.count > 1 ? " (\(stack.registrations.count))" : ""
        result.append(
          PaneLine(
            stack.service + count, kind: .heading, group: group, isGroupHeading: true,
            service: stack.service))
        for (index, info) in stack.registrations.enumerated() {
          let answers = answersHere && index == 0
          // The marker matters where there is a choice: a stack of several, or a parent's stack.
          let marks = answers && (stack.registrations.count > 1 || lineage.count > 1)
          let marker = marks ? (isASCII ? "<- answers " : "◀ answers ") : (hasChoices ? "          " : "")
          // Stale says so before the tags, where a narrow pane still shows it (Enter says why).
          let stale = staleHolders.contains(info.token) ? (isASCII ? "! stale " : "⚠ stale ") : ""
          let token: String = info.token.padded(toWidth: tokenWidth)
          let implementation: String = Self.implementation(info).padded(toWidth: implementationWidth)
          let unknown = untrackedHolders.contains(info.token) ? " (what it holds: unknown)" : ""
          let text: String = "  " + token + " " + implementation + " " + marker + stale + tags(info) + unknown
          let kind: LineKind = !stale.isEmpty ? .error : info.isMock ? .mock : (answers ? .plain : .secondary)
          result.append(PaneLine(text, kind: kind, group: group, service: stack.service))
        }
      }
    }
    if result.isEmpty {
      result.append(PaneLine("(no registrations — try: register Logger = ConsoleLogger)", kind: .secondary))
    }
    return result
  }

  /// `MockLogger`, or `mock MockLogger` for a mock.
  static func implementation(_ info: RegistrationRecord) -> String {
    (info.isMock ? "mock " : "") + info.implementationName
  }

  /// `[singleton, cache off] holds #3 from AppAssembly AppAssembly.swift:42`.
  static func tags(_ info: RegistrationRecord) -> String {
    var tags = [info.scope]
    if !info.isCaching { tags.append("cache off") }
    let held = info.cachedInstanceNumber.map { " holds #\($0)" } ?? ""
    // The assembly and where the registration was made come last: the least needed when the
    // pane is narrow (Enter on the row, or 'why', says it whole).
    let group = info.group.map { " from \($0)" } ?? ""
    let site = info.location.map { " " + $0 } ?? ""
    return "[" + tags.joined(separator: ", ") + "]" + held + group + site
  }
}
