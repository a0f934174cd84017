import DIScope

/// Finds registrations a test pushed and left live: a mock that outlives its test changes what
/// every later test resolves.
///
/// ```swift
/// let check = OverrideLeakCheck(on: .shared)
/// runTheTest()
/// #expect(check.leakedRegistrations.isEmpty)
/// ```
public struct OverrideLeakCheck: Sendable {
  /// The container checked.
  public let container: Container
  private let before: Set<RegistrationToken>

  /// Notes what is live in `container` now.
  public init(on container: Container) {
    self.container = container
    self.before = Self.liveTokens(in: container)
  }

  /// The registrations live now that were not live when the check began, oldest first.
  public var leakedRegistrations: [RegistrationInfo] {
    container.stacks.flatMap(\.registrations)
      .filter { !before.contains($0.token) }
      .sorted { $0.token < $1.token }
  }

  /// One line per leaked registration, with what to do about it.
  public var report: String? {
    let leaked = leakedRegistrations
    guard !leaked.isEmpty else { return nil }
    let lines = leaked.map { "  \($0)" }.joined(separator: "\n")
    return "the test left \(leaked.count) registration\(leaked.count == 1 ? "" : "s") live in "
      + "'\(container.name)':\n\(lines)\n  hint: remove each token when the test ends, hold mocks in "
      + "a MockContainer, or use the .isolatedDependencies trait"
  }

  static func liveTokens(in container: Container) -> Set<RegistrationToken> {
    Set(container.stacks.flatMap(\.registrations).map(\.token))
  }
}
