import DIScopeDebug

/// Pane 3, "Mocks and disposals": the timeline of mock pushes and pops, what each one shadowed
/// or uncovered, each instance disposed (and why: which container shut down, or a change that let
/// go of its cache), and stale
/// references as they appear. (A mock's removal arrives both as `removed` and as `mockPopped`;
/// the pop is what is shown.)
///
/// ```text
/// + t3 MockLogger over Logger (shadows t1 ConsoleLogger)
/// - t3 MockLogger off Logger (uncovers t1 ConsoleLogger)
/// ✕ disposed Handler#5 (t5) (request shut down)
/// ✕ disposed DbPool#2 (t2) (its cache let go by a change)
/// ```
public struct MockTimeline: Sendable {
  public private(set) var lines: [PaneLine] = []
  public var isASCII = false
  public var limit = 2000

  public init(isASCII: Bool = false) { self.isASCII = isASCII }

  /// Adds one event; mock pushes and pops (and removals of mocks) and disposals are used.
  public mutating func apply(_ record: EventRecord) {
    switch record {
    case .mockPushed(let info, let shadowing):
      let under = shadowing.map { "shadows \($0.token) \($0.implementationName)" } ?? "nothing below"
      add("+ \(info.token) \(info.implementationName) over \(info.service) (\(under))", .mock)
    case .mockPopped(let info, let uncovering):
      add("- \(info.token) \(info.implementationName) off \(info.service) (\(uncovered(uncovering, by: info)))", .plain)
    case .disposed(let disposal):
      let why = disposal.wasDropped == true ? "its cache let go by a change" : "\(disposal.container) shut down"
      add((isASCII ? "x " : "✕ ") + disposal.line + " (\(why))",
        disposal.failed ? .error : .secondary)
    default:
      break
    }
  }

  public mutating func clear() {
    lines = []
    notedStale = []
  }

  /// Notes each stale reference not noted before: a mock, an override or a removal that did not
  /// reach an instance already built (see `Container.staleReferences()`).
  public mutating func note(stale: [ContainerSnapshot.Stale]) {
    for reference in stale {
      guard notedStale.insert(reference.identity).inserted else { continue }
      add((isASCII ? "! " : "⚠ ") + "stale: " + reference.line, .error)
    }
  }

  /// The stale references noted so far.
  private var notedStale: Set<String> = []

  /// Marks where a fresh container took over (`reset`): what follows has tokens of its own.
  public mutating func markFreshContainer() {
    guard !lines.isEmpty else { return }
    add("── a fresh container: tokens start again ──", .secondary)
  }

  /// Shown while attached to an app, whose services are its own: `mock S` pushes what it keeps on
  /// standby (`registerMock`).
  public static let attachedPlaceholder = PaneLine(
    "(no mock swaps yet — mock S pushes what the app keeps on standby)", kind: .secondary)

  private func uncovered(_ info: RegistrationRecord?, by mock: RegistrationRecord) -> String {
    if let info { return "uncovers \(info.token) \(info.implementationName)" }
    // Taken from under a newer registration, it uncovers nothing: that one still answers.
    return (mock.stackDepth ?? 0) > 0 ? "was under a newer registration" : "nothing left"
  }

  private mutating func add(_ text: String, _ kind: LineKind) {
    lines.append(PaneLine(text, kind: kind, group: lines.count + 1, isGroupHeading: true))
    if lines.count > limit { lines.removeFirst(lines.count - limit) }
  }
}
