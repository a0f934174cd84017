import BenchmarkHarness
import Foundation

/// `--against-binary`: this build and another build's `discope-bench`, interleaved on the same
/// machine, so that a change is measured against where it started under the same load
/// (`Scripts/bench --against REV` builds REV's benchmark and runs this).
///
/// No workload runs in this process. When both builds take `--serve`, each serves one workload at a
/// time (`ServeSession`), and round after round every row, in a rotating order, is sampled in one
/// build and right after in the other, the build that goes first alternating: the builds are
/// interleaved as a run interleaves its contenders. When the other build is older than `--serve`,
/// each round runs each build once instead, as a process of its own (`--only W --rounds 1`): one
/// sample of each row after its calibration. Either way a row's figure in a build is the median
/// of its rounds' samples, and the two builds' ratio the median of the per-round ratios, as the
/// harness compares two rows of one run (`ContenderResult.ratio(to:)`): a change in the machine's
/// speed between rounds divides out. A target's value in a build is what that build's harness
/// reports (a median of per-round values). The memory checks count bytes, not time: they run once
/// per build.
///
/// ```swift
/// try AgainstRun(other: "/tmp/old/discope-bench", otherLabel: "main (251e1c8)", plan: .quick,
///                workloads: ["W1", "W3r"], passedOn: ["--quick"]).run()
/// ```
struct AgainstRun {
  /// The other build's `discope-bench`.
  let other: String
  let otherLabel: String
  let plan: SamplingPlan
  /// Workload ids and `memory`, in the order a run takes them.
  let workloads: [String]
  /// Options every run of either build is given besides `--only` and `--rounds`.
  let passedOn: [String]

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// One of the two builds.
  struct Build {
    let label: String
    let path: String
    /// Whether its harness writes `--tsv` records; if not, its tables are read.
    let writesTSV: Bool
    /// Whether its harness takes `--serve`, and so can be interleaved sample by sample.
    let serves: Bool
  }

  /// This build, then the other one: the report's columns.
  static let columns = ["this tree", "REV"]

  func run() throws {
    let builds = [
      Build(label: "this tree", path: try Self.ownExecutable(), writesTSV: true, serves: true),
      try probe(),
    ]
    // A serving build that stopped must fail its request, not end this program.
    signal(SIGPIPE, SIG_IGN)
    say(header(builds))
    var targets = TargetTally()
    for id in workloads where id != Suite.memoryID {
      try compare(id, builds, targets: &targets)
    }
    if workloads.contains(Suite.memoryID) {
      try compareMemory(builds, targets: &targets)
    }
    if !targets.names.isEmpty {
      say(
        "targets (each build's value over its rounds, against the bound: \(Self.columns[0]) | REV)\n"
          + targets.report() + "\n")
    }
    say("load average at end: \(Suite.loadAverage)")
  }

  // MARK: - The other build

  /// The other build, checked: it runs, and takes the options each run is given.
  func probe() throws -> Build {
    guard FileManager.default.isExecutableFile(atPath: other) else {
      throw Failure(description: "'\(other)' (--against-binary) is not an executable file.")
    }
    let help = try ChildProcess.run(other, ["--help"])
    let text = help.standardOutput + help.standardError
    let options = ["--only", "--rounds"] + passedOn.filter { $0.hasPrefix("--") }
    for option in options where !text.contains(option) {
      throw Failure(
        description: "\(otherLabel)'s discope-bench (\(other)) has no '\(option)' option, so it "
          + "cannot be run "
          + (option == "--only" || option == "--rounds"
            ? "one workload and one round at a time. To fix, compare with a revision whose "
              + "harness takes --only and --rounds."
            : "as this run asks. To fix, run without \(option)."))
    }
    return Build(
      label: otherLabel, path: other, writesTSV: text.contains("--tsv"),
      serves: text.contains("--serve"))
  }

  /// One run of `build`, for `workload` and one round; `nil` when its harness has no such
  /// workload.
  func runOnce(_ build: Build, _ workload: String) throws -> RunOutput? {
    var arguments = ["--only", workload, "--rounds", "1"] + passedOn
    if build.writesTSV { arguments.append("--tsv") }
    let outcome = try ChildProcess.run(build.path, arguments)
    let command = "\(build.path) \(arguments.joined(separator: " "))"
    guard outcome.status == 0 else {
      if (outcome.standardError + outcome.standardOutput).contains("unknown workload") {
        return nil
      }
      let lastLines = outcome.standardError.split(separator: "\n").suffix(20)
        .joined(separator: "\n")
      throw Failure(
        description: "\(build.label)'s run failed (\(outcome.ending)): \(command)\n\(lastLines)")
    }
    guard build.writesTSV else { return RunOutput(tables: outcome.standardOutput) }
    do {
      return try RunOutput(tsv: outcome.standardOutput)
    } catch {
      throw Failure(description: "\(build.label)'s run wrote no records this harness reads (\(error)): \(command)")
    }
  }

  // MARK: - Workloads

  /// What both builds measured of one workload.
  struct Measured {
    var names: [String] = []
    var title = ""
    /// samples[build][row]: one per round, nil where that round had no such row.
    var samples: [[String: [Double?]]] = [[:], [:]]
    /// The builds whose harness has no such workload.
    var lacking: Set<Int> = []

    mutating func add(_ name: String, _ value: Double?, build: Int, round: Int, of rounds: Int) {
      if !names.contains(name) { names.append(name) }
      samples[build][name, default: Array(repeating: nil, count: rounds)][round] = value
    }
  }

  /// Runs `workload` in both builds, interleaved, and prints its table.
  func compare(_ workload: String, _ builds: [Build], targets: inout TargetTally) throws {
    let measured =
      builds.allSatisfy(\.serves)
      ? try interleaveSamples(workload, builds, targets: &targets)
      : try interleaveRuns(workload, builds, targets: &targets)
    try report(workload, measured, builds)
  }

  /// Both builds serving (`--serve`), one process each: round after round, every row in a
  /// rotating order, one sample of it in each build, the build that goes first alternating.
  func interleaveSamples(_ workload: String, _ builds: [Build], targets: inout TargetTally)
    throws -> Measured
  {
    discopeSay("\(workload): \(plan.rounds) rounds, each row sampled in each build in turn")
    var measured = Measured()
    var sessions: [ServeSession?] = []
    // One after the other, so that neither sets up and calibrates while the other does.
    for (index, build) in builds.enumerated() {
      do {
        sessions.append(
          try ServeSession(path: build.path, arguments: ["--serve", "--only", workload] + passedOn))
      } catch let failure as ServeSession.Failure
        where failure.standardError.contains("unknown workload")
      {
        sessions.append(nil)
        measured.lacking.insert(index)
      }
    }
    guard measured.lacking.count < 2 else {
      throw Failure(description: "neither build's harness has a workload '\(workload)'.")
    }
    var names: [String] = []
    for session in sessions.compactMap({ $0 }) {
      for name in session.names where !names.contains(name) { names.append(name) }
    }
    for round in 0..<plan.rounds {
      for offset in names.indices {
        let index = (offset + round) % names.count
        let name = names[index]
        // From round to round, each row's first build alternates (and from row to row).
        for build in (round + index).isMultiple(of: 2) ? [0, 1] : [1, 0] {
          guard let session = sessions[build], session.names.contains(name) else { continue }
          measured.add(
            name, try session.sample(name), build: build, round: round, of: plan.rounds)
        }
      }
    }
    // The rows in this build's order, then the other's own.
    measured.names = names
    for (build, session) in sessions.enumerated() {
      guard let session else { continue }
      let output = try RunOutput(tsv: try session.finish())
      if measured.title.isEmpty, let entry = output.titles.first(where: { $0.id == workload }) {
        measured.title = entry.title
      }
      targets.add(output.targets, build: build)
    }
    return measured
  }

  /// A build that does not serve: each round runs each build once, as a process of its own
  /// (`--only W --rounds 1`), the build that goes first alternating.
  func interleaveRuns(_ workload: String, _ builds: [Build], targets: inout TargetTally)
    throws -> Measured
  {
    discopeSay("\(workload): \(plan.rounds) rounds, one run of each build a round")
    var measured = Measured()
    for round in 0..<plan.rounds {
      for build in round.isMultiple(of: 2) ? [0, 1] : [1, 0]
      where !measured.lacking.contains(build) {
        guard let output = try runOnce(builds[build], workload) else {
          measured.lacking.insert(build)
          continue
        }
        if measured.title.isEmpty,
          let entry = output.titles.first(where: { $0.id == workload })
        {
          measured.title = entry.title
        }
        for row in output.rows where row.workload == workload {
          measured.add(row.name, row.samples.first, build: build, round: round, of: plan.rounds)
        }
        targets.add(output.targets, build: build)
      }
    }
    guard measured.lacking.count < 2 else {
      throw Failure(description: "neither build's harness has a workload '\(workload)'.")
    }
    return measured
  }

  /// The workload's table: each row's figure in both builds and their per-round ratios.
  func report(_ workload: String, _ measured: Measured, _ builds: [Build]) throws {
    let (names, samples, lacking, title) =
      (measured.names, measured.samples, measured.lacking, measured.title)

    let ratioHeader = "\(Self.columns[0]) / REV"
    var table = TextTable(header: [
      "system", "\(Self.columns[0]) ns/op", "REV ns/op", ratioHeader, "lowest", "highest",
    ])
    for name in names {
      let mine = samples[0][name] ?? []
      let theirs = samples[1][name] ?? []
      let ratios = zip(mine, theirs).compactMap { pair -> Double? in
        guard let mine = pair.0, let theirs = pair.1 else { return nil }
        return mine / theirs
      }
      table.append([
        name, Self.median(mine), Self.median(theirs),
        Format.ratio(ratios.isEmpty ? nil : ContenderResult.median(of: ratios)),
        Format.ratio(ratios.min()), Format.ratio(ratios.max()),
      ])
    }
    var notes = [
      "\(ratioHeader): the median of the per-round ratios (lowest and highest beside it); "
        + "each build's figure is the median of its \(plan.rounds) rounds' samples; "
        + (builds.allSatisfy(\.serves)
          ? "each round, a row's two samples were taken one right after the other."
          : "each round, each build ran once (one sample of each row).")
    ]
    for build in lacking.sorted() {
      notes.append(
        "\(builds[build].label): its harness has no workload \(workload); "
          + "\(builds[1 - build].label)'s figures alone.")
    }
    say(
      (["\(workload)  \(title)", table.render(indent: 2)] + notes.map { "  * " + $0 })
        .joined(separator: "\n") + "\n")
  }

  /// A median of the samples there are, as the report prints a time; `-` for none.
  static func median(_ samples: [Double?]) -> String {
    let present = samples.compactMap { $0 }
    return present.isEmpty ? "-" : Format.nanoseconds(ContenderResult.median(of: present))
  }

  // MARK: - Memory

  /// Runs the memory checks once in each build, and prints their tables.
  func compareMemory(_ builds: [Build], targets: inout TargetTally) throws {
    discopeSay("memory: one run of each build")
    var figures: [[RunOutput.MemoryFigure]] = [[], []]
    for build in 0..<2 {
      guard let output = try runOnce(builds[build], Suite.memoryID) else { continue }
      figures[build] = output.memory
      targets.add(output.targets, build: build)
    }
    var tables: [String] = []
    for figure in figures[0] + figures[1] where !tables.contains(figure.table) {
      tables.append(figure.table)
    }
    for title in tables {
      let mine = figures[0].filter { $0.table == title }
      let theirs = figures[1].filter { $0.table == title }
      var labels: [String] = []
      for figure in mine + theirs where !labels.contains(figure.label) {
        labels.append(figure.label)
      }
      let unit = (mine + theirs).first?.unit ?? "unit"
      var table = TextTable(header: [
        "system", "\(Self.columns[0]) bytes per \(unit)", "REV bytes per \(unit)",
        "\(Self.columns[0]) / REV",
      ])
      for label in labels {
        let a = mine.first { $0.label == label }?.bytesPerUnit
        let b = theirs.first { $0.label == label }?.bytesPerUnit
        let ratio = a.flatMap { a in b.flatMap { b in b == 0 ? nil : a / b } }
        table.append([
          label, a.map { Format.fixed($0, digits: 1) } ?? "-",
          b.map { Format.fixed($0, digits: 1) } ?? "-", Format.ratio(ratio),
        ])
      }
      say(title + "\n" + table.render(indent: 2) + "\n")
    }
  }

  // MARK: - Output

  func header(_ builds: [Build]) -> String {
    #if DEBUG
      let build = "DEBUG (numbers mean nothing: use -c release)"
    #else
      let build = "release"
    #endif
    let sample =
      plan.fixedIterations.map { "\(Format.grouped($0)) iterations a sample" }
      ?? "samples of ~\(Format.fixed(plan.sampleNanoseconds / 1e6, digits: 0)) ms"
    let interleave =
      builds.allSatisfy(\.serves)
      ? "both builds serving (--serve), each round samples every row in each build in turn, "
        + "the build that goes first alternating"
      : "REV's harness has no --serve, so each round runs each build once (--only W --rounds 1), "
        + "the build that goes first alternating"
    let reading =
      builds[1].writesTSV
      ? "REV's figures: read from its --tsv records"
      : "REV's figures: read from its printed tables (its harness has no --tsv): "
        + "three significant digits, so ratios are good to about 1%"
    return """
      discope-bench --against-binary  \(Date())
      this tree: \(builds[0].path)
      REV:       \(builds[1].label), \(builds[1].path)
      build: \(build); \(plan.rounds) rounds per workload; \(interleave); \(sample); \
      each build's median, and the median of per-round ratios
      \(reading)
      machine: \(ProcessInfo.processInfo.activeProcessorCount) cores; \
      load average at start: \(Suite.loadAverage)

      """
  }

  /// Prints now, even into a pipe, so a long run shows each table as it finishes.
  func say(_ text: String) {
    print(text)
    fflush(nil)
  }

  /// Progress, on standard error, as the scripts say it.
  func discopeSay(_ text: String) {
    FileHandle.standardError.write(Data("==> \(text)\n".utf8))
  }

  /// This program's own file, which the runs of this build start again.
  static func ownExecutable() throws -> String {
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      return path
    }
    guard let path = Bundle.main.executablePath else {
      throw Failure(description: "cannot tell where this program's file is, to run it again.")
    }
    return path
  }
}

/// Each build's targets, round by round, in the order they were first reported.
struct TargetTally {
  private(set) var names: [String] = []
  private var reported: [[String: [RunOutput.Target]]] = [[:], [:]]

  mutating func add(_ targets: [RunOutput.Target], build: Int) {
    for target in targets {
      if !names.contains(target.name) { names.append(target.name) }
      reported[build][target.name, default: []].append(target)
    }
  }

  /// A build's rounds of one target as one: the median value, checked against the bound; `????`
  /// when most rounds could not decide.
  static func combine(_ rounds: [RunOutput.Target]) -> (verdict: String, measured: String)? {
    guard let first = rounds.first else { return nil }
    let values = rounds.compactMap(\.value)
    let value = values.isEmpty ? nil : ContenderResult.median(of: values)
    let measured = value.map { TargetCheck.number($0) + first.unit } ?? "not measured"
    if rounds.filter({ $0.verdict == "????" }).count * 2 > rounds.count { return ("????", measured) }
    if let bound = first.bound {
      return (value.map(bound.admits) == true ? "PASS" : "FAIL", measured)
    }
    // A bound that could not be read: what most rounds said.
    let passes = rounds.filter { $0.verdict == "PASS" }.count
    return (passes * 2 > rounds.count ? "PASS" : "FAIL", measured)
  }

  /// Both builds' verdicts and values, a row per target, and each build's count.
  func report() -> String {
    var table = TextTable(header: [
      AgainstRun.columns[0], "REV", "target", AgainstRun.columns[0], "REV", "bound",
    ])
    var met = [0, 0]
    var decided = [0, 0]
    for name in names {
      var cells: [(verdict: String, measured: String)] = []
      for build in 0..<2 {
        guard let combined = Self.combine(reported[build][name] ?? []) else {
          cells.append(("-", "-"))
          continue
        }
        if combined.verdict != "????" { decided[build] += 1 }
        if combined.verdict == "PASS" { met[build] += 1 }
        cells.append(combined)
      }
      let first = (reported[0][name] ?? reported[1][name] ?? []).first
      let bound = first.flatMap { target in target.bound.map { $0.describe(unit: target.unit) } }
      table.append([
        cells[0].verdict, cells[1].verdict, name, cells[0].measured, cells[1].measured,
        bound ?? "?",
      ])
    }
    return table.render(indent: 2)
      + "\n  \(AgainstRun.columns[0]): \(met[0]) of \(decided[0]) decided targets met; "
      + "REV: \(met[1]) of \(decided[1])"
  }
}

/// A program run to its end, its standard output and error kept (in files, so that neither can
/// fill a pipe and stall it).
enum ChildProcess {
  struct Outcome {
    let status: Int32
    let ending: String
    let standardOutput: String
    let standardError: String
  }

  static func run(_ path: String, _ arguments: [String]) throws -> Outcome {
    let stem = FileManager.default.temporaryDirectory
      .appendingPathComponent("discope-bench-\(UUID().uuidString)").path
    let (outPath, errorPath) = (stem + ".out", stem + ".err")
    defer {
      try? FileManager.default.removeItem(atPath: outPath)
      try? FileManager.default.removeItem(atPath: errorPath)
    }
    for path in [outPath, errorPath] where !FileManager.default.createFile(atPath: path, contents: nil) {
      throw AgainstRun.Failure(description: "cannot create '\(path)' for a run's output.")
    }
    let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    let error = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = out
    process.standardError = error
    try process.run()
    process.waitUntilExit()
    try out.close()
    try error.close()
    let read = { (path: String) in
      (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
    let ending =
      process.terminationReason == .uncaughtSignal
      ? "killed by signal \(process.terminationStatus)"
      : "exit status \(process.terminationStatus)"
    return Outcome(
      status: process.terminationReason == .uncaughtSignal ? -1 : process.terminationStatus,
      ending: ending, standardOutput: read(outPath), standardError: read(errorPath))
  }
}
