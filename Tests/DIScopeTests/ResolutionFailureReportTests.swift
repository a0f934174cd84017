import DIScope
import Testing

/// Which resolve reports a failure to observers: the root of its resolution, once, whichever
/// engine ran it. The async engine runs the synchronous parts of a resolution through the
/// synchronous engine, which used to report each failed part as a root failure of its own (with
/// that part's path alone), while a failed `async` resolution reported nothing of its own.
@Suite("A failure is reported once, by the root of its resolution")
struct ResolutionFailureReportTests {
  private final class Missing: Sendable {}
  private final class AsyncService: Sendable { init(_: Missing) {} }
  private final class SyncService: Sendable { init(_: Missing) {} }

  /// The failures `body` made observers hear, and the error it threw.
  private func reportedFailures(
    of container: Container, _ body: () async throws -> Void
  ) async -> (reported: [ResolutionError], thrown: ResolutionError?) {
    let log = EventLog()
    let observation = container.observe { log.append($0) }
    defer { observation.cancel() }
    var thrown: ResolutionError?
    do { try await body() } catch { thrown = error as? ResolutionError }
    let reported = log.all.compactMap { event -> ResolutionError? in
      if case .resolutionFailed(let error, _) = event { error } else { nil }
    }
    return (reported, thrown)
  }

  @Test func anAsyncResolutionsFailureIsReportedOnceWithItsWholePath() async throws {
    let container = Container()
    container.register(AsyncService.self) { r in AsyncService(try await r.resolve(Missing.self)) }
    let (reported, thrown) = await reportedFailures(of: container) {
      _ = try await container.resolveAsync(AsyncService.self)
    }
    let error = try #require(thrown)
    #expect(error.path.count == 2, "\(error.path)")
    #expect(reported.count == 1, "\(reported.map(\.message))")
    #expect(reported.first?.path == error.path)
    #expect(reported.first?.message == error.message)
  }

  @Test func aSynchronousServiceFailsAlikeThroughEitherEntryPoint() async throws {
    let container = Container()
    container.register(SyncService.self) { r in SyncService(try r.resolve(Missing.self)) }
    let sync = await reportedFailures(of: container) { _ = try container.resolve(SyncService.self) }
    let async = await reportedFailures(of: container) { _ = try await container.resolveAsync(SyncService.self) }
    #expect(sync.reported.count == 1)
    #expect(async.reported.count == 1)
    #expect(async.reported.first?.path == sync.reported.first?.path)
    #expect(async.reported.first?.message == sync.reported.first?.message)
    #expect(async.thrown?.path == sync.thrown?.path)
  }

  /// An eager registration that fails reports the same events on both engines: its synchronous
  /// build, and its `async` one in a task.
  @Test func aFailedEagerBuildIsReportedAlikeByBothEngines() async throws {
    func kinds(_ events: [ContainerEvent]) -> [String] {
      events.compactMap { event in
        switch event {
        case .resolutionFailed: "resolutionFailed"
        case .eagerBuildFailed: "eagerBuildFailed"
        default: nil
        }
      }
    }
    let syncContainer = Container()
    let syncLog = EventLog()
    let syncObservation = syncContainer.observe { syncLog.append($0) }
    syncContainer.register(SyncService.self, scope: .eager) { r in SyncService(try r.resolve(Missing.self)) }
    syncObservation.cancel()

    let asyncContainer = Container()
    let asyncLog = EventLog()
    let asyncObservation = asyncContainer.observe { asyncLog.append($0) }
    asyncContainer.register(AsyncService.self, scope: .eager) { r in AsyncService(try await r.resolve(Missing.self)) }
    await asyncContainer.eagerBuildsFinished()
    asyncObservation.cancel()

    #expect(!kinds(syncLog.all).isEmpty)
    #expect(kinds(asyncLog.all) == kinds(syncLog.all))
  }
}
