import DIScope
import Synchronization

/// Finds cached instances that a test left holding a mock it removed: the mock is gone from the
/// stacks, but a singleton built while it answered still hands it out, to every later test.
///
/// Tracks holders in `container` from the moment it is made (with an observer of its own, let
/// go of by ``finish()`` or when the check is released), so that it knows what each instance built
/// during the test holds. An instance built before that may hold anything: when the test removed a
/// mock, each such instance still cached is reported as unknown (``unknownHolders``), never
/// passed over as clean.
///
/// ```swift
/// let check = StaleMockCheck(on: .shared)
/// runTheTest()
/// #expect(check.staleMocks.isEmpty, "\(check.report ?? "")")
/// ```
public final class StaleMockCheck: Sendable {
  /// The container checked.
  public let container: Container
  private let observation: Observation
  /// What was stale before the test: not the test's doing.
  private let before: Set<String>
  /// The mocks the test removed that were pushed before it began, oldest first (heard from the
  /// container's events): only those can be held by an instance built before tracking began.
  private let removedMocks: MockRemovals

  /// Starts tracking what instances built in `container` hold.
  public init(on container: Container) {
    self.container = container
    let removedMocks = MockRemovals()
    self.removedMocks = removedMocks
    observation = container.observe { event in removedMocks.note(event) }
    before = Set(container.scanStaleReferences().found.map(Self.identity))
  }

  /// The stale references, made since the check began, whose held instance is a mock no longer
  /// in its stack.
  public var staleMocks: [StaleReference] { staleMocks(in: container.scanStaleReferences()) }

  /// When the test removed a mock pushed before it began: the cached instances whose holdings are unknown (built before
  /// the check began tracking), any of which may hold it. Empty when no mock was removed.
  public var unknownHolders: [UntrackedHolder] {
    removedMocks.removed.isEmpty ? [] : container.scanStaleReferences().untracked
  }

  /// One line per stale mock, and per instance that may hold a removed mock unknown to the
  /// check, with what to do about it; `nil` when there is none.
  public var report: String? {
    let scan = container.scanStaleReferences()
    let stale = staleMocks(in: scan)
    let removed = removedMocks.removed
    let unknown = removed.isEmpty ? [] : scan.untracked
    var parts: [String] = []
    if !stale.isEmpty {
      parts.append(
        "the test ended with \(stale.count) cached instance\(stale.count == 1 ? "" : "s") holding "
          + "a mock it removed, in '\(container.name)':\n"
          + stale.map { "  \($0)" }.joined(separator: "\n")
          + "\n  hint: a removed mock stays inside what was built with it; rebuild the holder as above "
          + "before removing the mock, or give each test its own container (.isolatedDependencies)")
    }
    if !unknown.isEmpty {
      let mocks = removed.map { "\($0.token) \($0.key)" }.joined(separator: ", ")
      parts.append(
        "the test removed \(removed.count == 1 ? "a mock" : "mocks") (\(mocks)), and whether "
          + "\(unknown.count == 1 ? "this cached instance holds one" : "these cached instances hold one") "
          + "is unknown, in '\(container.name)':\n"
          + unknown.map { "  \($0)" }.joined(separator: "\n")
          + "\n  hint: they were built before the check tracked holders; start the check before they are "
          + "built (put .checksStaleMocks after .isolatedDependencies), or give each test its own container")
    }
    return parts.isEmpty ? nil : parts.joined(separator: "\n")
  }

  private func staleMocks(in scan: StaleReferenceScan) -> [StaleReference] {
    scan.found.filter { stale in
      stale.held.registration.isMock && stale.held.registration.stackDepth == nil
        && !before.contains(Self.identity(stale))
    }
  }

  /// Stops tracking (holders stay tracked while anything else observes the container).
  public func finish() { observation.cancel() }

  private static func identity(_ stale: StaleReference) -> String {
    "\(stale.holder.registration.token)\(stale.holder)|\(stale.held.registration.token)\(stale.held)"
  }
}

/// The mocks removed while a check ran that were pushed before it began, heard from the
/// container's events (on whichever thread made the change).
private final class MockRemovals: Sendable {
  private let state = Mutex<(pushed: Set<RegistrationToken>, removed: [RegistrationInfo])>(([], []))

  func note(_ event: ContainerEvent) {
    switch event {
    case .registered(let info) where info.isMock:
      state.withLock { _ = $0.pushed.insert(info.token) }
    case .removed(let info, _) where info.isMock:
      state.withLock { if !$0.pushed.contains(info.token) { $0.removed.append(info) } }
    default: break
    }
  }

  var removed: [RegistrationInfo] { state.withLock { $0.removed } }
}
