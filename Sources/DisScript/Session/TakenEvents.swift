import DIScope

/// What a family's events left for its commands to read: this thread's steps (what a failed
/// resolve built), the eager builds that failed, the mock timeline, the root resolutions' trees
/// and the disposals.
///
/// Written only by the session's intake (``take(_:onThread:limits:)``, from `drainEvents()`),
/// and read only through it: a session reaches its `TakenEvents` only by `withTakenEvents { }`,
/// which takes in what arrived first, so no reader sees it stale. Each command family has its
/// own verbs here; unit tested without a session (`TakenEventsTests`).
///
/// ```swift
/// var taken = TakenEvents()
/// taken.take(share.take(), onThread: Session.currentThread, limits: .init(options.limits))
/// taken.takeEagerFailures()   // `register`: what failed to build eagerly, then []
/// ```
struct TakenEvents {
  /// How much of each it keeps.
  struct Limits {
    var maximumFailureSteps: Int
    var maximumMockSwaps: Int
    var maximumHeldTrees: Int

    init(maximumFailureSteps: Int, maximumMockSwaps: Int, maximumHeldTrees: Int) {
      self.maximumFailureSteps = maximumFailureSteps
      self.maximumMockSwaps = maximumMockSwaps
      self.maximumHeldTrees = maximumHeldTrees
    }

    /// A session's limits; trees at most ``TakenEvents/maximumHeldTrees``.
    init(_ limits: SessionLimits) {
      self.init(
        maximumFailureSteps: limits.maximumFailureSteps, maximumMockSwaps: limits.maximumMockSwaps,
        maximumHeldTrees: TakenEvents.maximumHeldTrees)
    }
  }

  /// How many trees it holds, as the session's recorder held before it (an app resolving
  /// between two commands of a debugger attached for hours).
  static let maximumHeldTrees = 1_000

  /// The taking thread's resolution steps since the command started, for what a failed resolve
  /// built (steps hold their instances: forgotten at every command's start and end).
  private(set) var steps: [ResolutionStep] = []
  /// Eager builds that failed since the command started.
  private var eagerFailures: [(info: RegistrationInfo, error: ResolutionError)] = []
  /// Every mock push and pop, oldest first, at most `maximumMockSwaps`.
  private(set) var mockTimeline: [(service: String, line: String)] = []
  /// The root resolutions taken in and not yet read, oldest first, at most `maximumHeldTrees`.
  private(set) var trees: [SessionEvents.Tree] = []
  /// What the containers disposed: since a command last looked, and ever.
  private(set) var disposals = DisposalLedger()

  // MARK: The intake

  /// Takes in `batch`, taken on thread `current`: the only writer.
  mutating func take(_ batch: SessionEvents.Batch, onThread current: UInt, limits: Limits) {
    trees += batch.trees
    if trees.count > limits.maximumHeldTrees { trees.removeFirst(trees.count - limits.maximumHeldTrees) }
    for arrival in batch.arrivals {
      switch arrival.event {
      case .resolved(let step):
        // What a failed resolve built: this thread's steps, not the app's other threads'.
        if arrival.thread == current, steps.count < limits.maximumFailureSteps { steps.append(step) }
      case .mockPushed(let info, let shadowing):
        mockTimeline.append((info.key.serviceName,
          "+ \(info.token)  \(info.implementationName) over \(info.key)"
            + (shadowing.map { " (shadows \($0.token))" } ?? " (nothing below)")))
      case .mockPopped(let info, let uncovering):
        mockTimeline.append((info.key.serviceName,
          "- \(info.token)  \(info.implementationName) off \(info.key)"
            + (uncovering.map { " (uncovers \($0.token))" }
              ?? ((info.stackDepth ?? 0) > 0 ? " (was under a newer registration)" : " (nothing below)"))))
      case .eagerBuildFailed(let info, let error):
        eagerFailures.append((info, error))
      case .disposed(let disposal):
        disposals.note(disposal)
      default: break
      }
    }
    if mockTimeline.count > limits.maximumMockSwaps {
      mockTimeline.removeFirst(mockTimeline.count - limits.maximumMockSwaps)
    }
  }

  // MARK: The commands

  /// Where a command starts, or between commands: its own buffers start empty. The disposals
  /// are forgotten as unread, not as disposed (`expect #N disposed` still holds).
  mutating func startOver() {
    steps = []
    eagerFailures = []
    disposals.forgetUnread()
  }

  /// Where a command ends: steps hold instances, and none is kept past it.
  mutating func forgetSteps() { steps = [] }

  /// The eager builds that failed since the command started, and forgets them.
  mutating func takeEagerFailures() -> [(info: RegistrationInfo, error: ResolutionError)] {
    defer { eagerFailures = [] }
    return eagerFailures
  }

  /// What the containers disposed since the command started or last asked, and forgets it.
  mutating func takeDisposals() -> [Disposal] { disposals.takeUnread() }

  /// The root resolutions taken in and not yet read, oldest first, and forgets them.
  mutating func takeTrees() -> [SessionEvents.Tree] {
    defer { trees = [] }
    return trees
  }
}
