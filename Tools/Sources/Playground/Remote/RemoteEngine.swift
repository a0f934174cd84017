import DIScope
import DIScopeDebug
import DisSyntax

/// The playground's engine over a container in a running app: each command is sent to the app's
/// debug server and runs there, in the app's process, on its container (the same `.dis` engine
/// as ``Playground/run(on:)``). Playground commands (`:record`, `:quit`…) stay here.
///
/// ```swift
/// let client = try DebugClient.connect(to: socketPath)
/// let engine = RemoteEngine(client: client)
/// print(engine.run("show registrations").output)
/// ```
public final class RemoteEngine: PlaygroundEngine, Sendable {
  /// The panes' view: one per engine, whatever the glyphs asked (the server words trace lines
  /// in the glyphs the client asked for when it connected).
  public let view: RemoteView
  private let parser = ScriptParser()

  /// `leavingRule` is said with the session's first change (see ``RemoteView/leavingRule``).
  public init(client: DebugClient, leavingRule: String? = nil) {
    view = RemoteView(client: client, leavingRule: leavingRule)
  }

  public func run(_ source: String) -> PlaygroundOutcome {
    switch parser.parseCommand(source) {
    case .success(let entry):
      return stayingHere(entry) ?? send(source, entry: entry)
    case .failure:
      // The app's session words the parse error, as a local session would.
      var outcome = send(source, entry: nil)
      outcome.source = source
      return outcome
    }
  }

  public func run(_ entry: Entry) -> PlaygroundOutcome { run(entry, at: nil) }

  /// Runs `entry` in the app, where a script wrote it at `site`: the registrations it makes in
  /// the app keep the script's line, as a local session's do.
  public func run(_ entry: Entry, at site: RegistrationSite?) -> PlaygroundOutcome {
    stayingHere(entry) ?? send(entry.command.description, entry: entry, site: Self.site(site, sending: entry.command))
  }

  /// The site sent with `command`'s printed text. The app reads an assembly block's member lines
  /// from that text, one member a line: a block written otherwise (on one line, a blank line in
  /// it) goes without, so that its registrations name no line rather than a wrong one.
  private static func site(_ site: RegistrationSite?, sending command: Command) -> RegistrationSite? {
    if case .assembly(let assembly) = command, !assembly.isLaidOutAsPrinted { return nil }
    return site
  }

  /// A playground command's outcome (`:record`, `:quit`…): it stays here, for the playground to
  /// carry out; nil for a command the app runs.
  private func stayingHere(_ entry: Entry) -> PlaygroundOutcome? {
    entry.playgroundCommand.map {
      PlaygroundOutcome(entry: entry, output: [], isFailure: false, recordedText: "", playgroundCommand: $0)
    }
  }

  private func send(_ source: String, entry: Entry?, site: RegistrationSite? = nil) -> PlaygroundOutcome {
    if let ended = view.endedReason {
      return notRun(source, entry: entry, "error: \(ended): nothing runs any more (:quit leaves)")
    }
    do {
      let reply = try view.client.run(source, at: site)
      var outcome = PlaygroundOutcome(
        entry: entry, output: reply.outcome.output, isFailure: reply.outcome.isFailure,
        recordedText: reply.outcome.recordedText, errorLines: reply.outcome.errorLines ?? [])
      if let note = view.note(reply) { outcome.notes = [note] }
      return outcome
    } catch {
      return notRun(source, entry: entry, "error: \(error)")
    }
  }

  private func notRun(_ source: String, entry: Entry?, _ message: String) -> PlaygroundOutcome {
    var outcome = PlaygroundOutcome(entry: entry, output: [message], isFailure: true, recordedText: "", errorLines: [0])
    outcome.source = source
    outcome.wasNotRun = true
    return outcome
  }

  public var completionWords: CompletionWords { view.completionWords ?? CompletionWords() }

  public func makeView(glyphs: ResolutionTree.Glyphs) -> any ContainerView { view }
}
