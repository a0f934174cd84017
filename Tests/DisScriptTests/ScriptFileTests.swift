import DisScript
import Testing

/// Every `.dis` file under `Scripts/`, replayed as one test case each.
@Suite struct ScriptFileTests {
  static let scripts: [String] = (try? FileSystem.scripts(under: repositoryRoot + "/Scripts")) ?? []

  @Test func thereAreLessons() {
    #expect(Self.scripts.filter { $0.contains("/lessons/") }.count >= 10)
  }

  @Test(arguments: scripts)
  func replays(_ path: String) {
    let report = ScriptTestRunner().runFile(path)
    #expect(report.status == .passed, "\(report.errorText ?? "")\n\(report.mismatches.map { $0.rendered() }.joined(separator: "\n\n"))")
  }
}
