import DIScope
import DIScopeLocked
import DisScript
import DisSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One client's `.dis` session over the app's container, and the journal of what it changed there.
///
/// Touched only on the server's command queue (commands from every client run one at a time),
/// so it needs no lock of its own.
final class AttachedSession {
  let container: Container
  let isReadOnly: Bool
  private let options: SessionOptions
  /// The server's one intake, which the session takes its events from.
  private let events: ServerEvents
  /// Made at the first command: until then the client costs the app only its event queue.
  private var session: Session?
  /// The session's place among the intake's subscribers (one never full: see
  /// ``ServerEvents/share(glyphs:)``), for as long as the session lives.
  private var sessionSubscriber: ServerEvents.Subscriber?
  /// What the session changed in the app, to undo as it leaves.
  let journal = SessionJournal()
  /// What the last undo offered to rebuild (see `HolderRebuild`).
  private var rebuildOffers: [HolderRebuild.Offer] = []

  init(container: Container, events: ServerEvents, isReadOnly: Bool, glyphs: ResolutionTree.Glyphs) {
    self.container = container
    self.events = events
    self.isReadOnly = isReadOnly
    // A debugging command never runs a factory the user did not ask for: in the app's process, a
    // factory may act on the world or trap, and a trap ends the app. `validate` and `show graph`
    // check what the app's own resolves showed instead.
    options = SessionOptions(glyphs: glyphs, validation: .withoutRunningFactories)
  }

  private var live: Session {
    if let session { return session }
    // A share of the server's intake, not an observer of its own: the app's container stays
    // observed once for every client and their sessions.
    let (share, subscriber) = events.share(glyphs: options.glyphs)
    let made = Session(container: container, events: share, options: options)
    session = made
    sessionSubscriber = subscriber
    return made
  }

  /// Runs one command as typed, or as a script wrote it at `site` (which the registrations it
  /// makes keep).
  func run(_ source: String, at site: RegistrationSite? = nil) -> OutcomeRecord {
    let session = live
    // Parsed once: what is checked is what runs (text that does not parse runs nothing).
    guard case .success(let entry) = ScriptParser().parseCommand(source) else {
      return record(session.execute(source))
    }
    if isReadOnly, let refusal = ReadOnlyPolicy.refusal(of: entry.command, in: session.container) {
      let output = [
        "error: the app's debug server is read-only: \(refusal)",
        "  hint: show, why, validate, expect and resolving what is built still work; the app can start its server with readOnly: false",
      ]
      let refused = CommandOutcome(entry: entry, output: output, isFailure: true, errorLines: [0])
      return record(refused)
    }
    guard entry.command.containerChange != nil else { return record(session.execute(entry, at: site)) }
    return record(journalling(entry, at: site, in: session))
  }

  /// Runs a command that changes the container, and journals what it changed: the events the
  /// container reports on this thread while it runs (the app's own threads go on meanwhile, and
  /// what they change is not the session's), and every registration held beforehand, so that a
  /// removed one can be put back.
  private func journalling(_ entry: Entry, at site: RegistrationSite?, in session: Session) -> CommandOutcome {
    var owners: [String: Container] = [:]
    var next: Container? = session.container
    while let current = next {
      owners[current.name] = owners[current.name] ?? current
      next = current.parent
    }
    next = container
    var root = container
    while let current = next {
      owners[current.name] = owners[current.name] ?? current
      root = current
      next = current.parent
    }
    var held: [Int: Container.HeldRegistration] = [:]
    for owner in owners.values { held.merge(owner.heldRegistrations()) { first, _ in first } }
    let before = session.container
    let commandThread = pthread_self()
    let heard = Locked<[ContainerEvent]>([])
    // On the family's root, so that a change anywhere in it is heard.
    let observation = root.observe { event in
      switch event {
      case .resolved, .resolutionFailed, .disposed, .eagerBuildFailed: return
      default: break
      }
      guard pthread_equal(pthread_self(), commandThread) != 0 else { return }
      heard.withLock { $0.append(event) }
    }
    let outcome = session.execute(entry, at: site)
    observation.cancel()
    var madeChild: Container?
    if case .makeChildContainer = entry.command, !outcome.isFailure, session.container !== before {
      madeChild = session.container
    }
    journal.record(
      heard.withLock { $0 }, held: held, owners: owners, madeChild: madeChild, command: entry.command,
      typed: entry.command.description, succeeded: !outcome.isFailure)
    return outcome
  }

  /// The record of a command's outcome, with what the session changed in the app.
  private func record(_ outcome: CommandOutcome) -> OutcomeRecord {
    OutcomeRecord(
      output: outcome.shownOutput, isFailure: outcome.isFailure, recordedText: outcome.recordedText,
      sessionChanges: journal.descriptions, errorLines: outcome.errorLines)
  }

  /// The names a client may complete now.
  var completion: CompletionRecord {
    session.map { Self.completion(of: $0) } ?? Self.completion(of: container, events: events, glyphs: options.glyphs)
  }

  /// The names to complete on `container` before any command, from a session made for the
  /// purpose over a share of the server's intake `events` and let go at once: an idle client
  /// must cost the app no more than its own event queue.
  static func completion(of container: Container, events: ServerEvents, glyphs: ResolutionTree.Glyphs) -> CompletionRecord {
    let (share, subscriber) = events.share(glyphs: glyphs)
    defer { subscriber.cancel() }
    return completion(of: Session(container: container, events: share, options: SessionOptions(glyphs: glyphs)))
  }

  private static func completion(of session: Session) -> CompletionRecord {
    let words = session.completionCandidates
    return CompletionRecord(
      services: words.services, implementations: words.implementations, tokens: words.tokens,
      instances: words.instances + words.instanceParameters, assemblies: words.assemblies, containers: words.containers)
  }

  /// Lets the session take in the app's events between commands (see `Session.catchUp()`).
  func catchUp() { session?.catchUp() }

  /// Undoes the session's changes, newest first, told of the other sessions attached now (see
  /// ``SessionJournal/undo(others:)``).
  func undoChanges(others: [(client: Int, journal: SessionJournal)]) -> SessionJournal.Undoing {
    let undoing = journal.undo(others: others)
    rebuildOffers = undoing.rebuildable
    return undoing
  }

  /// Rebuilds the holders the last undo offered that the client asked for (see `HolderRebuild`).
  func rebuild(_ holders: [HolderToRebuild]) -> [String] {
    guard !isReadOnly else { return ["not rebuilt: this app's debug server is read-only"] }
    defer { rebuildOffers = [] }
    return HolderRebuild.rebuild(holders, offers: rebuildOffers)
  }

  /// Forgets the session's changes without undoing them (the user kept them); returns them.
  func keepChanges() -> [String] {
    defer { journal.keep() }
    return journal.descriptions
  }
}
