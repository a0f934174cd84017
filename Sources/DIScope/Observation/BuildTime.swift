#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How long a factory took: its whole build, and its own part of it, without the builds of the
/// dependencies it resolved. Reported on a `created` step, when an observer asked for times
/// (``Container/observe(timingBuilds:_:)``); a step answered from a cache took no build.
///
/// ```swift
/// let observation = container.observe(timingBuilds: true) { event in
///   if case .resolved(let step) = event, let time = step.buildTime {
///     print(step.key, time.ownNanoseconds, "ns of its own")
///   }
/// }
/// ```
public struct BuildTime: Sendable, Hashable {
  /// When the build started, on ``MonotonicClock``.
  public let startNanoseconds: UInt64
  /// The whole build, the dependencies' builds included.
  public let nanoseconds: UInt64
  /// The factory's own part: the whole build less the builds of the dependencies it resolved
  /// (a dependency answered from a cache counts as the factory's own time: no build ran).
  public let ownNanoseconds: UInt64

  /// A build's time, as the engine measured it.
  public init(startNanoseconds: UInt64, nanoseconds: UInt64, ownNanoseconds: UInt64) {
    self.startNanoseconds = startNanoseconds
    self.nanoseconds = nanoseconds
    self.ownNanoseconds = ownNanoseconds
  }
}

/// The clock build times are read on: the system's monotonic clock (`CLOCK_MONOTONIC`), in
/// nanoseconds, the same in every thread and task of the process. A recorder that stamps its
/// events on it can place each build among them.
public enum MonotonicClock {
  /// Now, in nanoseconds since an arbitrary start (the machine's boot, on Linux).
  @inline(__always)
  public static func nanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
  }
}
