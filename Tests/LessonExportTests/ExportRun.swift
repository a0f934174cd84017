import DIScope
import Synchronization

/// What a script exported by `discope export swift` keeps between its steps: the containers, the
/// tokens and instances it numbers (`t3`, `#5`), its groups, and how the last resolve answered.
///
/// ```swift
/// let run = ExportRun()
/// run.tokens[1] = run.root.register(Logger.self) { _ in ConsoleLogger() }
/// run.held[1] = try run.root.resolve(Logger.self) as AnyObject
/// ```
final class ExportRun {
  private(set) var root = Container()
  var containers: [String: Container] = [:]
  var tokens: [Int: RegistrationToken] = [:]
  var held: [Int: AnyObject] = [:]
  var groups: [String: RegistrationGroup] = [:]
  private let outcome = Outcome()
  private var observation: Observation?

  init() { observe() }

  /// Whether the last top-level resolve built its instance or found it cached (`expect S is cached`).
  var lastRootOutcome: ResolutionStep.Outcome? { outcome.last.withLock { $0 } }

  /// A fresh container, as the script's `reset` gives.
  func reset() {
    observation?.cancel()
    containers = [:]
    tokens = [:]
    held = [:]
    groups = [:]
    root = Container()
    observe()
  }

  private func observe() {
    let outcome = self.outcome
    observation = root.observe { event in
      if case .resolved(let step) = event, step.depth == 0 { outcome.last.withLock { $0 = step.outcome } }
    }
  }

  /// The last outcome, written by the container's observer from whichever thread resolves.
  private final class Outcome: Sendable {
    let last = Mutex<ResolutionStep.Outcome?>(nil)
  }
}
