import DIScope
import DisScript
import DisSyntax

/// The `.dis` interpreter as the playground's engine.
extension Session: LocalPlaygroundEngine {
  public func run(_ source: String) -> PlaygroundOutcome { run(source, at: nil) }

  /// Parsed by the session's own parser (its limits), and run at `site`.
  public func run(_ source: String, at site: RegistrationSite?) -> PlaygroundOutcome {
    var outcome = PlaygroundOutcome(execute(source, at: site))
    if outcome.entry == nil { outcome.source = source }
    return outcome
  }

  public func run(_ entry: Entry) -> PlaygroundOutcome { PlaygroundOutcome(execute(entry)) }

  public func run(_ entry: Entry, at site: RegistrationSite?) -> PlaygroundOutcome {
    PlaygroundOutcome(execute(entry, at: site))
  }

  /// A feed that subscribes to the session's own intake (``Session/events``), following the
  /// session to each new container and family: the session's container is observed once, for
  /// the session and the panes alike.
  public func makeView(glyphs: ResolutionTree.Glyphs) -> any ContainerView {
    let feed = ContainerFeed(glyphs: glyphs, instanceTypeNamer: instanceTypeNamer, errorDescriber: errorDescriber)
    feed.attach(to: container, through: events)
    followContainer { [weak self, weak feed] container in
      guard let self else { return }
      feed?.attach(to: container, through: self.events)
    }
    return feed
  }

  public var instanceTypeNamer: InstanceTypeNamer {
    { value in (value as? PlaygroundInstance)?.typeName }
  }

  /// The session's own wording of a failed resolve (DisScript's `errorLines`): the words its
  /// commands print.
  public var errorDescriber: ErrorDescriber { errorLines }

  public var completionWords: CompletionWords {
    let candidates = completionCandidates
    return CompletionWords(
      services: candidates.services, implementations: candidates.implementations,
      tokens: candidates.tokens, instances: candidates.instances + candidates.instanceParameters,
      assemblies: candidates.assemblies, containers: candidates.containers)
  }
}

extension PlaygroundOutcome {
  /// A session's outcome; text that did not parse brings its diagnostics as output lines.
  public init(_ outcome: CommandOutcome) {
    self.init(
      entry: outcome.entry, output: outcome.shownOutput, isFailure: outcome.isFailure,
      recordedText: outcome.recordedText, playgroundCommand: outcome.playgroundCommand,
      errorLines: outcome.errorLines)
  }
}

extension PlaygroundOptions {
  /// The playground on the built-in demo world (`DemoWorld`): its declarations and assembly run
  /// first, so they are in the transcript and in any recording, which then replays on its own.
  ///
  /// ```swift
  /// exit(Playground.run(.demo()))
  /// ```
  public static func demo(glyphs: ResolutionTree.Glyphs = .unicode) -> PlaygroundOptions {
    var options = session(glyphs: glyphs)
    options.prelude = DemoWorld.script
    return options
  }

  /// The playground on an empty session.
  public static func session(glyphs: ResolutionTree.Glyphs = .unicode) -> PlaygroundOptions {
    var options = PlaygroundOptions(engineFactory: { Session(options: SessionOptions(glyphs: glyphs)) })
    options.isASCII = glyphs == .ascii
    return options
  }
}
