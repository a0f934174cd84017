import BenchmarkHarness
import Foundation

/// A whole run: the self-check, the selected workloads (each measured and printed as soon as it
/// is done), the memory checks, and the targets.
///
/// ```swift
/// try Suite(plan: .quick, selection: ["W1", "memory"]).run()
/// ```
struct Suite {
  /// Every workload, in the order a run measures them; each is set up only if selected.
  static let workloadIDs = ["W1", "W2", "W3", "W3r", "W4", "W5", "W6", "W7", "W8", "W9", "W10", "W11"]
  static let memoryID = "memory"

  var plan: SamplingPlan
  /// Workload ids (`W3`) and `memory`; every one when empty.
  var selection: Set<String> = []
  /// Keeps only rows whose label contains one of these comma-separated texts (case-insensitive),
  /// e.g. `DIScope` to profile it, `DIScope,baseline,hand` for the ratios to the baselines.
  var systemFilter: String?
  var graphResolves: Int
  /// How many requests the traced-memory rows serve (20,000 in a full run).
  var tracedRequests: Int = 20_000
  /// `--tsv`: the numbers as records on standard output (`TSV`), the tables on standard error.
  var tsv = false

  func isSelected(_ id: String) -> Bool { selection.isEmpty || selection.contains(id) }

  func run() throws {
    if tsv { emit([TSV.header]) }
    say(Self.header(plan: plan))
    try SelfCheck.run()
    say("self-check: every system resolves what its workload claims\n")

    let sink = Sink()
    let sampler = Sampler(plan: plan)
    var results: [String: WorkloadResult] = [:]
    for id in Self.workloadIDs where isSelected(id) {
      let result = try sampler.measure(filtered(Self.workload(id)), sink: sink)
      say(result.report() + "\n")
      emit(TSV.rows(result))
      results[id] = result
    }

    var memory = MemoryResults()
    if isSelected(Self.memoryID) && systemFilter == nil {
      memory.registrations = RegistrationMemory.measure()
      report("memory  10,000 registrations", memory.registrations, unit: "registration")
      memory.graph = try GraphMemory.measure(resolves: graphResolves, sink: sink)
      report("memory  graph-scope resolves", memory.graph, unit: "resolve")
      memory.tracedRequests = try TracedRequestMemory.measure(requests: tracedRequests, sink: sink)
      report(
        "memory  heap in use after traced and untraced requests", memory.tracedRequests,
        unit: "request")
    }

    let checks = Targets.check(results, memory: memory)
    if !checks.isEmpty {
      say("targets (median per-round ratios of this run)\n" + TargetCheck.report(checks) + "\n")
      emit(TSV.targets(checks))
    }
    say(
      "sink checksum \(String(sink.checksum, radix: 16)); load average at end: \(Self.loadAverage)")
  }

  /// `--serve`: sets up workload `id` and calibrates its contenders, then takes one sample of a
  /// contender each time standard input asks, for `--against-binary`, which so interleaves two
  /// builds sample by sample. One line each, on standard output (the tables go to standard error):
  ///
  /// ```
  /// ready	6                          then a line per contender: contender	0	DIScope
  /// sample	1	27.41                  for the request `sample 1` (ns/op)
  /// ...                                at `end` or the end of input: the --tsv records of
  /// end                                the samples taken (rows, targets), then `end`
  /// ```
  func serve(_ id: String) throws {
    say(Self.header(plan: plan))
    try SelfCheck.run()
    let workload = filtered(Self.workload(id))
    let contenders = workload.contenders
    let sink = Sink()
    let sampler = Sampler(plan: plan)
    let iterations = try contenders.map { try sampler.calibrate($0, sink: sink) }
    var samples = Array(repeating: [Double](), count: contenders.count)
    reply(
      ["ready\t\(contenders.count)"]
        + contenders.indices.map { TSV.record(["contender", "\($0)", contenders[$0].name]) })
    while let line = readLine(), line != "end" {
      let words = line.split(separator: " ")
      guard words.count == 2, words[0] == "sample", let index = Int(words[1]),
        contenders.indices.contains(index)
      else {
        reply([TSV.record(["error", "not a request: \(line)"])])
        continue
      }
      let value = try sampler.sample(contenders[index], iterations: iterations[index], sink: sink)
      samples[index].append(value)
      reply([TSV.record(["sample", "\(index)", TSV.number(value)])])
    }
    let result = WorkloadResult(
      workload: workload,
      rows: contenders.indices.map { index in
        ContenderResult(
          label: contenders[index].label, role: contenders[index].role,
          group: contenders[index].group, iterations: iterations[index], samples: samples[index])
      })
    say(result.report() + "\n")
    reply(
      [TSV.header] + TSV.rows(result)
        + TSV.targets(Targets.check([id: result], memory: MemoryResults())) + ["end"])
    say("sink checksum \(String(sink.checksum, radix: 16))")
  }

  /// `--serve`'s answer, on standard output now.
  func reply(_ lines: [String]) {
    print(lines.joined(separator: "\n"))
    fflush(nil)
  }

  /// The workload with id `id`, set up now.
  static func workload(_ id: String) -> Workload {
    switch id {
    case "W1": SingletonResolve.workload()
    case "W2": ChainResolve.workload()
    case "W3": MockSwap.workload()
    case "W3r": RegisterSwap.workload()
    case "W7": ServedChainResolve.workload()
    case "W8": RequestScope.workload()
    case "W4": ManyTypesResolve.workload()
    case "W5": ThreadedResolve.workload()
    case "W9": GraphChainResolve.workload()
    case "W10": SynchronizedChainResolve.workload()
    case "W11": ScriptRun.workload()
    default: ObservedChainResolve.workload()
    }
  }

  func filtered(_ workload: Workload) -> Workload {
    guard let systemFilter else { return workload }
    return Workload(
      id: workload.id, title: workload.title, notes: workload.notes,
      contenders: workload.contenders.filter { contender in
        systemFilter.split(separator: ",").contains {
          contender.label.localizedCaseInsensitiveContains($0.trimmingCharacters(in: .whitespaces))
        }
      })
  }

  /// What the numbers depend on: the build, the plan, the machine and its load.
  static func header(plan: SamplingPlan) -> String {
    #if DEBUG
      let build = "DEBUG (numbers mean nothing: use -c release)"
    #else
      let build = "release"
    #endif
    return """
      discope-bench  \(Date())
      build: \(build); \(plan.rounds) rounds per workload, samples of ~\
      \(Format.fixed(plan.sampleNanoseconds / 1e6, digits: 0)) ms, contenders interleaved; \
      medians and median per-round ratios reported
      machine: \(ProcessInfo.processInfo.activeProcessorCount) cores; \
      load average at start: \(loadAverage)

      """
  }

  /// `/proc/loadavg`'s first three numbers, or `n/a`.
  static var loadAverage: String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else {
      return "n/a"
    }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }

  /// A memory table, printed, and its records.
  func report(_ title: String, _ rows: [MemoryRow], unit: String) {
    say(MemoryRow.report(title, rows, unit: unit) + "\n")
    emit(TSV.memory(title, rows, unit: unit))
  }

  /// Prints now, even into a pipe, so a long run shows each table as it finishes; on standard
  /// error with `--tsv`, whose records have standard output.
  func say(_ text: String) {
    if tsv {
      FileHandle.standardError.write(Data((text + "\n").utf8))
    } else {
      print(text)
      fflush(nil)
    }
  }

  /// With `--tsv`, prints `records` on standard output, one a line; otherwise nothing.
  func emit(_ records: [String]) {
    guard tsv, !records.isEmpty else { return }
    print(records.joined(separator: "\n"))
    fflush(nil)
  }
}
