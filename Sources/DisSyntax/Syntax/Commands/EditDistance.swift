/// Levenshtein distance, for "did you mean" hints.
enum EditDistance {
  static func between(_ first: String, _ second: String) -> Int {
    let first = Array(first)
    let second = Array(second)
    guard !first.isEmpty else { return second.count }
    guard !second.isEmpty else { return first.count }
    var previous = Array(0...second.count)
    for (i, a) in first.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: second.count)
      for (j, b) in second.enumerated() {
        current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a == b ? 0 : 1))
      }
      previous = current
    }
    return previous[second.count]
  }
}
