import DIScope

/// A container event as a debugger shows it: names, numbers and the lines to print, so that it
/// means the same in the app's process and in a client that has none of the app's types. The
/// playground's panes are built from these, whether the container is local or attached.
///
/// ```swift
/// let record = EventRecord(event, context: EventRecord.Context(glyphs: .unicode))
/// if case .step(let step) = record { print(step.line) }   // ConsoleLogger#1 created t1 [singleton]
/// ```
public enum EventRecord: Codable, Sendable, Hashable {
  /// One step of a resolution (innermost first, the root last).
  case step(StepRecord)
  /// A root resolve failed.
  case failure(FailureRecord)
  /// A mock was pushed over `shadowing` (nil when nothing was registered).
  case mockPushed(RegistrationRecord, shadowing: RegistrationRecord?)
  /// A mock was removed, uncovering the registration below it (if any).
  case mockPopped(RegistrationRecord, uncovering: RegistrationRecord?)
  /// The container shut down and disposed an instance it built (or failed to).
  case disposed(DisposalRecord)
  /// Any other change to a stack (a registration pushed or removed, a scope or caching switched,
  /// an eager build that failed): what the pane of stacks reads again.
  case stacksChanged(String)
  /// `count` events were lost here (a client that read too slowly): a resolution under way may
  /// miss steps, and anything may have changed unseen.
  case gap(count: Int)

  /// Whether the event can change what the pane of stacks shows: any change to a stack, or a
  /// resolution that filled a cache (a prototype, graph or cached answer leaves them as they were).
  public var changesStacks: Bool {
    guard case .step(let step) = self else { return !isFailure }
    guard step.outcome == .created, let scope = step.scope else { return false }
    return scope == .singleton || scope == .eager || scope == .weak
  }

  private var isFailure: Bool {
    if case .failure = self { return true }
    return false
  }
}

/// One finished step of a resolution.
public struct StepRecord: Codable, Sendable, Hashable {
  /// The key asked for, as the container names it.
  public var service: String
  /// Built now, from a cache, or absent (on the wire as its name: `created`).
  public var outcome: ResolutionStep.Outcome
  /// The scope the instance was produced under (on the wire as its name: `singleton`).
  public var scope: Scope?
  /// 0 for the root resolve, 1 for its dependencies, and so on.
  public var depth: Int
  public var instanceNumber: Int?
  /// Whether a mock answered.
  public var isMock: Bool
  /// The step as a trace line: `Logger → ConsoleLogger#1 created t1 [singleton]`.
  public var line: String
  /// The thread that resolved: the steps of resolutions on several threads interleave.
  public var thread: UInt
  /// For a root step, where the resolution started and who resolved it, as `DISCOPE_TRACE`
  /// says it: `request#12, thread 3` (a child's name and number; a thread or an `await` task
  /// as DIScope numbers them). Nil for the steps below a root.
  public var origin: String?

  public init(
    service: String, outcome: ResolutionStep.Outcome, scope: Scope?, depth: Int, instanceNumber: Int?, isMock: Bool,
    line: String, thread: UInt, origin: String? = nil
  ) {
    self.origin = origin
    self.service = service
    self.outcome = outcome
    self.scope = scope
    self.depth = depth
    self.instanceNumber = instanceNumber
    self.isMock = isMock
    self.line = line
    self.thread = thread
  }
}

/// A failed root resolve: what was asked, the path to where it failed, and the error's lines.
public struct FailureRecord: Codable, Sendable, Hashable {
  /// The service the resolution started from.
  public var asked: String
  /// The services from the root to the one that failed.
  public var path: [String]
  /// The error as the engine words it, a line each.
  public var lines: [String]
  public var thread: UInt
  /// How many services the path leaves out, where it shows `...` (a resolution too deep: see
  /// `ResolutionError.omittedFromPath`). Optional on the wire: a server that does not say sent
  /// a whole path.
  public var omittedFromPath: Int?

  /// Whether the path leaves services out, and so does not follow the depths of the steps.
  public var omitsPartOfPath: Bool { (omittedFromPath ?? 0) > 0 }

  public init(asked: String, path: [String], lines: [String], thread: UInt, omittedFromPath: Int = 0) {
    self.asked = asked
    self.path = path
    self.omittedFromPath = omittedFromPath
    self.lines = lines
    self.thread = thread
  }
}

/// One instance disposed (or that failed to be) when its container shut down.
public struct DisposalRecord: Codable, Sendable, Hashable {
  /// `t2 Database#1 disposed`, as the container describes it.
  public var line: String
  /// The container that shut down, or whose registration let go of the instance.
  public var container: String
  public var failed: Bool
  /// Whether a change let go of it (a scope or caching switched, a removal) rather than a
  /// shutdown. Optional on the wire: a server that does not say is one that disposed only at
  /// shutdown.
  public var wasDropped: Bool?

  public init(line: String, container: String, failed: Bool, wasDropped: Bool = false) {
    self.line = line
    self.container = container
    self.failed = failed
    self.wasDropped = wasDropped
  }
}
