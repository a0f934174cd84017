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

  static func start(_ body: @escaping @Sendable () -> Void) {
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let started = pthread_create(&thread, nil, { context in
      let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
      body.run()
      return nil
    }, context)
    if started == 0 {
      pthread_detach(thread)
    } else {
      // No thread: run it here rather than lose it (a blocked caller beats a silent stop).
      Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
    }
  }
}
