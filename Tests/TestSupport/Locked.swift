import Foundation

/// A value behind an `NSLock`, for test helpers touched by many threads. Not
/// `Synchronization.Mutex`: the thread sanitizer on Linux does not see that lock's
/// synchronisation (it reports false races), and `Scripts/test` runs the stress tests under the
/// sanitizer.
///
/// `@unchecked Sendable`: every access to `value` happens under `lock`.
///
/// ```swift
/// let seen = Locked<[String]>([])
/// seen.withLock { $0.append("t1") }
/// ```
public final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  public init(_ value: Value) { self.value = value }

  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
