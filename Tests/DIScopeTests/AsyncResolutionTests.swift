import Foundation
import DIScope
import TestSupport
import Testing

/// A connection opened with `await`.
final class AsyncDb: Sendable {
  let number: Int
  init(number: Int) { self.number = number }
  static func open(_ number: Int) async throws -> AsyncDb {
    try await Task.sleep(nanoseconds: 2_000_000)
    return AsyncDb(number: number)
  }
}

/// Holds an async service; built synchronously would be impossible.
final class Repository: Sendable {
  let db: AsyncDb
  let logger: any Logger
  init(db: AsyncDb, logger: any Logger) {
    self.db = db
    self.logger = logger
  }
}

/// A synchronous service that needs an async one: the path a sync resolve cannot take.
final class SyncNeedsAsync: Sendable {
  init(db: AsyncDb) {}
}

@MainActor final class ScreenModel {
  let logger: any Logger
  init(logger: any Logger) { self.logger = logger }
}

@Suite("async factories")
struct AsyncResolutionTests {
  @Test func anAsyncFactoryResolvesWithAwaitAndItsDependenciesMayBeEither() async throws {
    let container = Container()
    container.register((any Logger).self) { _ in ConsoleLogger() }
    container.register(AsyncDb.self) { _ in try await AsyncDb.open(1) }
    container.register(Repository.self, scope: .prototype) { r in
      Repository(db: try await r.resolve(AsyncDb.self), logger: try await r.resolve((any Logger).self))
    }
    let first = try await container.resolveAsync(Repository.self)
    let second = try await container.resolveAsync(Repository.self)
    #expect(first !== second, "a prototype")
    #expect(first.db === second.db, "one singleton database")
    // A synchronous registration resolves through the async entry point too.
    let logger = try await container.resolveAsync((any Logger).self)
    #expect(logger === first.logger && logger.label == "console")
  }

  @Test func aSynchronousResolveOfAnAsyncServiceFailsNamingTheCallToUse() throws {
    let container = Container()
    container.register(AsyncDb.self) { _ in try await AsyncDb.open(1) }
    container.register(SyncNeedsAsync.self) { r in SyncNeedsAsync(db: try r.resolve(AsyncDb.self)) }
    let direct = try #require(throws: ResolutionError.self) { try container.resolve(AsyncDb.self) }
    #expect(direct.kind == .needsAwait)
    #expect(direct.message == "'AsyncDb' (t1) has an async factory, which a synchronous resolve cannot wait for")
    #expect(direct.hint == "resolve it with 'try await container.resolveAsync(AsyncDb.self)'")
    let onThePath = try #require(throws: ResolutionError.self) { try container.resolve(SyncNeedsAsync.self) }
    #expect(onThePath.path == ["SyncNeedsAsync", "AsyncDb"])
    #expect(onThePath.hint?.contains("inject an AsyncProvider<AsyncDb>") == true)
  }

  @Test func existingSynchronousResolvesInsideAsyncFunctionsNeedNoAwait() async throws {
    let container = Container()
    container.register((any Logger).self) { _ in ConsoleLogger() }
    // No `await` on a synchronous resolve in an async context: it must keep compiling as it is.
    let logger = try container.resolve((any Logger).self)
    #expect(logger.label == "console")
  }

  @Test func anAsyncSingletonIsBuiltOnceHoweverManyTasksResolveIt() async throws {
    let container = Container()
    let builds = Counter()
    container.register(AsyncDb.self) { _ in
      builds.increment()
      return try await AsyncDb.open(builds.value)
    }
    let numbers = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<50 { group.addTask { ObjectIdentifier(try await container.resolveAsync(AsyncDb.self)) } }
      return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(builds.value == 1)
    #expect(numbers.count == 1)
  }

  /// One rule for a failed shared build, whichever engine claimed it (`SharedClaim`): the failure
  /// is the error of the resolve that built, and every resolve that waited for it claims again;
  /// the first to claim builds, the others wait for that build. So with ten concurrent resolves
  /// and a factory that fails once: two builds, one failure — on threads and on tasks alike.
  @Test func aFailedSharedBuildIsItsOwnResolvesErrorAndItsWaitersClaimAgain() async throws {
    func factoryFailingOnce(_ builds: Counter) -> @Sendable () throws -> Int {
      {
        builds.increment()
        let number = builds.value
        usleep(5_000)
        if number == 1 { throw Boom.failed }
        return number
      }
    }
    // On threads: `resolve`.
    let threadBuilds = Counter()
    let threadContainer = Container()
    let makeOnThread = factoryFailingOnce(threadBuilds)
    threadContainer.register(Db.self) { _ in _ = try makeOnThread(); return Db() }
    let threadFailures = Counter()
    DispatchQueue.concurrentPerform(iterations: 10) { _ in
      if (try? threadContainer.resolve(Db.self)) == nil { threadFailures.increment() }
    }
    // On tasks: `resolveAsync` of an `async` factory.
    let taskBuilds = Counter()
    let taskContainer = Container()
    let makeInTask = factoryFailingOnce(taskBuilds)
    taskContainer.register(AsyncDb.self) { _ in
      await Task.yield()
      return AsyncDb(number: try makeInTask())
    }
    let taskFailures = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<10 {
        group.addTask { (try? await taskContainer.resolveAsync(AsyncDb.self)) == nil }
      }
      return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }
    #expect(threadBuilds.value == 2 && threadFailures.value == 1, "threads: one failed build, then one more")
    #expect(taskBuilds.value == 2 && taskFailures == 1, "tasks: the same as threads")
    #expect(try await taskContainer.resolveAsync(AsyncDb.self).number == 2)
  }

  @Test func aGraphScopedAsyncServiceIsSharedWithinOneRootResolve() async throws {
    final class Pair: Sendable {
      let a: AsyncDb, b: AsyncDb
      init(a: AsyncDb, b: AsyncDb) { self.a = a; self.b = b }
    }
    let container = Container()
    let builds = Counter()
    container.register(AsyncDb.self, scope: .graph) { _ in
      builds.increment()
      return try await AsyncDb.open(builds.value)
    }
    container.register(Pair.self, scope: .prototype) { r in
      Pair(a: try await r.resolve(AsyncDb.self), b: try await r.resolve(AsyncDb.self))
    }
    let pair = try await container.resolveAsync(Pair.self)
    #expect(pair.a === pair.b)
    let next = try await container.resolveAsync(Pair.self)
    #expect(next.a !== pair.a)
  }

  @Test func anAsyncCycleIsAnErrorWithItsPath() async throws {
    let container = Container()
    container.register(CycleA.self) { r in CycleA(try await r.resolve(CycleB.self)) }
    container.register(CycleB.self) { r in CycleB(try await r.resolve(CycleC.self)) }
    container.register(CycleC.self) { r in CycleC(try await r.resolve(CycleA.self)) }
    let error = try await #require(throws: ResolutionError.self) { try await container.resolveAsync(CycleA.self) }
    #expect(error.kind == .cycle)
    #expect(error.message == "dependency cycle: CycleA -> CycleB -> CycleC -> CycleA")
  }

  @Test func aCycleEnteredFromTwoTasksAtOnceIsAnErrorNotADeadlock() async throws {
    final class Left: Sendable { init(_ right: Right) {} }
    final class Right: Sendable { init(_ left: Left) {} }
    let container = Container()
    container.register(Left.self) { r in
      try await Task.sleep(nanoseconds: 20_000_000)
      return Left(try await r.resolve(Right.self))
    }
    container.register(Right.self) { r in
      try await Task.sleep(nanoseconds: 20_000_000)
      return Right(try await r.resolve(Left.self))
    }
    async let left: Left? = try? container.resolveAsync(Left.self)
    async let right: Right? = try? container.resolveAsync(Right.self)
    let (l, r) = await (left, right)
    #expect(l == nil && r == nil)
  }

  @Test func anAsyncProviderGivesAssistedInjectionOfAnAsyncService() async throws {
    final class Report: Sendable {
      let month: String
      init(month: String) { self.month = month }
    }
    final class Reports: Sendable {
      let make: AsyncProvider<Report, String>
      init(make: AsyncProvider<Report, String>) { self.make = make }
    }
    let container = Container()
    container.register(Report.self) { (_: AsyncResolver, month: String) in
      try await Task.sleep(nanoseconds: 1_000)
      return Report(month: month)
    }
    // A synchronous factory can hold an async service's provider.
    container.register(Reports.self) { r in Reports(make: try r.resolve(AsyncProvider<Report, String>.self)) }
    let reports = try container.resolve(Reports.self)
    #expect(try await reports.make("2026-11").month == "2026-11")
    #expect(try await container.resolveAsync(Report.self, arguments: "2026-12").month == "2026-12")
  }

  @Test func anEagerAsyncSingletonStartsBuildingAsItIsRegistered() async throws {
    let container = Container()
    let builds = Counter()
    container.register(AsyncDb.self, scope: .eager) { _ in
      builds.increment()
      return try await AsyncDb.open(7)
    }
    #expect(try await container.resolveAsync(AsyncDb.self).number == 7)
    #expect(builds.value == 1)
  }

  @Test func anAsyncSingletonIsDisposedAtShutdownAndOnlyTheAsyncValidateChecksIt() async throws {
    final class Pool: AsyncDisposable, Sendable {
      let closed = Locked(false)
      func dispose() async throws { closed.withLock { $0 = true } }
    }
    let container = Container()
    container.register(Pool.self) { _ in
      try await Task.sleep(nanoseconds: 1_000)
      return Pool()
    }
    let validateSynchronously: () -> ValidationReport = { container.validate() }
    #expect(validateSynchronously().unchecked.map(\.token.description) == ["t1"])
    let report = await container.validate()
    #expect(report.isEmpty && report.isComplete, "\(report)")
    let pool = try await container.resolveAsync(Pool.self)
    try await container.shutdown()
    #expect(pool.closed.withLock { $0 })
  }
}

@Suite("@MainActor factories")
struct MainActorResolutionTests {
  @MainActor @Test func aMainActorServiceResolvesSynchronouslyOnTheMainActor() throws {
    let container = Container()
    container.register((any Logger).self) { _ in ConsoleLogger() }
    container.register(ScreenModel.self) { @MainActor r in ScreenModel(logger: try r.resolve((any Logger).self)) }
    let model = try container.resolve(ScreenModel.self)
    #expect(model === (try container.resolve(ScreenModel.self)))
  }

  @Test func offTheMainActorASynchronousResolveIsAnErrorAndAnAwaitedOneWorks() async throws {
    let container = Container()
    container.register((any Logger).self) { _ in ConsoleLogger() }
    container.register(ScreenModel.self) { @MainActor r in ScreenModel(logger: try r.resolve((any Logger).self)) }
    let error = try await Task.detached {
      do {
        _ = try container.resolve(ScreenModel.self)
        return nil as ResolutionError?
      } catch let error as ResolutionError { return error }
    }.value
    #expect(error?.kind == .offMainActor)
    #expect(error?.message == "'ScreenModel' (t2) is built on the main actor, and this synchronous resolve runs off it")
    let first = try await Task.detached { try await container.resolveAsync(ScreenModel.self) }.value
    let second = try await container.resolveAsync(ScreenModel.self)
    #expect(first === second)
  }

  /// A synchronous service that uses a `@MainActor` one: awaited from anywhere, it is built on
  /// the main actor, where its dependency may be; the hint of the synchronous failure names the
  /// call that works.
  @Test func aSynchronousServiceOverAMainActorOneResolvesWithAwaitFromAnywhere() async throws {
    final class Screen: Sendable {
      let model: ScreenModel
      init(model: ScreenModel) { self.model = model }
    }
    let container = Container()
    container.register((any Logger).self) { _ in ConsoleLogger() }
    container.register(ScreenModel.self) { @MainActor r in ScreenModel(logger: try r.resolve((any Logger).self)) }
    container.register(Screen.self, scope: .prototype) { r in Screen(model: try r.resolve(ScreenModel.self)) }
    let error = await Task.detached { () -> ResolutionError? in
      do {
        _ = try container.resolve(Screen.self)
        return nil
      } catch let error as ResolutionError { return error } catch { return nil }
    }.value
    #expect(error?.kind == .offMainActor)
    #expect(error?.path == ["Screen", "ScreenModel"])
    #expect(error?.hint?.contains("resolveAsync(Screen.self)") == true)
    let screen = try await Task.detached { try await container.resolveAsync(Screen.self) }.value
    let model = try await container.resolveAsync(ScreenModel.self)
    #expect(screen.model === model, "the main-actor singleton, built once")
  }
}

/// Settings read before the database can open.
final class Settings: Sendable {
  let url = "postgres://localhost/app"
}
final class Database: Sendable {
  let url: String
  init(url: String) { self.url = url }
  static func connect(url: String) async throws -> Database {
    await Task.yield()
    return Database(url: url)
  }
}
@MainActor final class SettingsViewModel {
  let settings: Settings
  init(settings: Settings) { self.settings = settings }
}

@Suite("README: async and @MainActor")
struct ReadmeAsyncTests {
  @MainActor @Test func theReadmeExampleRuns() async throws {
    let container = Container()
    // --- README: async ---
    container.register(Settings.self) { _ in Settings() }
    container.register(Database.self) { r in  // an async factory: resolved with await
      try await Database.connect(url: try await r.resolve(Settings.self).url)
    }
    let db = try await container.resolveAsync(Database.self)  // built once, however many await it
    container.register(SettingsViewModel.self) { @MainActor r in
      SettingsViewModel(settings: try r.resolve(Settings.self))
    }
    let model = try container.resolve(SettingsViewModel.self)  // synchronously, on the main actor
    #expect(db.url == model.settings.url)
    // --- end ---
  }
}
