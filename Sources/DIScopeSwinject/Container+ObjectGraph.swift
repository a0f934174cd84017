import DIScope

/// Swinject's object graph on DIScope's build: each resolve one level deeper in this thread's
/// graph of the container (and its parents'), what `.graph` scope shares while the graph is open,
/// and the typed build of a `.transient` or `.graph` registration, which only counts its level.
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
    ThreadGraphs.current.existingFrame(frameID).flatMap(currentGraph(of:))
  }

  /// The graph of `frame` (this container's) for the resolve under way, made if it has none yet;
  /// `nil` outside a resolve (unless one was set for the next).
  ///
  /// Made only when something may ask for the graph again: until then, a `.graph` registration's
  /// instance is shared by DIScope's graph scope alone (see `startTypedBuild`). What DIScope's
  /// graph holds of this container's `.graph` registrations (and its parents') is then kept in
  /// their storages for the new graph, as if the general path had built it there.
  func currentGraph(of frame: ThreadGraphs.Frame) -> GraphIdentifier? {
    if let graph = frame.graph { return graph }
    guard frame.depth > 0 else { return nil }
    let made = GraphIdentifier()
    frame.graph = made
    let built = DIScope.Container.graphInstancesOfCurrentResolve()
    guard !built.isEmpty else { return made }
    let entries = entriesByToken()
    for (token, instance) in built {
      guard let entry = entries[token], entry.objectScope === ObjectScope.graph else { continue }
      _ = entry.setInstance(instance, inGraph: made, builtFor: nil)
      frame.inFlight.append(entry)
    }
    return made
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

/// A typed build started by `startTypedBuild`: the container it is built in (the resolver its
/// factory is given), this thread's graphs and the container's frame in them, and whether the
/// registration is in `.graph` scope. Unretained: the registration's owner is alive while DIScope
/// builds it, the thread's graphs while the thread runs, and a frame resolving (depth above zero)
/// stays in them.
@usableFromInline
struct TypedBuild {
  @usableFromInline let container: Unmanaged<Container>
  let thread: Unmanaged<ThreadGraphs>
  let frame: Unmanaged<ThreadGraphs.Frame>
  @usableFromInline let isGraph: Bool
}

extension Container {
  /// Starts the typed build of a registration DIScope asked for (see `ServiceEntry.build`) when
  /// nothing of Swinject's storage is needed: `.transient` (nothing kept) or `.graph` (DIScope's
  /// graph scope shares the instance within the resolve, and no graph of the facade's was made
  /// that could ask for it later), without `initCompleted` handlers, and asked for by DIScope's
  /// own path rather than by a resolve through Swinject's, which pends its own resolver and
  /// arguments. One level deeper in the graph of the registration's container, which the factory
  /// is given. `nil` when the general path (`build`) builds it.
  @usableFromInline
  static func startTypedBuild(
    of entry: ObjectIdentifier, flags: BuildFlags, owner: ContainerReference
  ) -> TypedBuild? {
    guard flags == .isTransient || flags == .isGraph, let container = owner.unretainedContainer
    else { return nil }
    let thread = ThreadGraphs.currentUnretained
    return thread._withUnsafeGuaranteedRef { graphs in
      guard !graphs.hasPending(for: entry) else { return nil }
      let isGraph = flags == .isGraph
      let frame = container._withUnsafeGuaranteedRef { container -> Unmanaged<ThreadGraphs.Frame>? in
        // A graph of the facade's is open (`withObjectGraph`, `restoreObjectGraph`, a wrapper's,
        // or one made earlier in this resolve): the general path finds and keeps the instance in
        // it. Asked before entering: leaving again would end a graph set for this resolve.
        if isGraph && graphs.hasGraph(container.frameID) { return nil }
        // The parents first: entering one may make its frame and drop frames not resolving, so
        // this container's frame is found (unretained) only once nothing can drop it.
        if let parent = container.parent { parent.enterGraph(graphs) }
        let frame = graphs.unretainedFrame(container.frameID)
        frame._withUnsafeGuaranteedRef { $0.depth += 1 }
        return frame
      }
      guard let frame else { return nil }
      return TypedBuild(container: container, thread: thread, frame: frame, isGraph: isGraph)
    }
  }

  /// Whether a graph of the facade's was made during the typed build `build` (of a `.graph`
  /// registration), which may ask for the instance after the resolve.
  @usableFromInline
  static func graphWasMade(during build: TypedBuild) -> Bool {
    build.frame._withUnsafeGuaranteedRef { $0.graph != nil }
  }

  /// Keeps `instance`, which the typed build `build` of `entry` made, in the graph made during
  /// it, and tells its storage when the graph completes, as the general path does; returns what
  /// a cycle stored there meanwhile instead, if it did (see `instance(of:thread:askedBy:invoke:)`).
  static func keep(_ instance: Any, of entry: ServiceEntryProtocol, builtIn build: TypedBuild) -> Any {
    build.frame._withUnsafeGuaranteedRef { frame in
      guard let graph = frame.graph else { return instance }
      if let stored = entry.instance(inGraph: graph, askedBy: nil) { return stored }
      _ = entry.setInstance(instance, inGraph: graph, builtFor: nil)
      frame.inFlight.append(entry)
      return instance
    }
  }

  /// Ends a build `startTypedBuild` started, once the factory returned: one level back up in the
  /// graph.
  @usableFromInline
  static func finishTypedBuild(_ build: TypedBuild) {
    build.thread._withUnsafeGuaranteedRef { thread in
      build.container._withUnsafeGuaranteedRef { container in
        build.frame._withUnsafeGuaranteedRef { container.leaveGraph(thread, $0) }
      }
    }
  }
}
