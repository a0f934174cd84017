import DIScope
import Dispatch
import Foundation
import TestSupport
import Testing

/// Run by `Scripts/test` under the thread sanitizer as well (`--filter StressTests`).
/// A pooled connection that counts its disposals.
private final class Pooled: AsyncDisposable, Sendable {
  let disposals = Counter()
  func dispose() async throws { disposals.increment() }
}

@Suite("Thread safety under contention")
struct StressTests {
  /// Instance numbers are drawn under the family lock by the paths that hold it (a routed
  /// singleton's build ending, a mock or a value pushed) and by taking it elsewhere (the general
  /// path's build): drawn from four threads at once, on every path, no number is given twice.
  @Test func instanceNumbersAreNeverGivenTwiceAcrossThreadsAndPaths() throws {
    let container = Container()
    let threads = 4
    let perThread = 40
    for thread in 0..<threads {
      for index in 0..<perThread {
        container.register(Db.self, name: "singleton-\(thread)-\(index)") { _ in Db() }
      }
    }
    let numbers = Locked<[Int]>([])
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      let child = container.makeChild(named: "request-\(thread)")
      var mine: [Int] = []
      for index in 0..<perThread {
        let name = "singleton-\(thread)-\(index)"
        _ = try? container.resolve(Db.self, name: name)  // a singleton built
        let mock = container.mock(Db.self, name: "mock-\(thread)-\(index)", with: Db())  // pushed
        mine += [name, "mock-\(thread)-\(index)"].compactMap { name in
          container.registrations(of: ServiceKey(Db.self, name: name)).first?.cachedInstanceNumber
        }
        container.remove(mock)
      }
      child.register(ContentCache.self, value: ContentCache())  // a value, kept inline
      mine += child.registrations(of: ServiceKey(ContentCache.self)).compactMap(\.cachedInstanceNumber)
      numbers.withLock { $0 += mine }
    }
    let all = numbers.withLock { $0 }
    #expect(all.count == threads * (2 * perThread + 1))
    #expect(Set(all).count == all.count)
    #expect(all.allSatisfy { $0 > 0 })
  }

  @Test func aSingletonsFactoryRunsExactlyOnceUnderContention() throws {
    for _ in 0..<20 {
      let container = Container()
      let builds = Counter()
      container.register(Db.self) { _ in builds.increment(); return Db() }
      let seen = Collected()
      DispatchQueue.concurrentPerform(iterations: 16) { _ in
        seen.add(try? container.resolve(Db.self))
      }
      #expect(builds.value == 1)
      #expect(seen.distinctCount == 1)
    }
  }

  @Test func waitersGetTheBuildersInstanceAndRetryAfterAFailure() throws {
    let container = Container()
    let builds = Counter()
    container.register(Db.self) { _ in
      builds.increment()
      usleep(2_000)  // long enough that the other threads find the build in progress and wait
      if builds.value == 1 { throw Boom.failed }
      return Db()
    }
    let seen = Collected()
    let failures = Counter()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      do { seen.add(try container.resolve(Db.self)) } catch { failures.increment() }
    }
    #expect(builds.value == 2, "the first build failed; exactly one other thread built it again")
    #expect(failures.value == 1)
    #expect(seen.distinctCount == 1)
  }

  /// Holders tracked while threads build, rebuild and swap, and others ask what is stale: every
  /// holdings read is of a whole build, under the lock (the thread sanitizer checks the rest).
  @Test func holdersAreTrackedAndReadWhileThreadsRebuildAndSwap() throws {
    let container = Container()
    container.tracksHolders = true
    container.install(AppAssembly())
    let tokens = container.stacks.flatMap(\.registrations).map(\.token)
    let failures = Counter()
    DispatchQueue.concurrentPerform(iterations: 6) { worker in
      for round in 0..<200 {
        switch (worker + round) % 3 {
        case 0:
          let token = container.mock(WebService.self, with: WebService(logger: NullLogger()))
          if (try? container.resolve(ControlContext.self)) == nil { failures.increment() }
          container.remove(token)
        case 1:
          let token = tokens[round % tokens.count]
          container.setCaching(false, for: token)
          container.setCaching(true, for: token)
          if (try? container.resolve(NoticeManager.self)) == nil { failures.increment() }
        default:
          for stale in container.staleReferences() where stale.holder.number == nil { failures.increment() }
          _ = container.explain(ControlContext.self).lines
        }
      }
    }
    #expect(failures.value == 0)
    // Once the threads are done and everything is rebuilt, nothing is stale.
    for token in tokens {
      container.setCaching(false, for: token)
      container.setCaching(true, for: token)
    }
    _ = try container.resolve(ControlContext.self)
    #expect(container.staleReferences().isEmpty)
  }

  /// Shutting down while threads resolve: each cached instance is disposed at most once, every
  /// resolve either gets an instance or a shut-down error, and nothing races (thread sanitizer).
  @Test func shuttingDownWhileThreadsResolveDisposesEachInstanceOnce() throws {
    final class Disposed: Disposable, Sendable {
      let count = Counter()
      func dispose() throws { count.increment() }
    }
    for _ in 0..<20 {
      let container = Container()
      let built = Locked<[Disposed]>([])
      container.register(Disposed.self) { _ in
        let instance = Disposed()
        built.withLock { $0.append(instance) }
        return instance
      }
      let unexpected = Counter()
      DispatchQueue.concurrentPerform(iterations: 6) { worker in
        if worker == 3 {
          try? container.shutdownSynchronously()
          return
        }
        for _ in 0..<50 {
          do { _ = try container.resolve(Disposed.self) } catch let error as ResolutionError where error.kind == .shutDown {
          } catch { unexpected.increment() }
        }
      }
      #expect(unexpected.value == 0)
      let counts = built.withLock { $0.map(\.count.value) }
      #expect(counts.allSatisfy { $0 <= 1 }, "disposed twice: \(counts)")
      #expect(counts.filter { $0 == 1 }.count <= 1)
    }
  }

  /// Async singletons under contention, and a shutdown racing the resolves (thread sanitizer):
  /// each factory runs once per build, every resolve gets the one instance or a shut-down error,
  /// and nothing is disposed twice.
  @Test func asyncSingletonsBuildOnceAndShutdownRacesTheirResolves() async throws {
    for _ in 0..<10 {
      let container = Container()
      let builds = Counter()
      let built = Locked<[Pooled]>([])
      container.register(Pooled.self) { _ in
        builds.increment()
        try await Task.sleep(nanoseconds: 100_000)
        let pooled = Pooled()
        built.withLock { $0.append(pooled) }
        return pooled
      }
      let unexpected = Counter()
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<16 {
          group.addTask {
            if index == 8 {
              try? await container.shutdown()
              return
            }
            do { _ = try await container.resolveAsync(Pooled.self) } catch let error as ResolutionError
              where error.kind == .shutDown {
            } catch { unexpected.increment() }
          }
        }
        try await group.waitForAll()
      }
      #expect(unexpected.value == 0)
      #expect(builds.value <= 2, "one build, and at most one more after a shutdown dropped it mid-build")
      #expect(built.withLock { $0.allSatisfy { $0.disposals.value <= 1 } })
    }
  }

  /// The same without the shutdown racing: every task gets the one instance, built once, and the
  /// shutdown after disposes it exactly once (a second shutdown finds nothing).
  @Test func concurrentAsyncResolvesShareOneInstanceThatIsDisposedExactlyOnce() async throws {
    for _ in 0..<10 {
      let container = Container()
      let builds = Counter()
      container.register(Pooled.self) { _ in
        builds.increment()
        try await Task.sleep(nanoseconds: 100_000)
        return Pooled()
      }
      let resolved = try await withThrowingTaskGroup(of: Pooled.self) { group in
        for _ in 0..<16 { group.addTask { try await container.resolveAsync(Pooled.self) } }
        return try await group.reduce(into: [Pooled]()) { $0.append($1) }
      }
      #expect(builds.value == 1)
      #expect(resolved.allSatisfy { $0 === resolved[0] })
      async let first: Void = container.shutdown()
      async let second: Void = container.shutdown()
      _ = try await (first, second)
      #expect(resolved[0].disposals.value == 1)
    }
  }

  @Test func registerResolveAndRemoveFromManyThreadsAtOnce() throws {
    let container = Container()
    container.install(AppAssembly())
    let failures = Counter()
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      for round in 0..<300 {
        switch (worker + round) % 4 {
        case 0:
          let token = container.mock((any Logger).self, with: NullLogger())
          if (try? container.resolve((any Logger).self)) == nil { failures.increment() }
          container.remove(token)
        case 1:
          if (try? container.resolve(ControlContext.self)) == nil { failures.increment() }
        case 2:
          let token = container.register(Db.self, scope: .graph) { _ in Db() }
          _ = try? container.resolve(Db.self)
          container.setCaching(round % 2 == 0, for: token)
          container.remove(token)
        default:
          let child = container.makeChild()
          child.register((any Logger).self) { _ in FileLogger() }
          if (try? child.resolve(NoticeManager.self)) == nil { failures.increment() }
        }
      }
    }
    #expect(failures.value == 0)
    #expect(try container.resolve((any Logger).self).label == "console")
  }

  /// A cycle of singletons entered from both ends at once: each thread builds one end and would
  /// wait for the other's. It must fail as a cycle on both threads, not hang.
  @Test func aCycleEnteredFromTwoThreadsAtOnceIsAnErrorNotADeadlock() throws {
    final class Left: Sendable { init(_ right: Right) {} }
    final class Right: Sendable { init(_ left: Left) {} }
    let container = Container()
    // Both threads hold their end before either asks for the other: each factory says it has
    // entered, then waits until both have (a rendezvous, not a sleep: a busy machine may start
    // the second thread late, and then it still meets the first one's build).
    let entered = Locked(0)
    let bothEntered: @Sendable () -> Void = {
      entered.withLock { $0 += 1 }
      let deadline = Date().addingTimeInterval(20)
      while entered.withLock({ $0 }) < 2 && Date() < deadline { usleep(1_000) }
    }
    container.register(Left.self) { r in
      bothEntered()
      return Left(try r.resolve(Right.self))
    }
    container.register(Right.self) { r in
      bothEntered()
      return Right(try r.resolve(Left.self))
    }
    // Two threads of their own, even on one core: each builds its end, and asks for the other
    // only once the other thread is building it.
    let errors = Locked<[ResolutionError]>([])
    let done = DispatchSemaphore(value: 0)
    for index in 0..<2 {
      Thread {
        do {
          if index == 0 { _ = try container.resolve(Left.self) } else { _ = try container.resolve(Right.self) }
        } catch let error as ResolutionError {
          errors.withLock { $0.append(error) }
        } catch {}
        done.signal()
      }.start()
    }
    for _ in 0..<2 { #expect(done.wait(timeout: .now() + 20) == .success, "deadlocked") }
    let found = errors.withLock { $0 }
    #expect(found.count == 2 && found.allSatisfy { $0.kind == .cycle }, "\(found)")
    #expect(
      found.contains { $0.message.contains("is being built on another thread, which waits for") },
      "one of them met the other's build: \(found.map(\.message))")
  }

  @Test func factoriesMayResolveAndRegisterWithoutDeadlock() throws {
    let container = Container()
    container.register(WebService.self) { r in
      // Registering from inside a factory must not deadlock on the container's lock.
      r.container.register(ContentCache.self) { _ in ContentCache() }
      return WebService(logger: try r.resolve((any Logger).self))
    }
    container.register((any Logger).self) { _ in ConsoleLogger() }
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      _ = try? container.resolve(WebService.self)
    }
    #expect(container.canResolve(ContentCache.self))
  }

  @Test func observersAttachAndDetachWhileOthersResolve() throws {
    let container = Container()
    container.install(AppAssembly())
    let events = Counter()
    DispatchQueue.concurrentPerform(iterations: 6) { worker in
      for _ in 0..<200 {
        if worker == 0 {
          let observation = container.observe { _ in events.increment() }
          observation.cancel()
        } else {
          _ = try? container.resolve(NoticeManager.self)
        }
      }
    }
    #expect(try container.resolve(NoticeManager.self).webService === container.resolve(WebService.self))
  }

  /// A debug client's observer paused and resumed while threads resolve (its queue filling and
  /// being taken): every step is either handed to it or counted as skipped, exactly once, on the
  /// paths that build no event while it is paused and on those that do.
  @Test func aPausedObserverCountsEveryStepItMissesWhileThreadsResolve() throws {
    let container = Container()
    container.register(Db.self, scope: .prototype) { _ in Db() }  // a step per resolve
    container.register(ContentCache.self) { _ in ContentCache() }  // built once, then cached
    let handed = Counter()
    let observation = container.observe { event in
      if case .resolved = event { handed.increment() }
    }
    let skipped = Counter()
    let finished = Counter()
    let workers = 4
    let rounds = 2_000
    // The client's side, on a thread of its own until the resolving threads are done: pause as
    // if its queue were full, resume as if the queue were taken.
    let toggled = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      var round = 0
      while finished.value < workers {
        if round % 2 == 0 { observation.pause() } else { skipped.add(observation.resume()) }
        round += 1
      }
      toggled.signal()
    }
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      for round in 0..<rounds {
        if round % 2 == 0 { _ = try? container.resolve(Db.self) } else { _ = try? container.resolve(ContentCache.self) }
      }
      finished.increment()
    }
    toggled.wait()
    skipped.add(observation.resume())
    #expect(handed.value + skipped.value == workers * rounds, "handed \(handed.value), skipped \(skipped.value)")
    observation.cancel()
  }

  @Test func theFastPathNeverAnswersForARemovedRegistration() throws {
    let container = Container()
    container.register((any Logger).self) { _ in ConsoleLogger() }
    for _ in 0..<500 {
      let token = container.register((any Logger).self) { _ in NullLogger() }
      let seen = Collected()
      DispatchQueue.concurrentPerform(iterations: 4) { _ in
        seen.add(try? container.resolve((any Logger).self))
      }
      container.remove(token)
      // After the remove returns, every thread must see the registration below.
      DispatchQueue.concurrentPerform(iterations: 4) { _ in
        let label = (try? container.resolve((any Logger).self))?.label
        if label != "console" { Issue.record("saw \(label ?? "nil") after remove") }
      }
    }
  }
}

/// Identities seen by several threads.
final class Collected: Sendable {
  private let ids = Locked<Set<ObjectIdentifier>>([])
  func add(_ object: AnyObject?) {
    guard let object else { return }
    ids.withLock { _ = $0.insert(ObjectIdentifier(object)) }
  }
  var distinctCount: Int { ids.withLock { $0.count } }
}

