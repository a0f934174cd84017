import DIScope
import DisScript


extension EventRecord {
  /// How to word the events of one container for one viewer.
  public struct Context: Sendable {
    /// The glyphs of trace lines (the viewer's terminal may be ASCII only).
    public var glyphs: ResolutionTree.Glyphs
    /// Names an instance whose Swift type is not what a user declared (a script's classes all
    /// share one Swift type); nil keeps the container's name.
    public var instanceTypeName: @Sendable (Any) -> String?
    /// Words a failed resolve, a line each; nil words it with the error's own description.
    public var errorLines: (@Sendable (ResolutionError) -> [String])?

    public init(
      glyphs: ResolutionTree.Glyphs = .unicode, instanceTypeName: @escaping @Sendable (Any) -> String? = { _ in nil },
      errorLines: (@Sendable (ResolutionError) -> [String])? = nil
    ) {
      self.glyphs = glyphs
      self.instanceTypeName = instanceTypeName
      self.errorLines = errorLines
    }
  }

  /// The record of `event`, worded for `context`. `thread` is the thread the event arrived on;
  /// `typeName` names the step's instance when the caller named it already (the instance is gone).
  public init(_ event: ContainerEvent, context: Context, thread: UInt = EventRecord.currentThread, typeName: String? = nil) {
    switch event {
    case .resolved(let step):
      let name = typeName ?? step.instance.flatMap { context.instanceTypeName($0.value) }
      self = .step(
        StepRecord(
          service: step.key.description, outcome: step.outcome, scope: step.scope,
          depth: step.depth, instanceNumber: step.instanceNumber, isMock: step.registration?.isMock ?? false,
          line: ResolutionTree.line(for: step, typeName: name, glyphs: context.glyphs), thread: thread,
          origin: step.depth == 0 ? "\(step.container)#\(step.containerNumber), \(step.resolver)" : nil))
    case .resolutionFailed(let error, _):
      let asked = error.path.count > 1 ? error.path[0] : error.key.description
      let lines = context.errorLines?(error) ?? error.lines
      self = .failure(FailureRecord(
          asked: asked, path: error.path, lines: lines, thread: thread, omittedFromPath: error.omittedFromPath))
    case .mockPushed(let info, let shadowing):
      self = .mockPushed(RegistrationRecord(info), shadowing: shadowing.map(RegistrationRecord.init))
    case .mockPopped(let info, let uncovering):
      self = .mockPopped(RegistrationRecord(info), uncovering: uncovering.map(RegistrationRecord.init))
    case .disposed(let disposal):
      self = .disposed(
        DisposalRecord(
          line: disposal.description, container: disposal.registration.container, failed: disposal.failure != nil,
          wasDropped: disposal.cause == .dropped))
    case .registered, .removed, .scopeChanged, .cachingChanged, .eagerBuildFailed:
      self = .stacksChanged(event.description)
    }
  }

  /// The calling thread, as a number.
  public static var currentThread: UInt { Session.currentThread }
}
