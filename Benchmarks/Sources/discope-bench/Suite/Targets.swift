import BenchmarkHarness

/// The targets the project set for DIScope (issue 6), checked against one run's median per-round ratios.
/// A target whose workload was not run (`--only`) is left out.
enum Targets {
  /// A target on the ratio of two rows of one workload: `numerator / denominator` within `bound`.
  struct RatioTarget {
    let workload: String
    let name: String
    let numerator: String
    let denominator: String
    let bound: TargetCheck.Bound
    /// The rows' group (`4 threads`); most workloads have one, named "".
    var group = ""
  }

  /// The ratio targets, in the order the report lists them.
  static let ratioTargets: [RatioTarget] = {
    let discope = SystemLabel.discope
    return [
      RatioTarget(
        workload: "W1", name: "W1 DIScope within 2x of the typed-box baseline",
        numerator: discope, denominator: SystemLabel.baseline, bound: .atMost(2)),
      RatioTarget(
        workload: "W2", name: "W2 DIScope within 3x of hand-written construction",
        numerator: discope, denominator: SystemLabel.handWritten, bound: .atMost(3)),
      RatioTarget(
        workload: "W3", name: "W3 DIScope under 2x the dictionary baseline",
        numerator: discope, denominator: SystemLabel.dictionarySwap, bound: .below(2)),
      RatioTarget(
        workload: "W3", name: "W3 DIScope at least 3x faster than swift-dependencies",
        numerator: SystemLabel.dependencies, denominator: discope, bound: .atLeast(3)),
      RatioTarget(
        workload: "W3r", name: "W3r DIScope's register path within 2x the dictionary baseline",
        numerator: discope, denominator: SystemLabel.dictionarySwap, bound: .atMost(2)),
      RatioTarget(
        workload: "W8", name: "W8 DIScope's request scope within 3x of hand-written",
        numerator: discope, denominator: SystemLabel.handWritten, bound: .atMost(3)),
      RatioTarget(
        workload: "W8", name: "W8 DIScope at least 10x faster than Swinject's child container",
        numerator: SystemLabel.swinjectChild, denominator: discope, bound: .atLeast(10)),
      RatioTarget(
        workload: "W4", name: "W4 DIScope within 2.5x of the typed-box baseline",
        numerator: discope, denominator: SystemLabel.baseline, bound: .atMost(2.5)),
      RatioTarget(
        workload: "W1", name: "W1 DIScopeSwinject at least 10x faster than Swinject (same Swinject-API code)",
        numerator: SystemLabel.swinjectAPIOnSwinject, denominator: SystemLabel.swinjectAPIOnDIScope,
        bound: .atLeast(10)),
      RatioTarget(
        workload: "W1", name: "W1 DIScopeSwinject within 2x of DIScope's own API",
        numerator: SystemLabel.swinjectAPIOnDIScope, denominator: discope, bound: .atMost(2)),
      RatioTarget(
        workload: "W2", name: "W2 DIScopeSwinject at least 10x faster than Swinject (same Swinject-API code)",
        numerator: SystemLabel.swinjectAPIOnSwinject, denominator: SystemLabel.swinjectAPIOnDIScope,
        bound: .atLeast(10)),
      RatioTarget(
        workload: "W2", name: "W2 DIScopeSwinject within 2x of DIScope's own API",
        numerator: SystemLabel.swinjectAPIOnDIScope, denominator: discope, bound: .atMost(2)),
      RatioTarget(
        workload: "W4", name: "W4 DIScopeSwinject at least 10x faster than Swinject (same Swinject-API code)",
        numerator: SystemLabel.swinjectAPIOnSwinject, denominator: SystemLabel.swinjectAPIOnDIScope,
        bound: .atLeast(10)),
      RatioTarget(
        workload: "W4", name: "W4 DIScopeSwinject within 2x of DIScope's own API",
        numerator: SystemLabel.swinjectAPIOnDIScope, denominator: discope, bound: .atMost(2)),
      RatioTarget(
        workload: "W9",
        name: "W9 DIScopeSwinject at least 10x faster than Swinject on a .graph chain of four (same Swinject-API code)",
        numerator: SystemLabel.swinjectAPIOnSwinject, denominator: SystemLabel.swinjectAPIOnDIScope,
        bound: .atLeast(10)),
      RatioTarget(
        workload: "W10",
        name: "W10 DIScopeSwinject at least 5x faster than Swinject through synchronize() on 4 threads (same Swinject-API code)",
        numerator: SystemLabel.swinjectAPIOnSwinject, denominator: SystemLabel.swinjectAPIOnDIScope,
        bound: .atLeast(5), group: SynchronizedChainResolve.group(SynchronizedChainResolve.threads)),
      RatioTarget(
        workload: "W11", name: "W11 discope run of 12,000 commands within 3.5x of 4,000 (linear: 3x)",
        numerator: ScriptRun.longLabel, denominator: ScriptRun.shortLabel, bound: .atMost(3.5)),
    ]
  }()

  static func check(_ results: [String: WorkloadResult], memory: MemoryResults) -> [TargetCheck] {
    var checks: [TargetCheck] = []
    let discope = SystemLabel.discope
    for target in ratioTargets {
      guard let result = results[target.workload] else { continue }
      checks.append(
        TargetCheck(
          target.name,
          measured: result.ratio(target.numerator, to: target.denominator, group: target.group),
          target.bound))
    }
    if let w5 = results["W5"] {
      // Two threads that share nothing must nearly double throughput; if they do not, the
      // machine gave this run one free core, and the target cannot be judged.
      let control = SystemLabel.referencePerThread
      let controlScaling = w5.scaling(of: control)
      // A default singleton cannot scale (its reference count is the one shared write; see
      // Docs/Design.md): it must cost no more than retaining one shared object does.
      checks.append(
        TargetCheck(
          "W5 DIScope on 2 threads within 1.3x of retain+release one shared object",
          measured: w5.ratio(discope, to: SystemLabel.sharedReference, group: ThreadedResolve.group(2)),
          .atMost(1.3)))
      for (label, subject) in [("W5 DIScope, registerImmortal", SystemLabel.discopeImmortal)] {
        var check = TargetCheck(
          "\(label): 2 threads give more total throughput than 1 (throughput 2 / 1)",
          measured: w5.scaling(of: subject), .above(1))
        if let controlScaling, controlScaling < 1.5 {
          check = check.inconclusive(
            "the control row \"\(control)\" scaled only "
              + "\(Format.fixed(controlScaling, digits: 2))x on 2 threads: other processes held a "
              + "core. Rerun on an idle machine.")
        }
        checks.append(check)
      }
    }
    if let w6 = results["W6"] {
      let never = SystemLabel.discopeNeverObserved
      checks.append(
        TargetCheck(
          "W6 observer-free path (observer cancelled) within 3% of never observed",
          measured: w6.ratio(SystemLabel.discopeObserverCancelled, to: never), .atMost(1.03)))
      // Against hand-written construction, not the unobserved path: the bar "3x never observed"
      // was set when that path was 2.75x hand-written code (about 8x in all). It has since become
      // 1.7x, and a target that a faster unobserved path breaks measures the wrong thing: what
      // tracing costs is what it adds to the work an app does anyway.
      checks.append(
        TargetCheck(
          "W6 an attached trace observer within 8x of hand-written construction",
          measured: w6.ratio(SystemLabel.discopeTraced, to: SystemLabel.handWritten), .atMost(8)))
      // Issue 46: the flight recorder, every event written to its ring file as it happens.
      checks.append(
        TargetCheck(
          "W6 W2 recorded (flight recorder) within 1.5x of W2 never observed",
          measured: w6.ratio(SystemLabel.discopeRecorded, to: never), .atMost(1.5)))
    }
    if let w7 = results["W7"] {
      let never = SystemLabel.discopeNeverObserved
      checks.append(
        TargetCheck(
          "W7 debug server started, no client, within 1.05x of W2",
          measured: w7.ratio(SystemLabel.discopeServerNoClient, to: never), .atMost(1.05)))
      // Issue 44: a server tracks holders from its start (the default), so that `why` and `show
      // stale` know; what that costs, against the idle server that does not.
      checks.append(
        TargetCheck(
          "W7 debug server tracking holders, no client, within 1.2x of the idle server",
          measured: w7.ratio(SystemLabel.discopeServerTracking, to: SystemLabel.discopeServerNoClient), .atMost(1.2)))
      checks.append(
        TargetCheck(
          "W7 one idle client attached costs at most 3x W2",
          measured: w7.ratio(SystemLabel.discopeServerIdleClient, to: never), .atMost(3)))
    }
    if let registrations = memory.registrations.first(where: { $0.label == discope }) {
      checks.append(
        TargetCheck(
          "memory: DIScope under 400 bytes per registration",
          measured: registrations.bytesPerUnit, .below(400), unit: " B"))
    }
    if let graph = memory.graph.first(where: { $0.label.hasPrefix(discope) }) {
      checks.append(
        TargetCheck(
          "memory: DIScope zero growth across graph-scope resolves",
          measured: graph.bytes.map(Double.init), .atMost(0), unit: " B"))
    }
    let traced = memory.tracedRequests
    if let untraced = traced.first(where: { $0.label == TracedRequestMemory.untracedLabel })?.bytes,
      let tracing = traced.first(where: { $0.label == TracedRequestMemory.tracedLabel })?.bytes,
      untraced > 0
    {
      checks.append(
        TargetCheck(
          "memory: 20,000 traced requests within 1.2x the heap of untraced ones",
          measured: Double(tracing) / Double(untraced), .atMost(1.2)))
    }
    return checks
  }
}

/// The memory rows of a run; empty when `--only` left memory out.
struct MemoryResults {
  var registrations: [MemoryRow] = []
  var graph: [MemoryRow] = []
  /// The heap in use (not its growth: `bytes` is the whole heap) after traced and untraced requests.
  var tracedRequests: [MemoryRow] = []
}

extension WorkloadResult {
  /// W5: how much more total throughput `system` has on two threads than on one.
  fileprivate func scaling(of system: String) -> Double? {
    guard let one = row(system, group: ThreadedResolve.group(1)),
      let two = row(system, group: ThreadedResolve.group(2))
    else { return nil }
    return one.ratio(to: two)
  }
}
