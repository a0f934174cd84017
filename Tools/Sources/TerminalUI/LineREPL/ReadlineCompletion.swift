import CEditLine
import Glibc
import Synchronization

/// Connects libedit's C completion callback to a Swift closure. libedit keeps one global
/// readline state, so there is one completer per process; the state is behind a lock.
enum ReadlineCompletion {
  struct State {
    var completer: (@Sendable (CompletionRequest) -> [String])?
    var matches: [String] = []
    var next = 0
  }

  static let state = Mutex(State())

  static func install(_ completer: (@Sendable (CompletionRequest) -> [String])?) {
    state.withLock { $0 = State(completer: completer) }
    discope_rl_set_attempted_completion(completer == nil ? nil : attemptCompletion)
    // Never fall back to completing file names when the completer has nothing.
    discope_rl_set_attempted_completion_over(1)
  }

  /// The request for the word libedit is completing; `start`/`end` are byte offsets.
  static func request(line: String, start: Int, end: Int) -> CompletionRequest {
    let bytes = Array(line.utf8)
    let clampedStart = min(max(start, 0), bytes.count)
    let clampedEnd = min(max(end, clampedStart), bytes.count)
    let before = String(decoding: bytes[..<clampedStart], as: UTF8.self)
    let word = String(decoding: bytes[clampedStart..<clampedEnd], as: UTF8.self)
    return CompletionRequest(
      line: line, cursor: before.count + word.count, word: word, wordStart: before.count)
  }
}

/// `rl_attempted_completion_function`: asks the Swift completer, then lets libedit's
/// `completion_matches` build the C array (common prefix first) from `nextMatch`.
private func attemptCompletion(
  _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
  let line = discope_rl_line_buffer().map { String(cString: $0) } ?? ""
  let request = ReadlineCompletion.request(line: line, start: Int(start), end: Int(end))
  let completer = ReadlineCompletion.state.withLock { $0.completer }
  let matches = completer?(request) ?? []
  ReadlineCompletion.state.withLock {
    $0.matches = matches
    $0.next = 0
  }
  guard !matches.isEmpty, let text else { return nil }
  return completion_matches(UnsafeMutablePointer(mutating: text), nextMatch)
}

/// The generator `completion_matches` calls: one malloc'd match per call, NULL at the end.
private func nextMatch(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
  ReadlineCompletion.state.withLock { current in
    if state == 0 { current.next = 0 }
    guard current.next < current.matches.count else { return nil }
    defer { current.next += 1 }
    return strdup(current.matches[current.next])
  }
}
