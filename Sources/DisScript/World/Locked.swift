import Synchronization

/// A value behind a mutex, shareable between threads: the session's stores and buffers that
/// factories and observers (which may run on any thread) write into.
final class Locked<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  init(_ value: Value) { mutex = Mutex(value) }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try mutex.withLock { value in try body(&value) }
  }
}
