#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body` on a thread of its own: for loops that block in `poll` and `send`, which must not
/// hold one of Dispatch's or Swift concurrency's few shared threads.
enum DetachedThread {
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// Starts `body` on a new thread; false when the system would not make one (the caller
  /// refuses the work: running it on the caller's thread would block the caller for good).
  @discardableResult
  static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let started = pthread_create(&thread, nil, { context in
      #if canImport(Darwin)
        let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
      #else
        let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
      #endif
      body.run()
      return nil
    }, context)
    guard started == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      return false
    }
    #if canImport(Darwin)
      if let thread { pthread_detach(thread) }
    #else
      pthread_detach(thread)
    #endif
    return true
  }
}
