import ArgumentParser
import BenchmarkHarness
import Foundation

/// `discope-bench`: DIScope, Swinject, swift-dependencies and hand-written baselines on the same
/// workloads, in one process, interleaved; prints a table per workload and the targets.
///
/// ```
/// Scripts/bench                  # the full run, a few minutes
/// Scripts/bench --quick          # every workload briefly: a smoke check
/// Scripts/bench --only W2 --system DIScope --rounds 1 --iterations 100000   # to profile
/// Scripts/bench --against main --only W1,W3r    # this tree against main, interleaved
/// ```
@main
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "discope-bench",
    abstract: "Measure DIScope against Swinject, swift-dependencies and hand-written baselines.",
    discussion: """
      Workloads: W1 cached singleton resolve; W2 a chain of three prototypes over a singleton; \
      W3 a mock swap; W3r the same through the register path; W4 a random pick among 10,000 \
      registered types; W5 W1 on one and two threads; W6 W2 observed and not; W7 W2 with the debug server, no client (holders tracked or not) and one idle client; W8 a request scope \
      (a child container per request); W9 a chain of four in .graph scope through Swinject's API; \
      W10 W2's chain on one and four threads through Swinject's synchronize(); W11 discope run \
      of a generated script, 4,000 commands and 12,000; memory: 10,000 \
      registrations and graph-scope resolves.
      Build in release mode (Scripts/bench does).
      With --against-binary, this binary times nothing itself: it runs itself and the other \
      build's discope-bench, each serving one workload at a time (--serve), and takes every \
      row's samples from the two in turn, the build that goes first alternating; an older \
      harness without --serve is run once per round instead (--only W --rounds 1). It reports \
      both builds' figures and the median of per-round ratios.
      """)

  @Flag(help: "Run each workload briefly (3 rounds of ~2 ms samples): a smoke check.")
  var quick = false

  @Option(
    help: "Comma-separated workloads to run: W1,W2,W3,W3r,W4,W5,W6,W7,W8,W9,W10,W11,memory (default: all).")
  var only: String?

  @Option(
    help: "Keep only the systems whose label contains one of these comma-separated texts, e.g. DIScope,baseline.")
  var system: String?

  @Option(help: "Rounds per workload (default: 15, or 3 with --quick).")
  var rounds: Int?

  @Option(help: "Target duration of one sample in milliseconds (default: 25, or 2 with --quick).")
  var sampleMs: Double?

  @Option(help: "Run exactly this many iterations per sample, uncalibrated (for a profiler).")
  var iterations: Int?

  @Option(
    help: "Graph-scope resolves for the memory check (default: 1,000,000, or 100,000 with --quick)."
  )
  var graphResolves: Int?

  @Flag(
    help: """
      Write the numbers as tab-separated records on standard output (every sample, memory row and \
      target, at full precision; the first line is 'discope-bench-tsv<TAB>1'), and the tables on \
      standard error.
      """)
  var tsv = false

  @Option(
    help: ArgumentHelp(
      """
      Compare with another build's discope-bench, interleaved round by round (Scripts/bench \
      --against REV builds one and passes it). Its harness must take --only and --rounds; one \
      without --serve is run once per round, one without --tsv read from its printed tables.
      """, valueName: "path"))
  var againstBinary: String?

  @Option(help: "What the report calls the build of --against-binary (default: its path).")
  var againstLabel: String?

  @Flag(
    help: """
      For --against-binary: set up the one workload --only names, calibrate it, then take one \
      sample of a contender each time standard input asks ('sample N'), answering on standard \
      output; at 'end', write the --tsv records of the samples taken.
      """)
  var serve = false

  func validate() throws {
    let unknown = selection.subtracting(Suite.workloadIDs + [Suite.memoryID])
    guard unknown.isEmpty else {
      throw ValidationError(
        "unknown workload '\(unknown.sorted().joined(separator: "', '"))'. "
          + "To fix, pick from \((Suite.workloadIDs + [Suite.memoryID]).joined(separator: ", ")).")
    }
    if let rounds, rounds < 1 { throw ValidationError("'--rounds' must be at least 1.") }
    if let sampleMs, sampleMs <= 0 { throw ValidationError("'--sample-ms' must be positive.") }
    if let iterations, iterations < 1 {
      throw ValidationError("'--iterations' must be at least 1.")
    }
    if againstBinary != nil && tsv {
      throw ValidationError("'--tsv' and '--against-binary' do not go together: pick one.")
    }
    if serve {
      guard selection.count == 1, let id = selection.first, id != Suite.memoryID else {
        throw ValidationError("'--serve' takes one workload: '--only W1', say (not memory).")
      }
      guard againstBinary == nil && !tsv else {
        throw ValidationError("'--serve' goes with neither '--tsv' nor '--against-binary'.")
      }
    }
    if againstLabel != nil && againstBinary == nil {
      throw ValidationError("'--against-label' names the build of '--against-binary': give both.")
    }
  }

  /// `--only`'s ids, normalised: `w3` is `W3`, `Memory` is `memory`.
  var selection: Set<String> {
    let ids = (only ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    return Set(
      ids.filter { !$0.isEmpty }.map {
        // Any case: `w3r` and `W3R` name `W3r`.
        let id = $0
        return (Suite.workloadIDs + [Suite.memoryID]).first { $0.lowercased() == id.lowercased() } ?? id
      })
  }

  func run() throws {
    var plan = quick ? SamplingPlan.quick : SamplingPlan.full
    if let rounds { plan.rounds = rounds }
    if let sampleMs { plan.sampleNanoseconds = sampleMs * 1e6 }
    plan.fixedIterations = iterations
    if let againstBinary {
      try AgainstRun(
        other: againstBinary, otherLabel: againstLabel ?? againstBinary, plan: plan,
        workloads: (Suite.workloadIDs + [Suite.memoryID]).filter {
          selection.isEmpty || selection.contains($0)
        },
        passedOn: passedOn
      ).run()
      return
    }
    var suite = Suite(
      plan: plan, selection: selection, systemFilter: system,
      graphResolves: graphResolves ?? (quick ? 100_000 : 1_000_000))
    // Serving, standard output is the protocol's, and the tables go to standard error.
    suite.tsv = tsv || serve
    if serve, let id = selection.first {
      try suite.serve(id)
      return
    }
    try suite.run()
  }

  /// The options each build's run is given with `--against-binary`, besides `--only` and
  /// `--rounds` (both builds alike; the other build must take them).
  var passedOn: [String] {
    var arguments: [String] = []
    if quick { arguments.append("--quick") }
    if let system { arguments += ["--system", system] }
    if let sampleMs { arguments += ["--sample-ms", "\(sampleMs)"] }
    if let iterations { arguments += ["--iterations", "\(iterations)"] }
    if let graphResolves { arguments += ["--graph-resolves", "\(graphResolves)"] }
    return arguments
  }
}
