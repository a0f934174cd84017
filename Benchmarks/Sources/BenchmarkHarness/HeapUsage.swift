import CHeapInfo

/// How much memory the process's allocator has handed out: glibc's `mallinfo2()`, which counts
/// every live `malloc` byte exactly (its `uordblks`, plus blocks it mmapped), unlike RSS, which
/// moves in pages and never shrinks.
///
/// ```swift
/// let (bytes, container) = HeapUsage.growth { makeContainerWith10kRegistrations() }
/// print(bytes.map { $0 / 10_000 })   // bytes per registration
/// withExtendedLifetime(container) {}
/// ```
public enum HeapUsage {
  /// The bytes in use now, or `nil` where the allocator is not glibc's.
  public static var bytesInUse: Int? {
    let bytes = discope_bench_heap_bytes_in_use()
    return bytes < 0 ? nil : Int(bytes)
  }

  /// How much the heap grew across `body`, measured before `body`'s result can be released; the
  /// result is handed back so the caller decides how long it lives.
  public static func growth<Result>(of body: () throws -> Result) rethrows -> (
    bytes: Int?, result: Result
  ) {
    let before = bytesInUse
    let result = try body()
    let after = bytesInUse
    guard let before, let after else { return (nil, result) }
    return (after - before, result)
  }
}
