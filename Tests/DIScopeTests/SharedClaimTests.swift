import DIScope
import Dispatch
import Foundation
import Testing

/// The claim of a shared build (`SharedClaim`): a build a change overtakes keeps nothing, on the
/// synchronous and the async engine alike.
@Suite("A shared build's claim")
struct SharedClaimTests {
  final class Slow: Sendable {}

  /// A singleton removed while its first build is under way (nothing cached yet, no observer):
  /// the build's instance goes to its resolve alone. Neither the removed registration nor the
  /// building thread's cache keeps it (before, the build was stored in the removed registration,
  /// and in the thread's entry, and never disposed).
  @Test func aBuildOvertakenByARemovalKeepsNothing() throws {
    let container = Container()
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let token = container.register(Slow.self) { _ in
      entered.signal()
      release.wait()
      return Slow()
    }
    let built = WeakProbe()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      let answered = built.keep(try? container.resolve(Slow.self))
      #expect(answered, "the resolve that built it is answered")
      done.signal()
      // Alive, and idle: its cache would hold what it stored.
      Thread.sleep(forTimeInterval: 0.5)
    }
    thread.start()
    entered.wait()
    #expect(container.remove(token))
    release.signal()
    done.wait()
    #expect(built.isGone, "kept by nothing once its resolve let go of it")
    withExtendedLifetime(container) {}
  }

  /// The same on the async engine: an `async` singleton whose scope changes while it is built.
  @Test func anAsyncBuildOvertakenByAScopeChangeKeepsNothing() async throws {
    let container = Container()
    let gate = AsyncGate()
    let token = container.register(Slow.self) { _ in
      await gate.enterAndWait()
      return Slow()
    }
    let built = WeakProbe()
    // The task keeps no result: only the probe's weak reference sees the instance.
    let task = Task {
      let answered = built.keep(try await container.resolveAsync(Slow.self))
      #expect(answered, "the resolve that built it is answered")
    }
    await gate.waitUntilEntered()
    #expect(container.setCaching(false, for: token))
    #expect(container.setCaching(true, for: token))
    await gate.open()
    try await task.value
    #expect(built.isGone, "the build was overtaken: nothing keeps it")
    let again = try await container.resolveAsync(Slow.self)
    #expect(try await container.resolveAsync(Slow.self) === again, "built again, and cached")
  }
}

/// A weak reference another thread or task fills.
///
/// `@unchecked Sendable`: the reference is read and written under `lock` only.
final class WeakProbe: @unchecked Sendable {
  private let lock = NSLock()
  private weak var object: AnyObject?

  /// Keeps a weak reference to `object`; returns whether there was one.
  func keep(_ object: AnyObject?) -> Bool {
    lock.withLock { self.object = object }
    return object != nil
  }

  var isGone: Bool { lock.withLock { object == nil } }
}

/// A one-shot gate for an async factory: the test waits until the factory entered, then opens it.
actor AsyncGate {
  private var entered = false
  private var isOpen = false
  private var enteredWaiters: [CheckedContinuation<Void, Never>] = []
  private var openWaiters: [CheckedContinuation<Void, Never>] = []

  func enterAndWait() async {
    entered = true
    enteredWaiters.forEach { $0.resume() }
    enteredWaiters = []
    if isOpen { return }
    await withCheckedContinuation { openWaiters.append($0) }
  }

  func waitUntilEntered() async {
    if entered { return }
    await withCheckedContinuation { enteredWaiters.append($0) }
  }

  func open() {
    isOpen = true
    openWaiters.forEach { $0.resume() }
    openWaiters = []
  }
}
