import DisSyntax
import Testing

@Suite("Matching expected output")
struct MatchingTests {
  static let matchingCases: [([String], [String])] = [
    (["a", "b"], ["a", "b"]),
    (["a", "b"], ["a   ", "b\t"]),
    (["a  ", "b"], ["a", "b", "", "  "]),
    (["..."], []),
    (["..."], ["x", "y"]),
    (["...", "z"], ["x", "y", "z"]),
    (["...", "z"], ["z"]),
    (["a", "...", "z"], ["a", "z"]),
    (["a", "...", "z"], ["a", "1", "2", "z"]),
    (["a", "..."], ["a"]),
    (["a", "..."], ["a", "b", "c"]),
    (["...", "b", "..."], ["a", "b", "c"]),
    (["WebService#[..]"], ["WebService#3"]),
    (["[..]"], ["anything at all"]),
    (["[..]", "x"], ["", "x"]),
    (["a [..] c [..] e"], ["a b c d e"]),
    (["a[..]a"], ["aa"]),
    (["literal \\[..] here"], ["literal [..] here"]),
    (["  ..."], ["  ..."]),
  ]

  static let mismatchingCases: [([String], [String])] = [
    (["a", "b"], ["a", "c"]),
    (["a"], ["a", "b"]),
    (["a", "b"], ["a"]),
    ([" a"], ["a"]),
    (["...", "z"], ["z", "y"]),
    (["a", "...", "z"], ["b", "z"]),
    (["WebService#[..]"], ["Logger#3"]),
    (["[..]"], ["a", "b"]),
    (["a [..] c"], ["a b d"]),
    (["a[..]a"], ["a"]),
    (["literal \\[..] here"], ["literal x here"]),
  ]

  @Test("matches", arguments: matchingCases)
  func matching(expected: [String], actual: [String]) {
    #expect(OutputMatcher.matches(expected: expected, actual: actual))
  }

  @Test("does not match", arguments: mismatchingCases)
  func notMatching(expected: [String], actual: [String]) {
    #expect(!OutputMatcher.matches(expected: expected, actual: actual))
  }

  @Test func patternReadsItsLine() {
    #expect(ExpectedPattern("...  ").isAnyLines)
    #expect(!ExpectedPattern("... more").isAnyLines)
    #expect(ExpectedPattern.escaped("a [..] b") == "a \\[..] b")
    #expect(ExpectedPattern(ExpectedPattern.escaped("a [..] b")).matches("a [..] b"))
    #expect(!ExpectedPattern(ExpectedPattern.escaped("a [..] b")).matches("a x b"))
  }
}
