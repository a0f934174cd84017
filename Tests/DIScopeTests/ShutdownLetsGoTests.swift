import DIScope
import Dispatch
import Foundation
import TestSupport
import Testing

/// A shut-down container lets go of everything it built, at once, whichever thread or task
/// resolved it, though the container itself is still referenced: a per-thread cache is part of
/// the container's state, not a second owner beside it. Run by `Scripts/test` under the thread
/// sanitizer as well.
@Suite("A shut-down container keeps nothing")
struct ShutdownLetsGoTests {
  final class Config: Sendable {}
  final class Context: Sendable {}
  final class Handler: Sendable {
    let config: Config
    let context: Context
    init(config: Config, context: Context) {
      self.config = config
      self.context = context
    }
  }

  /// The smallest case seen in an app: a root singleton under a root prototype resolved
  /// through a request's child, `resolveAsync` in one task of a task group, then the root shut
  /// down while still referenced. The group's task runs on a thread that stays idle after it
  /// (the cooperative pool's may or may not be used again, by chance).
  @Test func whatATaskGroupResolvedGoesAtShutdown() async throws {
    weak var config: Config?
    let executor = DedicatedThreadExecutor()
    defer { executor.stop() }
    let root = Container()
    root.register(Config.self) { _ in Config() }
    root.register(Handler.self, scope: .prototype) { r in
      Handler(config: try r.resolve(Config.self), context: try r.resolve(Context.self))
    }
    try await root.withChild(named: "request") { request in
      request.register(Context.self) { _ in Context() }
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask(executorPreference: executor) {
          for _ in 0..<50 { _ = try await request.resolveAsync(Handler.self) }
        }
        try await group.waitForAll()
      }
    }
    // Handed over through a box the test empties, not as the task's result, which the task
    // object keeps for as long as the executor's thread holds its job.
    let seen = Locked<Config?>(nil)
    await Task(executorPreference: executor) { seen.withLock { $0 = try? root.resolve(Config.self) } }.value
    config = seen.withLock { value in defer { value = nil }; return value }
    #expect(config != nil)
    try await root.shutdown()
    #expect(config == nil, "the root is still referenced, but shut down: it keeps nothing it built")
    withExtendedLifetime(root) {}
  }

  /// The same with plain threads resolving at once, then staying alive and idle while this one
  /// shuts the root down: a prototype over two singletons, each thread's cache holding both.
  @Test func whatOtherThreadsResolvedGoesAtShutdown() throws {
    weak var config: Config?
    weak var context: Context?
    let root = Container()
    root.register(Config.self) { _ in Config() }
    root.register(Context.self) { _ in Context() }
    root.register(Handler.self, scope: .prototype) { r in
      Handler(config: try r.resolve(Config.self), context: try r.resolve(Context.self))
    }
    let seen = Locked<Handler?>(nil)
    let resolved = DispatchSemaphore(value: 0)
    let finish = DispatchSemaphore(value: 0)
    for _ in 0..<2 {
      Thread {
        for _ in 0..<100 {
          let handler = try? root.resolve(Handler.self)
          _ = try? root.resolve(Config.self)
          seen.withLock { $0 = handler }
        }
        resolved.signal()
        finish.wait()
      }.start()
    }
    resolved.wait()
    resolved.wait()
    seen.withLock { handler in
      config = handler?.config
      context = handler?.context
      handler = nil
    }
    #expect(config != nil && context != nil)
    try root.shutdownSynchronously()
    #expect(config == nil, "no thread's cache keeps a shut-down container's singletons")
    #expect(context == nil)
    #expect(throws: ResolutionError.self) { try root.resolve(Config.self) }
    finish.signal()
    finish.signal()
    withExtendedLifetime(root) {}
  }

  /// Threads resolving from a root while it shuts down: each resolve answers (an instance) or
  /// refuses (shut down), nothing crashes or is used after it was let go of (under the thread
  /// sanitizer in `Scripts/test`), and once every thread is done nothing it built is alive.
  @Test func resolvesRacingAShutdownLeaveNothing() throws {
    let alive = AliveTally()
    for _ in 0..<20 {
      let root = Container()
      root.register(TalliedObject.self) { _ in TalliedObject(tally: alive) }
      root.register(Config.self) { _ in Config() }
      let started = DispatchSemaphore(value: 0)
      let group = DispatchGroup()
      for _ in 0..<2 {
        group.enter()
        Thread {
          started.signal()
          for _ in 0..<2_000 {
            _ = try? root.resolve(TalliedObject.self)
            _ = try? root.resolve(Config.self)
          }
          group.leave()
        }.start()
      }
      started.wait()
      try root.shutdownSynchronously()
      group.wait()
      // A build under way as it shut down may have finished after: its instance went to its
      // resolve, uncached, and is gone with it.
      #expect(alive.count == 0, "a shut-down root keeps nothing, whichever thread resolved it")
      withExtendedLifetime(root) {}
    }
  }

  /// A thread that resolved from the root and then never resolves again (a pool thread gone
  /// idle) still lets go: the shutting-down thread takes what its cache held.
  @Test func anIdleThreadsEntriesGoAtShutdown() throws {
    weak var config: Config?
    let root = Container()
    root.register(Config.self) { _ in Config() }
    let resolved = DispatchSemaphore(value: 0)
    let finish = DispatchSemaphore(value: 0)
    let seen = Locked<Config?>(nil)
    let thread = Thread {
      seen.withLock { $0 = try? root.resolve(Config.self) }
      _ = try? root.resolve(Config.self)  // a hit from this thread's cache
      resolved.signal()
      finish.wait()  // alive, and idle
    }
    thread.start()
    resolved.wait()
    config = seen.withLock { value in defer { value = nil }; return value }
    #expect(config != nil)
    try root.shutdownSynchronously()
    #expect(config == nil, "taken from the idle thread's cache by the thread that shut it down")
    finish.signal()
    withExtendedLifetime(root) {}
  }
}
