import DIScope
import Foundation
import TestSupport
import Testing

/// Each factory's time, whole and its own, for an observer that asks (`observe(timingBuilds:)`).
@Suite struct BuildTimeTests {
  final class Slow: Sendable {}
  final class Outer: Sendable {
    let slow: Slow
    init(slow: Slow) { self.slow = slow }
  }

  /// The times of each created step: `Outer` sleeps 2 ms and needs `Slow`, which sleeps 6 ms.
  private func times(
    of resolve: (Container) async throws -> Void, async: Bool
  ) async throws -> [String: BuildTime] {
    let container = Container()
    container.register(Slow.self, scope: .prototype) { _ in
      usleep(6_000)
      return Slow()
    }
    if async {
      container.register(Outer.self, scope: .prototype) { r async throws in
        usleep(2_000)
        return Outer(slow: try await r.resolve(Slow.self))
      }
    } else {
      container.register(Outer.self, scope: .prototype) { r in
        usleep(2_000)
        return Outer(slow: try r.resolve(Slow.self))
      }
    }
    let times = Locked<[String: BuildTime]>([:])
    let observation = container.observe(timingBuilds: true) { event in
      if case .resolved(let step) = event, let time = step.buildTime {
        times.withLock { $0[step.key.serviceName] = time }
      }
    }
    try await resolve(container)
    observation.cancel()
    return times.withLock { $0 }
  }

  @Test(arguments: [false, true])
  func aFactorysOwnTimeLeavesOutItsDependenciesBuilds(async: Bool) async throws {
    let times = try await times(
      of: { container in
        if async { _ = try await container.resolveAsync(Outer.self) } else { _ = try container.resolve(Outer.self) }
      }, async: async)
    let outer = try #require(times["Outer"])
    let slow = try #require(times["Slow"])
    #expect(slow.ownNanoseconds >= 6_000_000 && slow.nanoseconds == slow.ownNanoseconds)
    #expect(outer.nanoseconds >= 8_000_000)
    // Its own time: at least its own sleep, and none of its dependency's build (a sleep may
    // overrun on a loaded machine, so no upper bound but that one).
    #expect(outer.ownNanoseconds >= 2_000_000)
    #expect(outer.nanoseconds - outer.ownNanoseconds >= slow.nanoseconds)
    // The dependency's build lies within its dependent's.
    #expect(slow.startNanoseconds >= outer.startNanoseconds)
    #expect(slow.startNanoseconds + slow.nanoseconds <= outer.startNanoseconds + outer.nanoseconds)
  }

  /// Untimed unless asked: a plain observer's steps carry no time, nor do they once the timing
  /// observer is cancelled; a cached answer never does.
  @Test func stepsAreTimedOnlyWhileAnObserverAsks() throws {
    let container = Container()
    container.register(Slow.self, scope: .prototype) { _ in Slow() }
    container.register(Outer.self) { r in Outer(slow: try r.resolve(Slow.self)) }
    let times = Locked<[BuildTime?]>([])
    let record: @Sendable (consuming ContainerEvent) -> Void = { event in
      if case .resolved(let step) = event { times.withLock { $0.append(step.buildTime) } }
    }
    let plain = container.observe(record)
    _ = try container.resolve(Slow.self)
    plain.cancel()
    let timed = container.observe(timingBuilds: true, record)
    _ = try container.resolve(Slow.self)
    _ = try container.resolve(Outer.self)  // Slow created, then Outer created
    _ = try container.resolve(Outer.self)  // cached
    timed.cancel()
    let again = container.observe(record)
    _ = try container.resolve(Slow.self)
    again.cancel()
    let recorded = times.withLock { $0 }.map { $0 != nil }
    #expect(recorded == [false, true, true, true, false, false])
  }
}
