import DIScope
import DisScript
import DisSyntax

/// One client's `.dis` session over the app's container, and the mocks it pushed there.
///
/// Touched only on the server's command queue (commands from every client run one at a time),
/// so it needs no lock of its own.
final class AttachedSession {
  let container: Container
  let isReadOnly: Bool
  private let options: SessionOptions
  /// Made at the first command: until then the client costs the app only its event queue.
  private var session: Session?
  /// The mocks this session pushed that are still in the app, by token number.
  private var pushedMocks: [Int: (info: RegistrationInfo, owner: Container)] = [:]

  init(container: Container, isReadOnly: Bool, glyphs: ResolutionTree.Glyphs) {
    self.container = container
    self.isReadOnly = isReadOnly
    options = SessionOptions(glyphs: glyphs)
  }

  private var live: Session {
    if let session { return session }
    let made = Session(container: container, options: options)
    session = made
    return made
  }

  /// Runs one command as typed.
  func run(_ source: String) -> OutcomeRecord {
    let session = live
    // Parsed once: what is checked is what runs (text that does not parse runs nothing).
    guard case .success(let entry) = ScriptParser().parseCommand(source) else {
      return record(session.execute(source))
    }
    if isReadOnly, let refusal = ReadOnlyPolicy.refusal(of: entry.command, in: session.container) {
      let output = [
        "error: the app's debug server is read-only: \(refusal)",
        "  hint: show, why, expect and resolving what is built still work; the app can start its server with readOnly: false",
      ]
      let refused = CommandOutcome(entry: entry, output: output, isFailure: true)
      return OutcomeRecord(
        output: output, isFailure: true, recordedText: refused.recordedText, sessionMocks: mockDescriptions)
    }
    let before = mocks()
    let outcome = session.execute(entry)
    let after = mocks()
    for (number, mock) in after where before[number] == nil { pushedMocks[number] = mock }
    for number in pushedMocks.keys where after[number] == nil { pushedMocks[number] = nil }
    return record(outcome)
  }

  /// The record of a command's outcome, with the session's mocks.
  private func record(_ outcome: CommandOutcome) -> OutcomeRecord {
    OutcomeRecord(
      output: outcome.shownOutput, isFailure: outcome.isFailure, recordedText: outcome.recordedText, sessionMocks: mockDescriptions)
  }

  /// The names a client may complete now.
  var completion: CompletionRecord {
    session.map { Self.completion(of: $0) } ?? Self.completion(of: container, glyphs: options.glyphs)
  }

  /// The names to complete on `container` before any command, from a session made for the
  /// purpose and let go at once: a session observes the container while it lives, and an idle
  /// client must cost the app no more than its own event queue.
  static func completion(of container: Container, glyphs: ResolutionTree.Glyphs) -> CompletionRecord {
    completion(of: Session(container: container, options: SessionOptions(glyphs: glyphs)))
  }

  private static func completion(of session: Session) -> CompletionRecord {
    let words = session.completionCandidates
    return CompletionRecord(
      services: words.services, implementations: words.implementations, tokens: words.tokens,
      instances: words.instances + words.instanceParameters, assemblies: words.assemblies, containers: words.containers)
  }

  /// Lets the session take in the app's events between commands (see `Session.catchUp()`).
  func catchUp() { session?.catchUp() }

  /// `t7 MockLogger over Logger`, for each mock this session pushed that is still there.
  var mockDescriptions: [String] {
    pushedMocks.keys.sorted().compactMap { number in
      pushedMocks[number].map { "\($0.info.token) \($0.info.implementationName) over \($0.info.key)" }
    }
  }

  /// Takes out every mock this session pushed; returns what was removed.
  func removeMocks() -> [String] {
    let removed = mockDescriptions
    for number in pushedMocks.keys.sorted(by: >) {
      guard let mock = pushedMocks[number] else { continue }
      _ = mock.owner.remove(mock.info.token)
    }
    pushedMocks = [:]
    return removed
  }

  /// Forgets the session's mocks without removing them (the user kept them).
  func keepMocks() { pushedMocks = [:] }

  /// Every mock in the containers the session can reach, by token number.
  private func mocks() -> [Int: (info: RegistrationInfo, owner: Container)] {
    var found: [Int: (info: RegistrationInfo, owner: Container)] = [:]
    var containers: [Container] = []
    var next: Container? = session?.container ?? container
    while let current = next {
      containers.append(current)
      next = current.parent
    }
    if !containers.contains(where: { $0 === container }) { containers.append(container) }
    for owner in containers {
      for stack in owner.stacks {
        for info in stack.registrations where info.isMock && info.container == owner.name {
          found[info.token.number] = (info, owner)
        }
      }
    }
    return found
  }
}
