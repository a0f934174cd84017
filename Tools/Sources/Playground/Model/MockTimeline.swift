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
  /// For each line of `lines` that names a mock by what it stood for when pushed (its service:
  /// an app's `registerMock(Logging.self) { MockLogger() }` has no type until it is first
  /// built), how to name it once the container knows its type (``name(from:)``); nil elsewhere.
  private var unnamed: [UnnamedMock?] = []

  /// A push line `prefix + name + suffix` whose mock's type was not known yet.
  private struct UnnamedMock: Sendable {
    let token: String
    let prefix: String
    let suffix: String
  }

  public init(isASCII: Bool = false) { self.isASCII = isASCII }

  /// Adds one event; mock pushes and pops (and removals of mocks) and disposals are used.
  public mutating func apply(_ record: EventRecord) {
    switch record {
    case .mockPushed(let info, let shadowing):
      let under = shadowing.map { "shadows \($0.token) \($0.implementationName)" } ?? "nothing below"
      hasSwaps = true
      let (prefix, suffix) = ("+ \(info.token) ", " over \(info.service) (\(under))")
      add(prefix + info.implementationName + suffix, .mock)
      if info.implementationName == info.service {
        unnamed[unnamed.count - 1] = UnnamedMock(token: info.token, prefix: prefix, suffix: suffix)
      }
    case .mockPopped(let info, let uncovering):
      hasSwaps = true
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
    unnamed = []
    notedStale = []
    hasSwaps = false
  }

  /// Whether a mock was pushed or popped since the last `clear()`.
  private var hasSwaps = false

  /// Names the mocks pushed before their type was known by the type the container now gives
  /// them, as pane 1 does (`+ t7 MockLogger over Logging`, not `+ t7 Logging over Logging`).
  public mutating func name(from snapshot: ContainerSnapshot) {
    guard unnamed.contains(where: { $0 != nil }) else { return }
    var types: [String: String] = [:]
    for level in snapshot.lineage {
      for stack in level.stacks {
        for record in stack.registrations where record.isMock && record.implementationName != record.service {
          types[record.token] = record.implementationName
        }
      }
    }
    for index in unnamed.indices {
      guard let mock = unnamed[index], let type = types[mock.token] else { continue }
      lines[index].text = mock.prefix + type + mock.suffix
      unnamed[index] = nil
    }
  }

  /// Notes each stale reference not noted before: a mock, an override or a removal that did not
  /// reach an instance already built (see `Container.staleReferences()`).
  public mutating func note(stale: [ContainerSnapshot.Stale]) {
    for reference in stale {
      guard notedStale.insert(reference.identity).inserted else { continue }
      add((isASCII ? "! " : "⚠ ") + "stale: " + reference.line, .error)
    }
  }

  /// Notes, once each and only once a mock was swapped, the cached instances whose holdings are
  /// unknown: a swap may have left them stale, and pane 3 cannot say it did not.
  public mutating func note(untracked: [ContainerSnapshot.Untracked]) {
    guard hasSwaps else { return }
    for holder in untracked where notedStale.insert("untracked|" + holder.line).inserted {
      add("? unknown whether it holds a stale reference: " + holder.line, .secondary)
    }
  }

  /// The stale references noted so far.
  private var notedStale: Set<String> = []

  /// Marks where a fresh container took over (`reset`): what follows has tokens of its own.
  public mutating func markFreshContainer() {
    guard !lines.isEmpty else { return }
    // Tokens start again: a later t7 is another registration.
    unnamed = unnamed.map { _ in nil }
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
    unnamed.append(nil)
    if lines.count > limit {
      lines.removeFirst(lines.count - limit)
      unnamed.removeFirst(unnamed.count - limit)
    }
  }
}
