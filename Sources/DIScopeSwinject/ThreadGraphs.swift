#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What one thread is resolving through the Swinject API: per container, the object graph it is
/// in and how deep; and the builds a resolve asked DIScope for, so that the registration's
/// factory, which DIScope calls, knows with which arguments and for which container to build.
///
/// Swinject keeps this in the container itself, and is safe across threads only through
/// `synchronize()`'s lock, held for a whole resolve. Kept per thread instead, every container is
/// safe to resolve from any thread, and two threads resolving at once each have their own graph.
///
/// Every mutable field is `@exclusivity(unchecked)`: only its own thread reads or writes it, and
/// never `inout` across a call that reaches the same field; the dynamic check would be two runtime
/// calls per access on every build.
@usableFromInline
final class ThreadGraphs {
  /// One container's graph on this thread.
  @usableFromInline
  final class Frame {
    let containerID: UInt64
    @exclusivity(unchecked) var depth = 0  // unchecked: its thread's own (see above)
    /// The graph of the resolve under way; made when first needed (`Container.currentGraph(of:)`:
    /// a storage kept per graph, a wrapper or a `GraphIdentifier` that may ask for the graph
    /// again), so that a resolve that needs none (transients and `.graph` registrations, which
    /// DIScope's graph scope shares) writes no shared counter. Set outside a resolve only by
    /// `withObjectGraph` and `restoreObjectGraph`, for the next one.
    @exclusivity(unchecked) var graph: GraphIdentifier?  // unchecked: its thread's own
    /// What was stored in the graph, told when it completes.
    // unchecked: its thread's own
    @exclusivity(unchecked) var inFlight: [ServiceEntryProtocol] = []
    /// What `validate()`'s dry run stored in a storage that outlives the graph (a custom scope's):
    /// emptied when the graph completes, since a dry run keeps nothing.
    // unchecked: its thread's own
    @exclusivity(unchecked) var storedInDryRun: [ServiceEntryProtocol] = []
    init(containerID: UInt64) { self.containerID = containerID }
  }

  /// A build a resolve asked DIScope for: the registration DIScope will call back, the container
  /// the resolve was made on (which the factory is given), and how to call the factory.
  struct PendingBuild {
    let entry: ObjectIdentifier
    let resolver: Container
    let invoke: () -> Any
    var isTaken = false
  }

  @exclusivity(unchecked) private var frames: [Frame] = []  // unchecked: its thread's own
  @exclusivity(unchecked) var pending: [PendingBuild] = []  // unchecked: its thread's own

  /// The calling thread's.
  static var current: ThreadGraphs { currentUnretained.takeUnretainedValue() }

  /// The calling thread's, unretained: its thread's key holds it while the thread runs.
  static var currentUnretained: Unmanaged<ThreadGraphs> {
    if let pointer = pthread_getspecific(threadGraphsKey) {
      return Unmanaged<ThreadGraphs>.fromOpaque(pointer)
    }
    let graphs = ThreadGraphs()
    let retained = Unmanaged.passRetained(graphs)
    pthread_setspecific(threadGraphsKey, retained.toOpaque())
    return retained
  }

  /// The frame of the container numbered `containerID`, made if missing.
  func frame(_ containerID: UInt64) -> Frame {
    for frame in frames where frame.containerID == containerID { return frame }
    // Frames of containers no longer resolving are dropped once there are a few, so a thread
    // that met many containers keeps none of them.
    if frames.count >= 8 { dropIdleFrames() }
    let frame = Frame(containerID: containerID)
    frames.append(frame)
    return frame
  }

  /// Drops the frames of containers not resolving on this thread (depth 0, no graph set) that
  /// nothing else holds: a caller may hold a frame it found before entering a graph (a wrapper's
  /// resolve, `withObjectGraph`), and a frame dropped under it would be made again, its depth
  /// counted in one and given back in the other, leaving a graph open on the thread for good.
  private func dropIdleFrames() {
    var index = frames.count - 1
    while index >= 0 {
      if frames[index].depth == 0 && frames[index].graph == nil
        && isKnownUniquelyReferenced(&frames[index])
      {
        frames.remove(at: index)
      }
      index -= 1
    }
  }

  /// `frame(_:)`, unretained: the thread's frames hold it (a frame resolving is never dropped).
  /// Read in place, so that the search counts no reference.
  func unretainedFrame(_ containerID: UInt64) -> Unmanaged<Frame> {
    let found = frames.withUnsafeBufferPointer { buffer -> Unmanaged<Frame>? in
      for index in buffer.indices where buffer[index].containerID == containerID {
        return Unmanaged.passUnretained(buffer[index])
      }
      return nil
    }
    return found ?? Unmanaged.passUnretained(frame(containerID))
  }

  /// Whether the container numbered `containerID` has a graph on this thread (see
  /// `Frame.graph`). Read in place: no frame is made, dropped or counted.
  func hasGraph(_ containerID: UInt64) -> Bool {
    frames.withUnsafeBufferPointer { buffer in
      for index in buffer.indices where buffer[index].containerID == containerID {
        return buffer[index].graph != nil
      }
      return false
    }
  }

  /// The frame of the container numbered `containerID`, if it has one.
  func existingFrame(_ containerID: UInt64) -> Frame? {
    frames.first { $0.containerID == containerID }
  }

  /// Whether the innermost resolve asked for a build of `entry` that DIScope has not called yet.
  func hasPending(for entry: ObjectIdentifier) -> Bool {
    // Read in place: a copy of the build would count references to its resolver and closure.
    guard let last = pending.indices.last else { return false }
    return !pending[last].isTaken && pending[last].entry == entry
  }

  /// The build asked for `entry` by the innermost resolve, if DIScope has not called it yet.
  func takePending(for entry: ServiceEntryProtocol) -> PendingBuild? {
    guard let last = pending.indices.last, !pending[last].isTaken,
      pending[last].entry == ObjectIdentifier(entry)
    else { return nil }
    pending[last].isTaken = true
    return pending[last]
  }
}

/// The thread-local slot of `ThreadGraphs.current`; the value is released when its thread ends.
private let threadGraphsKey: pthread_key_t = {
  var key = pthread_key_t()
  #if canImport(Darwin)
    pthread_key_create(&key) { pointer in
      Unmanaged<ThreadGraphs>.fromOpaque(pointer).release()
    }
  #else
    pthread_key_create(&key) { pointer in
      guard let pointer else { return }
      Unmanaged<ThreadGraphs>.fromOpaque(pointer).release()
    }
  #endif
  return key
}()
