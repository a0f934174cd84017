import DIScope
import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

/// A change that lets go of a cached instance (a removal, a scope or caching change) lets go of
/// it in every thread's cache at once, not when each thread next resolves the key: an idle
/// thread of a pool that resolved it once would keep it (and whatever it holds) for good. Found
/// by the model-based test (`ModelBasedTests`). Run by `Scripts/test` under the thread sanitizer
/// as well.
@Suite("A change lets go on every thread")
struct ChangeLetsGoTests {
  final class Service: Sendable {}

  enum Change: CaseIterable, CustomTestStringConvertible {
    case remove, prototypeScope, cachingOff
    var testDescription: String { "\(self)" }

    func apply(to container: Container, token: RegistrationToken) throws {
      switch self {
      case .remove: #expect(container.remove(token))
      case .prototypeScope: #expect(try container.setScope(.prototype, for: token))
      case .cachingOff: #expect(container.setCaching(false, for: token))
      }
    }
  }

  /// Another thread resolves the singleton, then stays alive and idle; this one changes its
  /// registration: it goes at once.
  @Test(arguments: Change.allCases)
  func anIdleThreadsCachedInstanceGoesWithTheChange(_ change: Change) throws {
    weak var service: Service?
    let container = Container()
    let token = container.register(Service.self) { _ in Service() }
    let seen = Locked<Service?>(nil)
    let resolved = DispatchSemaphore(value: 0)
    let finish = DispatchSemaphore(value: 0)
    Thread {
      seen.withLock { $0 = try? container.resolve(Service.self) }
      _ = try? container.resolve(Service.self)  // a hit from its cache
      resolved.signal()
      finish.wait()
    }.start()
    resolved.wait()
    service = seen.withLock { value in defer { value = nil }; return value }
    #expect(service != nil)
    try change.apply(to: container, token: token)
    #expect(service == nil, "the idle thread's cache let go of it with the change")
    finish.signal()
  }

  /// Threads resolving while another removes and registers again: every resolve answers or
  /// refuses, nothing is used after it was let go of (under the thread sanitizer), and once the
  /// threads are done and the last registration removed, nothing built is alive.
  @Test func changesRacingResolvesLeaveNothing() throws {
    let alive = AliveTally()
    let container = Container()
    let stop = Atomic(false)
    let group = DispatchGroup()
    for _ in 0..<2 {
      group.enter()
      Thread {
        while !stop.load(ordering: .relaxed) { _ = try? container.resolve(TalliedObject.self) }
        // A resolve that read an instance just before a removal may have kept it in this
        // thread's cache just after (its entry invalid, but holding it): a change of the key on
        // this thread lets go of this thread's own entry, whatever it holds.
        let token = container.register(TalliedObject.self) { _ in TalliedObject(tally: alive) }
        _ = try? container.resolve(TalliedObject.self)
        container.remove(token)
        group.leave()
      }.start()
    }
    for _ in 0..<300 {
      let token = container.register(TalliedObject.self) { _ in TalliedObject(tally: alive) }
      _ = try? container.resolve(TalliedObject.self)
      container.remove(token)
    }
    stop.store(true, ordering: .relaxed)
    group.wait()
    #expect(alive.count == 0)
  }
}
