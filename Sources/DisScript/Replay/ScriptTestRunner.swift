import DIScope
import DIScopeLocked
import DisSyntax
import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `discope test`'s engine: replays files, each in a fresh session, several at a time, and
/// optionally rewrites the blocks that differ.
///
/// ```swift
/// let runner = ScriptTestRunner(options: SessionOptions(), jobs: 2)
/// let reports = runner.run(["Scripts/lessons/01-register-and-resolve.dis"])
/// print(RunSummary(reports).line)
/// ```
public struct ScriptTestRunner: Sendable {
  public var options: SessionOptions
  /// How many files run at once.
  public var jobs: Int
  /// Rewrite the expected blocks that differ.
  public var isUpdating: Bool
  /// Check only commands under `## section`.
  public var section: String?

  public init(options: SessionOptions = SessionOptions(), jobs: Int = 1, isUpdating: Bool = false, section: String? = nil) {
    self.options = options
    self.jobs = max(1, jobs)
    self.isUpdating = isUpdating
    self.section = section
  }

  /// One report per file, in the order given, whatever order they ran in.
  public func run(_ paths: [String]) -> [FileReport] {
    let results = Locked<[Int: FileReport]>([:])
    let next = Atomic<Int>(0)
    let workers = min(jobs, max(1, paths.count))
    let runner = self
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while true {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < paths.count else { return }
        let report = runner.runFile(paths[index])
        results.withLock { $0[index] = report }
      }
    }
    let finished = results.withLock { $0 }
    return paths.indices.map { finished[$0]! }
  }

  /// Replays (and maybe updates) one file.
  public func runFile(_ path: String) -> FileReport {
    let start = Self.now()
    func report(_ status: FileReport.Status, _ mismatches: [Mismatch] = [], error: String? = nil, updated: Int = 0, checked: Int = 0) -> FileReport {
      FileReport(
        path: path, status: status, mismatches: mismatches, errorText: error, updatedBlocks: updated,
        checkedCount: checked, seconds: Self.now() - start)
    }
    let parsed: ParseResult
    switch parse(path) {
    case .success(let result): parsed = result
    case .failure(let error): return report(.unparsable, error: error.text)
    }
    let replayed = replayWithTheFilesGlyphs(parsed.script, source: parsed.source)
    if replayed.isSkipped { return report(.skipped) }
    guard isUpdating else {
      return report(replayed.passed ? .passed : .failed, replayed.mismatches, checked: replayed.checkedCount)
    }
    let update = ScriptUpdate(source: parsed.source, replay: replayed)
    if update.hasChanges {
      do {
        try FileSystem.writeAtomically(update.text, to: path)
      } catch {
        return report(.failed, replayed.mismatches, error: "error: cannot update \(error)", checked: replayed.checkedCount)
      }
    }
    return report(update.refused.isEmpty ? .passed : .failed, update.refused, updated: update.updatedCount, checked: replayed.checkedCount)
  }

  /// Replays one file through `execute` (a session in another process: `discope attach
  /// --script`), with `discope test`'s report; never rewrites the file.
  ///
  /// ```swift
  /// let report = runner.runFile("staging.dis") { entry, site in remote.run(entry, at: site) }
  /// ```
  public func runFile(
    _ path: String, executing execute: (_ entry: Entry, _ site: RegistrationSite) -> CommandOutcome
  ) -> FileReport {
    let start = Self.now()
    func report(_ status: FileReport.Status, _ mismatches: [Mismatch] = [], error: String? = nil, checked: Int = 0) -> FileReport {
      FileReport(
        path: path, status: status, mismatches: mismatches, errorText: error, updatedBlocks: 0,
        checkedCount: checked, seconds: Self.now() - start)
    }
    let parsed: ParseResult
    switch parse(path) {
    case .success(let result): parsed = result
    case .failure(let error): return report(.unparsable, error: error.text)
    }
    // Run elsewhere (an attached app's session), each command goes with its line of the script,
    // which the registrations it makes there keep.
    let replayed = ScriptReplay.replay(parsed.script, section: section, executing: execute)
    if replayed.isSkipped { return report(.skipped) }
    return report(replayed.passed ? .passed : .failed, replayed.mismatches, checked: replayed.checkedCount)
  }

  /// Why a file could not be replayed: it cannot be read, or does not parse.
  private struct Unparsable: Error {
    let text: String
  }

  /// Reads and parses the file at `path`.
  private func parse(_ path: String) -> Result<ParseResult, Unparsable> {
    let parsed = FileSystem.parseScript(at: path, parser: ScriptParser(limits: options.limits.parser))
    return parsed.hasErrors ? .failure(Unparsable(text: parsed.renderedDiagnostics)) : .success(parsed)
  }

  /// Whether a file's expected output draws its trees in ASCII (recorded with `--ascii`).
  public static func drawsInASCII(_ text: String) -> Bool {
    let lines = text.split(separator: "\n").map(String.init)
    return !lines.contains(where: { $0.contains(where: unicodeGlyphs.contains) }) && lines.contains(where: drawsAnASCIIBranch)
  }

  /// Replays `script` with the glyphs it was written in. A session recorded in a playground
  /// started with `--ascii` draws its trees in ASCII, so that it passes without `--ascii`, as
  /// recorded. Such a file has no box-drawing character or arrow; one whose trees are ASCII
  /// replays in ASCII, and one that shows no tree is tried in ASCII if it fails in Unicode.
  private func replayWithTheFilesGlyphs(_ script: Script, source: SourceText) -> ReplayResult {
    var ascii = options
    ascii.glyphs = .ascii
    guard options.glyphs == .unicode,
      !source.lines.contains(where: { $0.contains(where: Self.unicodeGlyphs.contains) })
    else { return ScriptReplay(options: options).replay(script, section: section) }
    if source.lines.contains(where: Self.drawsAnASCIIBranch) {
      return ScriptReplay(options: ascii).replay(script, section: section)
    }
    let replayed = ScriptReplay(options: options).replay(script, section: section)
    guard !replayed.passed else { return replayed }
    let inASCII = ScriptReplay(options: ascii).replay(script, section: section)
    return inASCII.mismatches.count < replayed.mismatches.count ? inASCII : replayed
  }

  /// What only Unicode glyphs draw: tree branches and the arrow from a service to its type.
  private static let unicodeGlyphs = Set(
    [ResolutionTree.Glyphs.unicode.branch, ResolutionTree.Glyphs.unicode.last, ResolutionTree.Glyphs.unicode.pipe,
     ResolutionTree.Glyphs.unicode.arrow].compactMap(\.first))

  /// Whether `line` is an expected-output line of a tree drawn in ASCII (`  |  `- Logger …`),
  /// with the glyphs every tree is drawn with.
  private static func drawsAnASCIIBranch(_ line: String) -> Bool {
    let ascii = ResolutionTree.Glyphs.ascii
    guard line.hasPrefix("  ") else { return false }
    var rest = line.drop { $0 == " " }
    while rest.hasPrefix(ascii.pipe) { rest = rest.dropFirst(ascii.pipe.count).drop { $0 == " " } }
    return rest.hasPrefix(ascii.branch) || rest.hasPrefix(ascii.last)
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
