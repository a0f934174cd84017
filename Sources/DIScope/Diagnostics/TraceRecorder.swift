/// An observer that renders each root resolution of a container as a tree.
///
/// ```swift
/// let recorder = TraceRecorder(container) { lines in print(lines.joined(separator: "\n")) }
/// _ = try container.resolve(ControlContext.self)   // prints the tree
/// ```
///
/// Setting `DISCOPE_TRACE=1` in the environment attaches one to every root container, printing to
/// standard error: the resolution order of a real app, without changing its code.
///
/// Resolutions on several threads at once make several trees at once: steps are gathered per
/// thread (a synchronous resolution's steps all happen on the thread that started it), and an
/// `async` resolution's by its root (they may finish on several threads), so each tree holds only
/// its own.
///
/// Recording keeps nothing alive: a tree holds each step as a description
/// (``ResolutionStep/described()``), never the instance or the registration that answered (which
/// would keep its cached instance, and a released request's, alive), and the recorder keeps only
/// the newest `keepingAtMost` trees. `DISCOPE_TRACE=1` keeps none: it prints each tree and forgets it.
public final class TraceRecorder: Sendable {
  /// The trees being built, one per resolution under way (by who resolves: a thread, or an
  /// `await` resolution).
  private let builders: Builders
  private let observation: Protected<Observation?> = Protected(nil)
  /// How many trees `recorded` keeps.
  private let limit: Int
  /// The newest finished trees, each with the thread that made it, oldest first.
  private let trees: Trees
  private typealias Builders = Protected<[ResolutionStep.Resolver: StepTreeBuilder<ResolutionTree>]>
  private typealias Trees = Protected<[(tree: ResolutionTree, resolver: ResolutionStep.Resolver)]>

  /// Starts recording `container` (and its children); `onTree`, if given, receives each rendered
  /// root resolution as it finishes. `recorded` keeps the newest `keepingAtMost` trees (0: none,
  /// for a recorder that only prints). Recording stops when the recorder is released.
  public convenience init(
    _ container: Container, glyphs: ResolutionTree.Glyphs = .unicode, keepingAtMost limit: Int = 1_000,
    onTree: (@Sendable ([String]) -> Void)? = nil
  ) {
    var onResolution: (@Sendable (ResolutionTree, ResolutionStep.Resolver) -> Void)?
    if let onTree {
      onResolution = { tree, _ in onTree(tree.rendered(glyphs: glyphs)) }
    }
    self.init(
      container, glyphs: glyphs, keepingAtMost: limit, onResolution: onResolution, onFailure: onTree)
  }

  /// The recorder, handing each finished tree on whole (`DISCOPE_TRACE=1` names who resolved it).
  convenience init(
    _ container: Container, glyphs: ResolutionTree.Glyphs, keepingAtMost limit: Int,
    onResolution: (@Sendable (ResolutionTree, ResolutionStep.Resolver) -> Void)?,
    onFailure: (@Sendable ([String]) -> Void)?
  ) {
    self.init(glyphs: glyphs, keepingAtMost: limit, onResolution: onResolution, onFailure: onFailure)
    // The handler holds what records, not the recorder: the recorder holds the observation, and
    // recording stops when it is released.
    let handle = container.observe { [recordEvent] event in recordEvent(event) }
    observation.withLock { $0 = handle }
  }

  /// A recorder that observes nothing itself: its owner's own observer hands it each event, on
  /// the event's thread, with ``record(_:)``. For an intake that already observes the family (a
  /// `DisScript` session's), so that its trees cost no second observer.
  package convenience init(glyphs: ResolutionTree.Glyphs, keepingAtMost limit: Int = 1_000) {
    self.init(glyphs: glyphs, keepingAtMost: limit, onResolution: nil, onFailure: nil)
  }

  /// The recorder's state, observing nothing yet.
  private init(
    glyphs: ResolutionTree.Glyphs, keepingAtMost limit: Int,
    onResolution: (@Sendable (ResolutionTree, ResolutionStep.Resolver) -> Void)?,
    onFailure: (@Sendable ([String]) -> Void)?
  ) {
    let builders = Builders([:]), trees = Trees([])
    self.builders = builders
    self.trees = trees
    self.limit = max(0, limit)
    recordEvent = Self.recording(
      builders: builders, trees: trees, limit: self.limit, glyphs: glyphs, onResolution: onResolution,
      onFailure: onFailure)
  }

  /// Records `event` as the recorder's own observer would: called on the thread the event
  /// happened on, synchronously (a step is gathered by who resolved it, a failure by the calling
  /// thread). A step already described (``ResolutionStep/described()``) is kept as it is.
  package func record(_ event: ContainerEvent) { recordEvent(event) }

  /// What the recorder does with each event (see ``record(_:)``).
  private let recordEvent: @Sendable (ContainerEvent) -> Void

  private static func recording(
    builders: Builders, trees: Trees, limit: Int,
    glyphs: ResolutionTree.Glyphs, onResolution: (@Sendable (ResolutionTree, ResolutionStep.Resolver) -> Void)?,
    onFailure: (@Sendable ([String]) -> Void)?
  ) -> @Sendable (ContainerEvent) -> Void {
    { event in
      switch event {
      case .resolved(let step):
        // An `async` resolution's steps may finish on several threads: they are gathered by
        // who resolved them, a thread or an `await` resolution.
        let thread = step.resolver
        let finished = builders.withLock { builders -> ResolutionTree? in
          let step = step.described()
          let tree = builders[thread, default: StepTreeBuilder()].add(depth: step.depth) {
            ResolutionTree(step: step, children: $0)
          }
          if tree != nil { builders[thread] = nil }
          return tree
        }
        guard let tree = finished else { return }
        if limit > 0 {
          trees.withLock { trees in
            // Trimmed in halves, so that keeping the newest costs no copy per tree.
            if trees.count >= 2 * limit { trees.removeFirst(trees.count - limit) }
            trees.append((tree, thread))
          }
        }
        onResolution?(tree, thread)
      case .resolutionFailed(let error, _):
        let thread = ResolutionStep.Resolver.thread(ThreadState.current.number)
        var builder = builders.withLock { $0.removeValue(forKey: thread) } ?? StepTreeBuilder()
        let partial = builder.abandon()
        onFailure?(
          partial.flatMap { $0.rendered(glyphs: glyphs) }
            + error.lines)
      default:
        break
      }
    }
  }

  /// The root resolutions recorded so far, oldest first.
  public var recorded: [ResolutionTree] { trees.withLock { $0.suffix(limit).map(\.tree) } }

  /// The root resolutions recorded so far that the calling thread made, oldest first: what a
  /// command resolved, without what the app's other threads resolved meanwhile.
  ///
  /// ```swift
  /// _ = try container.resolve(WebService.self)
  /// recorder.recordedOnThisThread.last?.step.key   // WebService, whatever other threads did
  /// ```
  public var recordedOnThisThread: [ResolutionTree] {
    let thread = ResolutionStep.Resolver.thread(ThreadState.current.number)
    return trees.withLock { $0.suffix(limit).filter { $0.resolver == thread }.map(\.tree) }
  }

  /// The root resolutions recorded so far that other threads and `await` resolutions made,
  /// oldest first: what an app resolved while a debugger's command ran on its own thread.
  ///
  /// ```swift
  /// recorder.recordedElsewhere.map(\.step.container)   // ["request", "request", ...]
  /// ```
  public var recordedElsewhere: [ResolutionTree] {
    let thread = ResolutionStep.Resolver.thread(ThreadState.current.number)
    return trees.withLock { $0.suffix(limit).filter { $0.resolver != thread }.map(\.tree) }
  }

  /// Forgets what was recorded.
  public func clear() { trees.withLock { $0.removeAll() } }

  /// The root resolutions recorded so far, oldest first, each with whether the calling thread
  /// made it, and forgets them: at once, so that a tree finished meanwhile is neither lost nor
  /// taken twice (a read of ``recorded`` and a ``clear()`` after it lose one finished between).
  ///
  /// ```swift
  /// for (tree, isOnThisThread) in recorder.take() where isOnThisThread { show(tree) }
  /// ```
  public func take() -> [(tree: ResolutionTree, isOnThisThread: Bool)] {
    let thread = ResolutionStep.Resolver.thread(ThreadState.current.number)
    let taken = trees.withLock { trees in
      defer { trees.removeAll() }
      return trees.suffix(limit)
    }
    return taken.map { ($0.tree, $0.resolver == thread) }
  }

  /// Stops recording.
  public func stop() { observation.withLock { $0?.cancel() } }
}

extension Container {
  /// Whether `DISCOPE_TRACE=1` asks every root container to print its resolutions.
  static let isTracingFromEnvironment: Bool = {
    guard let value = getenv("DISCOPE_TRACE") else { return false }
    return String(cString: value) == "1"
  }()

  /// Attaches a tracer printing to standard error when the environment asks for it.
  func traceFromEnvironmentIfAsked() -> TraceRecorder? {
    guard Self.isTracingFromEnvironment else { return nil }
    let name = self.name
    let write: @Sendable ([String]) -> Void = { lines in
      var text = lines.map { "[discope \(name)] \($0)" }.joined(separator: "\n") + "\n"
      text.withUTF8 { bytes in _ = Glibc.write(2, bytes.baseAddress, bytes.count) }
    }
    // Each tree says where it started and who resolved it: `request#12, thread 3:` before its
    // root line.
    return TraceRecorder(
      self, glyphs: .unicode, keepingAtMost: 0,
      onResolution: { tree, resolver in
        var lines = tree.rendered()
        lines[0] = "\(tree.step.container)#\(tree.step.containerNumber), \(resolver): " + lines[0]
        write(lines)
      }, onFailure: write)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
