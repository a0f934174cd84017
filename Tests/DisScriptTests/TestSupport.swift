import DisScript
import DisSyntax
import Testing

/// Runs each line as one command in `session`; returns the outcomes.
@discardableResult
func run(_ session: Session, _ text: String) -> [CommandOutcome] {
  text.split(separator: "\n").map { session.execute(String($0)) }
}

/// A session after running `text`, every command of which must succeed.
func session(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Session {
  let session = Session()
  for outcome in run(session, text) {
    #expect(!outcome.isFailure, "\(outcome.entry.map { "\($0.command)" } ?? "?"): \(outcome.output) \(outcome.diagnostics)", sourceLocation: sourceLocation)
  }
  return session
}

/// Checks that `command` succeeds (or fails) with exactly `output`.
func expectOutput(
  _ session: Session, _ command: String, _ output: [String], fails: Bool = false,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  let outcome = session.execute(command)
  #expect(outcome.isFailure == fails, "\(command): \(outcome.output)", sourceLocation: sourceLocation)
  #expect(outcome.output == output, sourceLocation: sourceLocation)
}

/// Checks that `command` fails and its first line is `error: message`.
func expectError(
  _ session: Session, _ command: String, _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> CommandOutcome {
  let outcome = session.execute(command)
  #expect(outcome.isFailure, "\(command) should fail", sourceLocation: sourceLocation)
  #expect(outcome.output.first == "error: " + message, "\(outcome.output)", sourceLocation: sourceLocation)
  return outcome
}

let seedWorld = """
  protocol Logger
  class ConsoleLogger: Logger
  class WebService(logger: Logger)
  protocol ZoneController
  class RFZoneController(webService: WebService): ZoneController
  class ControlContext(webService: WebService, zoneController: ZoneController)
  register Logger = ConsoleLogger
  register WebService
  register ZoneController = RFZoneController
  register ControlContext
  """

/// The repository's root, from this file's path.
let repositoryRoot: String = {
  let path = #filePath
  guard let range = path.firstRange(of: "/Tests/DisScriptTests/") else { return "." }
  return String(path[..<range.lowerBound])
}()
