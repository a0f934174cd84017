/// The cheapest way to line expected lines up with actual output: which lines
/// match, which `...` lines swallow what, and which lines were removed or added.
/// Matching, diffs and `--update` all read this one alignment.
struct OutputAlignment {
  enum Step: Equatable {
    /// Expected line `expected` matched actual line `actual`.
    case matched(expected: Int, actual: Int)
    /// The `...` at `expected` swallowed these actual lines (maybe none).
    case skipped(expected: Int, actual: Range<Int>)
    /// Expected line `expected` has no counterpart.
    case removed(expected: Int)
    /// Actual line `actual` has no counterpart.
    case added(actual: Int)
  }

  let expected: [ExpectedPattern]
  let actual: [String]
  private(set) var steps: [Step] = []
  /// How many lines were removed or added: 0 means the output matches.
  private(set) var cost = 0

  init(expected: [String], actual: [String]) {
    self.expected = Self.droppingTrailingBlankLines(expected).map(ExpectedPattern.init)
    self.actual = Self.droppingTrailingBlankLines(actual)
    align()
  }

  private static func droppingTrailingBlankLines(_ lines: [String]) -> [String] {
    var lines = lines
    while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
    return lines
  }

  private mutating func align() {
    let rows = expected.count
    let columns = actual.count
    let width = columns + 1
    // costs[i * width + j]: the cheapest alignment of expected[i...] with actual[j...].
    var costs = [Int](repeating: 0, count: (rows + 1) * width)
    for i in stride(from: rows, through: 0, by: -1) {
      for j in stride(from: columns, through: 0, by: -1) {
        let cost: Int
        if i == rows {
          cost = columns - j
        } else if expected[i].isAnyLines {
          cost = j == columns ? costs[(i + 1) * width + j] : min(costs[(i + 1) * width + j], costs[i * width + j + 1])
        } else if j == columns {
          cost = 1 + costs[(i + 1) * width + j]
        } else {
          // A changed line (one removed, one added in its place) costs 1, like a
          // lone removal, so a `...` after it does not swallow its replacement.
          let matched = expected[i].matches(actual[j]) ? costs[(i + 1) * width + j + 1] : Int.max
          let changed = 1 + costs[(i + 1) * width + j + 1]
          cost = min(matched, changed, 1 + costs[(i + 1) * width + j], 1 + costs[i * width + j + 1])
        }
        costs[i * width + j] = cost
      }
    }
    self.cost = costs[0]
    var i = 0
    var j = 0
    while i < rows || j < columns {
      let here = costs[i * width + j]
      if i == rows {
        steps.append(.added(actual: j)); j += 1
      } else if expected[i].isAnyLines {
        var end = j
        while end < columns, costs[(i + 1) * width + end] != here { end += 1 }
        steps.append(.skipped(expected: i, actual: j..<end)); i += 1; j = end
      } else if j < columns, expected[i].matches(actual[j]), costs[(i + 1) * width + j + 1] == here {
        steps.append(.matched(expected: i, actual: j)); i += 1; j += 1
      } else if j < columns, 1 + costs[(i + 1) * width + j + 1] == here {
        steps += [.removed(expected: i), .added(actual: j)]; i += 1; j += 1
      } else if 1 + costs[(i + 1) * width + j] == here {
        steps.append(.removed(expected: i)); i += 1
      } else {
        steps.append(.added(actual: j)); j += 1
      }
    }
  }
}
