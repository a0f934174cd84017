import DIScope

/// Swinject's object graph on DIScope's build: each resolve one level deeper in this thread's
/// graph of the container (and its parents'), what `.graph` scope shares while the graph is open,
/// and the typed build of a `.transient` registration, which only counts its level.
extension Container {
  /// One level deeper in this container's graph (and its parents'). The graph itself is made
  /// when first needed (`ThreadGraphs.Frame.currentGraph`).
  @discardableResult
  func enterGraph(_ thread: ThreadGraphs) -> ThreadGraphs.Frame {
    if let parent { parent.enterGraph(thread) }
    let frame = thread.frame(frameID)
    frame.depth += 1
    return frame
  }

  /// `enterGraph`, the frame unretained (see `ThreadGraphs.unretainedFrame`).
  func enterGraphUnretained(_ thread: ThreadGraphs) -> Unmanaged<ThreadGraphs.Frame> {
    if let parent { parent.enterGraph(thread) }
    let frame = thread.unretainedFrame(frameID)
    frame._withUnsafeGuaranteedRef { $0.depth += 1 }
    return frame
  }

  /// One level back up from `frame` (this container's); at the top, the graph is complete and
  /// its storages are told so.
  func leaveGraph(_ thread: ThreadGraphs, _ frame: ThreadGraphs.Frame) {
    if let parent { parent.leaveGraph(thread, thread.frame(parent.frameID)) }
    frame.depth -= 1
    guard frame.depth == 0 else { return }
    frame.graph = nil
    if !frame.storedInDryRun.isEmpty {
      // Kept until now, so that the dry run's cycles through `initCompleted` found it.
      let stored = frame.storedInDryRun
      frame.storedInDryRun.removeAll()
      for entry in stored { entry.resetInstance() }
    }
    guard !frame.inFlight.isEmpty else { return }
    let completed = frame.inFlight
    frame.inFlight.removeAll(keepingCapacity: true)
    for entry in completed { entry.graphResolutionCompleted() }
  }

  /// The graph this thread is resolving in this container, `nil` outside a resolve.
  internal var currentObjectGraph: GraphIdentifier? {
    ThreadGraphs.current.existingFrame(frameID)?.currentGraph
  }

  /// Makes `identifier` the graph this thread resolves in, in this container.
  internal func restoreObjectGraph(_ identifier: GraphIdentifier) {
    ThreadGraphs.current.frame(frameID).graph = identifier
  }

  /// Runs `closure` with the container resolving in the graph `identifier`: what it resolves in
  /// `.graph` scope is shared with every other resolve made in that graph.
  public func withObjectGraph<T>(
    _ identifier: GraphIdentifier, closure: (Container) throws -> T
  ) rethrows -> T {
    let thread = ThreadGraphs.current
    let frame = thread.frame(frameID)
    let previous = frame.graph
    frame.graph = identifier
    enterGraph(thread)
    defer {
      frame.graph = previous
      leaveGraph(thread, frame)
    }
    return try closure(self)
  }
}

/// A build of a `.transient` registration started by `startTransientBuild`: the container it is
/// built in (the resolver its factory is given), this thread's graphs and the container's frame
/// in them. Unretained: the registration's owner is alive while DIScope builds it, the thread's
/// graphs while the thread runs, and a frame resolving (depth above zero) stays in them.
@usableFromInline
struct TransientBuild {
  @usableFromInline let container: Unmanaged<Container>
  let thread: Unmanaged<ThreadGraphs>
  let frame: Unmanaged<ThreadGraphs.Frame>
}

extension Container {
  /// Starts the typed build of a registration DIScope asked for (see `ServiceEntry.build`) when
  /// it is the simplest: `.transient` without `initCompleted` handlers (nothing to look for or
  /// keep in a storage, nothing to complete), and asked for by DIScope's own path rather than by
  /// a resolve through Swinject's, which pends its own resolver and arguments. One level deeper
  /// in the graph of the registration's container, which the factory is given. `nil` when the
  /// general path (`build`) builds it.
  @usableFromInline
  static func startTransientBuild(
    of entry: ObjectIdentifier, flags: BuildFlags, owner: ContainerReference
  ) -> TransientBuild? {
    guard flags == .isTransient, let container = owner.unretainedContainer else { return nil }
    let thread = ThreadGraphs.currentUnretained
    return thread._withUnsafeGuaranteedRef { graphs in
      guard !graphs.hasPending(for: entry) else { return nil }
      let frame = container._withUnsafeGuaranteedRef { $0.enterGraphUnretained(graphs) }
      return TransientBuild(container: container, thread: thread, frame: frame)
    }
  }

  /// Ends a build `startTransientBuild` started, once the factory returned: one level back up in
  /// the graph.
  @usableFromInline
  static func finishTransientBuild(_ build: TransientBuild) {
    build.thread._withUnsafeGuaranteedRef { thread in
      build.container._withUnsafeGuaranteedRef { container in
        build.frame._withUnsafeGuaranteedRef { container.leaveGraph(thread, $0) }
      }
    }
  }
}

