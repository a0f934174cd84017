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
final class ThreadGraphs {
  /// One container's graph on this thread.
  final class Frame {
    let containerID: UInt64
    var depth = 0
    var graph: GraphIdentifier?
    /// What was stored in the graph, told when it completes.
    var inFlight: [ServiceEntryProtocol] = []
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

  private var frames: [Frame] = []
  var pending: [PendingBuild] = []
  /// A resolve that failed during `validate()`'s dry run, for the factory that asked to throw.
  var dryRunFailure: (any Error)?

  /// The calling thread's.
  static var current: ThreadGraphs {
    if let pointer = pthread_getspecific(threadGraphsKey) {
      return Unmanaged<ThreadGraphs>.fromOpaque(pointer).takeUnretainedValue()
    }
    let graphs = ThreadGraphs()
    pthread_setspecific(threadGraphsKey, Unmanaged.passRetained(graphs).toOpaque())
    return graphs
  }

  /// The frame of the container numbered `containerID`, made if missing.
  func frame(_ containerID: UInt64) -> Frame {
    for frame in frames where frame.containerID == containerID { return frame }
    // Frames of containers no longer resolving are dropped once there are a few, so a thread
    // that met many containers keeps none of them.
    if frames.count >= 8 { frames.removeAll { $0.depth == 0 && $0.graph == nil } }
    let frame = Frame(containerID: containerID)
    frames.append(frame)
    return frame
  }

  /// The frame of the container numbered `containerID`, if it has one.
  func existingFrame(_ containerID: UInt64) -> Frame? {
    frames.first { $0.containerID == containerID }
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
