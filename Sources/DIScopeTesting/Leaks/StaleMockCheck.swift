import DIScope

/// Finds cached instances that a test left holding a mock it removed: the mock is gone from the
/// stacks, but a singleton built while it answered still hands it out, to every later test.
///
/// Tracks holders in `container` from the moment it is made (with an observer of its own, let
/// go of by ``finish()`` or when the check is released), so that it knows what each instance built
/// during the test holds.
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

  /// Starts tracking what instances built in `container` hold.
  public init(on container: Container) {
    self.container = container
    observation = container.observe { _ in }
    before = Set(container.staleReferences().map(Self.identity))
  }

  /// The stale references, made since the check began, whose held instance is a mock no longer
  /// in its stack.
  public var staleMocks: [StaleReference] {
    container.staleReferences().filter { stale in
      stale.held.registration.isMock && stale.held.registration.stackDepth == nil
        && !before.contains(Self.identity(stale))
    }
  }

  /// One line per stale mock, with what to do about it; `nil` when there is none.
  public var report: String? {
    let stale = staleMocks
    guard !stale.isEmpty else { return nil }
    return "the test ended with \(stale.count) cached instance\(stale.count == 1 ? "" : "s") holding "
      + "a mock it removed, in '\(container.name)':\n"
      + stale.map { "  \($0)" }.joined(separator: "\n")
      + "\n  hint: a removed mock stays inside what was built with it; rebuild the holder as above "
      + "before removing the mock, or give each test its own container (.isolatedDependencies)"
  }

  /// Stops tracking (holders stay tracked while anything else observes the container).
  public func finish() { observation.cancel() }

  private static func identity(_ stale: StaleReference) -> String {
    "\(stale.holder.registration.token)\(stale.holder)|\(stale.held.registration.token)\(stale.held)"
  }
}
