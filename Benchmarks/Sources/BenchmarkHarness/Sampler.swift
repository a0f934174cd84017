/// Times the contenders of a workload against each other, interleaved, and keeps every sample.
///
/// First each contender is calibrated: its iteration count grows until one sample takes about
/// the plan's sample time (which also warms its caches). Then, round after round, every
/// contender is timed once, each sample right after an untimed sixteenth of one (so that it
/// times the system's steady state, not the refill of caches the previous contender evicted);
/// the order rotates each round, so no system always runs first or right after the same
/// neighbour, and a burst of load from other processes on the machine lands on all of them
/// alike. The report prints each contender's median sample, and compares
/// contenders by the median of their per-round ratios (`ContenderResult.ratio(to:)`).
///
/// ```swift
/// let result = try Sampler(plan: .full).measure(workload, sink: sink)
/// print(result.rows[0].median)   // ns per operation
/// ```
public struct Sampler {
  public let plan: SamplingPlan

  public init(plan: SamplingPlan) { self.plan = plan }

  /// Measures every contender of `workload`.
  public func measure(_ workload: Workload, sink: Sink) throws -> WorkloadResult {
    let contenders = workload.contenders
    let iterations = try contenders.map { try calibrate($0, sink: sink) }
    var samples = Array(repeating: [Double](), count: contenders.count)
    for round in 0..<plan.rounds {
      for offset in contenders.indices {
        let index = (offset + round) % contenders.count
        samples[index].append(try sample(contenders[index], iterations: iterations[index], sink: sink))
      }
    }
    let rows = contenders.indices.map { index in
      ContenderResult(
        label: contenders[index].label, role: contenders[index].role,
        group: contenders[index].group,
        iterations: iterations[index], samples: samples[index])
    }
    return WorkloadResult(workload: workload, rows: rows)
  }

  /// One sample of `contender`, in ns per operation, right after an untimed sixteenth of one.
  public func sample(_ contender: Contender, iterations: Int, sink: Sink) throws -> Double {
    // Untimed first, a sixteenth of the sample: the contender before it in the interleave left
    // the caches full of its own data (Swinject's and swift-dependencies' working sets are many
    // times DIScope's), and a sample should time this system's steady state, not the refill.
    _ = try contender.measure(max(1, iterations / 16), sink)
    let elapsed = try contender.measure(iterations, sink)
    return elapsed / Double(iterations * contender.operationsPerIteration)
  }

  /// The iteration count at which one sample of `contender` takes about the plan's sample time.
  public func calibrate(_ contender: Contender, sink: Sink) throws -> Int {
    if let fixed = plan.fixedIterations { return fixed }
    // Once untimed first, so that one-time costs (a first build, the dynamic linker binding a
    // symbol on first call) do not pass for the cost of an iteration and leave the samples too
    // short to mean anything.
    _ = try contender.measure(1, sink)
    let enough = contender.calibratesOnWholeSamples ? plan.sampleNanoseconds : plan.sampleNanoseconds / 8
    var iterations = 1
    while true {
      let elapsed = try contender.measure(iterations, sink)
      if elapsed >= enough || iterations >= 1 << 40 {
        let scaled = Double(iterations) * plan.sampleNanoseconds / max(elapsed, 1)
        return max(1, Int(scaled.rounded()))
      }
      iterations *= 4
    }
  }
}
