/// Wall-clock time of a piece of work, in nanoseconds, on the monotonic clock.
///
/// ```swift
/// let nanoseconds = try Stopwatch.time { try loop(iterations, sink) }
/// ```
public enum Stopwatch {
  /// Runs `work` once and returns how long it took.
  @inline(__always)
  public static func time(_ work: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try work()
    return nanoseconds(start.duration(to: clock.now))
  }

  /// A duration as a number of nanoseconds.
  public static func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}
