/// How long and how often each contender is timed.
///
/// A full run samples each contender for about 25 ms per round, 15 rounds; `--quick` samples for
/// 2 ms, 3 rounds: enough to see that every workload runs, not to trust the numbers.
public struct SamplingPlan: Sendable {
  /// Rounds per workload: each round times every contender once, in a rotating order.
  public var rounds: Int
  /// The wall time one sample aims at; iteration counts are calibrated to it.
  public var sampleNanoseconds: Double
  /// When set, every sample runs exactly this many iterations and nothing is calibrated: for a
  /// profiler, which counts per call and slows the program too much for time-based calibration.
  public var fixedIterations: Int?

  public init(rounds: Int, sampleMilliseconds: Double) {
    self.rounds = rounds
    self.sampleNanoseconds = sampleMilliseconds * 1e6
  }

  public static let full = SamplingPlan(rounds: 15, sampleMilliseconds: 25)
  public static let quick = SamplingPlan(rounds: 3, sampleMilliseconds: 2)
}
