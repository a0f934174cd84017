import DIScope
import DIScopeDebug
import DisSyntax

/// What the playground needs from a `.dis` interpreter: run one command against a container and
/// say what happened, and show that container to the panes. The container may be in this
/// process (``LocalPlaygroundEngine``: `DisScript.Session`) or in another one (`discope attach`:
/// ``RemoteEngine``).
///
/// The playground never reads an engine's output to learn what changed: its panes follow the
/// container's own events, through the engine's ``ContainerView``. Output only goes to the
/// transcript (and a recording).
///
/// ```swift
/// let engine: any PlaygroundEngine = Session()
/// let outcome = engine.run("resolve ControlContext")
/// print(outcome.recordedText)
/// ```
public protocol PlaygroundEngine: AnyObject {
  /// Runs one command as typed (a multi-line `assembly { … }` counts as one).
  func run(_ source: String) -> PlaygroundOutcome
  /// Runs one command as read from a script line by line, starting at `site` (`nil`: typed).
  func run(_ source: String, at site: RegistrationSite?) -> PlaygroundOutcome
  /// Runs one parsed command.
  func run(_ entry: Entry) -> PlaygroundOutcome
  /// Runs one parsed command written at `site` (a script's path and line), which the
  /// registrations it makes keep, and pane 1 shows as `demo.dis:12`; `nil` for one typed.
  func run(_ entry: Entry, at site: RegistrationSite?) -> PlaygroundOutcome
  /// Names for tab completion: declared services and implementations, live tokens, instances.
  var completionWords: CompletionWords { get }
  /// What the panes show of the container commands act on, with trace lines in `glyphs`. Made
  /// once per engine; it follows the engine's container wherever commands move it.
  func makeView(glyphs: ResolutionTree.Glyphs) -> any ContainerView
}

/// An engine over a container in this process: the panes follow it through a ``ContainerFeed``.
public protocol LocalPlaygroundEngine: PlaygroundEngine {
  /// The container commands act on now; it changes on `container use` and `reset`.
  var container: Container { get }
  /// Calls `handler` with the new container whenever `container` changes, from now on; every
  /// follower is called, none replaces another.
  func followContainer(_ handler: @escaping (Container) -> Void)
  /// Names an observed instance when its Swift type is not what a user declared (a script's
  /// classes all share one Swift type); nil keeps the container's own name. Each engine says
  /// its own (no default: a property of the same name elsewhere must not stand in by accident).
  var instanceTypeNamer: InstanceTypeNamer { get }
  /// Words a failed resolve as the engine's own commands would (a script's hints name script
  /// commands, not Swift calls), for the trace pane: one wording wherever the error shows.
  var errorDescriber: ErrorDescriber { get }
}

extension PlaygroundEngine {
  /// An engine whose registrations keep no script line (a stand-in's; the session and the
  /// remote engine keep it).
  public func run(_ entry: Entry, at site: RegistrationSite?) -> PlaygroundOutcome { run(entry) }

  /// Text read at `site` runs as the command it parses to, written there; typed text (or text
  /// that does not parse, which the engine words) runs as typed.
  public func run(_ source: String, at site: RegistrationSite?) -> PlaygroundOutcome {
    guard let site, case .success(let entry) = ScriptParser().parseCommand(source) else { return run(source) }
    return run(entry, at: site)
  }
}

extension LocalPlaygroundEngine {
  /// A feed over the current container that follows the engine to each new one (it adds itself
  /// as one more follower: views made before it keep following too), observing it itself. A
  /// `Session` makes its own instead, fed by the session's intake (`Session.events`).
  public func makeView(glyphs: ResolutionTree.Glyphs) -> any ContainerView {
    let feed = ContainerFeed(glyphs: glyphs, instanceTypeNamer: instanceTypeNamer, errorDescriber: errorDescriber)
    feed.attach(to: container)
    followContainer { [weak feed] container in feed?.attach(to: container) }
    return feed
  }
}

/// Gives an observed instance's declared type name, or nil.
public typealias InstanceTypeNamer = @Sendable (Any) -> String?

/// Words a failed resolve of `container` for a user, a line each.
public typealias ErrorDescriber = @Sendable (ResolutionError, Container) -> [String]

/// What one command did, as the playground shows and records it.
public struct PlaygroundOutcome: Sendable, Hashable {
  /// The parsed command; nil when the text did not parse.
  public var entry: Entry?
  /// The lines the command printed (errors included), without indentation.
  public var output: [String]
  /// Whether the command failed (a parse error, a failed resolve, a failed `expect`…).
  public var isFailure: Bool
  /// The exact `.dis` text of the command and its output (empty for a playground command or
  /// text that did not parse).
  public var recordedText: String
  /// A `:record`, `:stop`, `:save`, `:open` or `:quit` for the playground itself.
  public var playgroundCommand: PlaygroundCommand?
  /// The text as typed, kept for text that did not parse: the transcript and a recording show
  /// what was typed (as comments, so the file stays a valid script).
  public var source: String?
  /// The command never reached a container (an attached app that is gone): the transcript says
  /// so in a comment, and a recording does not hold it as a command that failed.
  public var wasNotRun = false
  /// What the engine says of the command beyond its output (an attached app's first change):
  /// shown right after the command, as a comment, and never part of what a recording expects.
  public var notes: [String] = []
  /// The indices in `output` of the lines that say what went wrong (`error: …`), as
  /// `CommandOutcome.errorLines` gives them: what the panes style as errors.
  public var errorLines: [Int]

  public init(
    entry: Entry?, output: [String], isFailure: Bool, recordedText: String,
    playgroundCommand: PlaygroundCommand? = nil, errorLines: [Int] = []
  ) {
    self.errorLines = errorLines
    self.entry = entry
    self.output = output
    self.isFailure = isFailure
    self.recordedText = recordedText
    self.playgroundCommand = playgroundCommand
  }

  /// Whether the command failed when it was not marked `!` (or passed when it was).
  public var isUnexpected: Bool { isFailure != (entry?.isExpectedToFail ?? false) }
}

/// Words the engine knows right now, for tab completion: the same record an attached app's
/// server sends (`DIScopeDebug`), so that a local and a remote engine fill it alike.
public typealias CompletionWords = CompletionRecord

/// Makes a fresh engine: the playground calls it to start, and again to rebuild a replay's state
/// when stepping back.
public typealias PlaygroundEngineFactory = @Sendable () -> any PlaygroundEngine
