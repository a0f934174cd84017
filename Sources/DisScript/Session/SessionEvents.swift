import DIScope
import DIScopeLocked

/// Where a session takes in what its container family did: the one owner of the session's
/// observation of the root, and of the trees made of its resolutions. Nothing else in the session
/// observes the container or reads a recorder; everything it learns from events comes out of
/// ``take()``, as one ``Batch``, in the order it happened.
///
/// Steps are described where they happen (on the resolving thread, by the recorder), never where
/// they are taken in: describing a step reads its registration, and a session's command may be
/// waiting on that container's lock meanwhile (an attached session's undo), so describing at
/// take time can wait forever.
///
/// ```swift
/// let events = SessionEvents(root: container, glyphs: .unicode)
/// _ = try container.resolve(Logging.self)
/// let batch = events.take()   // batch.arrivals: the .resolved step; batch.trees: its tree
/// ```
final class SessionEvents: Sendable {
  /// One event, with the thread it happened on (`Session.currentThread`).
  struct Arrival {
    let event: ContainerEvent
    let thread: UInt
  }

  /// A root resolution, as a tree of described steps.
  struct Tree {
    let tree: ResolutionTree
    /// Whether the thread that took it made it (a command's own, not the app's other work).
    let isOwn: Bool
  }

  /// What happened since the last ``take()``.
  struct Batch {
    /// The container's events, oldest first.
    let arrivals: [Arrival]
    /// The root resolutions that finished, oldest first.
    let trees: [Tree]
  }

  /// The events since the last take, buffered by the observer.
  private let arrivals: Locked<[Arrival]>
  /// Cancelled when let go (`Observation` cancels itself on deinit).
  private let observation: Observation
  /// Describes each step as it happens and assembles root resolutions into trees.
  private let recorder: TraceRecorder

  /// Starts taking in the events of `root` and its children; stops when released.
  init(root: Container, glyphs: ResolutionTree.Glyphs) {
    let arrivals = Locked<[Arrival]>([])
    self.arrivals = arrivals
    observation = root.observe { event in
      let thread = Session.currentThread
      arrivals.withLock { $0.append(Arrival(event: event, thread: thread)) }
    }
    recorder = TraceRecorder(root, glyphs: glyphs)
  }

  /// Everything that arrived since the last take, and forgets it. Called by the session's one
  /// intake (`Session.drainEvents()`) only, on the session's thread: a tree ``Tree/isOwn`` is
  /// that thread's.
  func take() -> Batch {
    let taken = arrivals.withLock { arrivals in
      defer { arrivals.removeAll(keepingCapacity: true) }
      return arrivals
    }
    let trees = recorder.take().map { Tree(tree: $0.tree, isOwn: $0.isOnThisThread) }
    return Batch(arrivals: taken, trees: trees)
  }
}
