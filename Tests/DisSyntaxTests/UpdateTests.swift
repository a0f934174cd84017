import DisSyntax
import Testing

@Suite("--update merge")
struct UpdateTests {
  @Test("keeps what still matches", arguments: [
    // (expected, actual, updated)
    (["a", "...", "z"], ["b", "x", "z"], ["b", "...", "z"]),
    (["a", "...", "z"], ["a", "x", "y"], ["a", "...", "y"]),
    (["#[..]", "old"], ["#7", "new"], ["#[..]", "new"]),
    (["...", "tail"], ["x", "y"], ["...", "y"]),
    (["head", "tail"], ["head", "middle", "tail"], ["head", "middle", "tail"]),
    (["a", "b"], ["a"], ["a"]),
    ([], ["out [..]"], ["out \\[..]"]),
    (["gone"], [], []),
  ])
  func merge(expected: [String], actual: [String], updated: [String]) {
    let merged = OutputMatcher.updatedBlock(expected: expected, actual: actual)
    #expect(merged == updated)
    #expect(OutputMatcher.matches(expected: merged, actual: actual))
  }

  @Test("is lossless when the output still matches", arguments: [
    ["a  ", "...", "[..]"],
    ["...", "keep", "[..]", ""],
    ["[..]", "b", "...", "zz"],
  ])
  func lossless(expected: [String]) {
    let actual = ["a", "b", "keep", "zz"]
    #expect(OutputMatcher.matches(expected: expected, actual: actual))
    #expect(OutputMatcher.updatedBlock(expected: expected, actual: actual) == expected)
  }

  @Test func updatingAnEntryWithoutABlock() {
    let entry = Entry(.validate)
    let updated = OutputMatcher.updating(entry, commandLine: 4, toMatch: ["ok"])
    #expect(updated.expectedOutput == ExpectedBlock(lines: ["ok"], firstLine: 5))
    #expect(OutputMatcher.updating(entry, commandLine: 4, toMatch: []).expectedOutput == nil)
  }
}
