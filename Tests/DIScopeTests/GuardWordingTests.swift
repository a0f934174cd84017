import DIScope
import Testing

/// The build guard's errors and a factory's failure are worded once, whichever engine met them:
/// a thread's resolve and a task's `resolveAsync` over the same shape of registrations give the
/// same error, field for field. (The async engine's runaway depth named its whole path, 200
/// services, with no hint; its cycle and failure were worded by copies of the thread's text.)
@Suite("The guard's errors, alike on both engines")
struct GuardWordingTests {
  private final class Link: Sendable {
    init(_: Link?) {}
  }
  private struct Broken: Error {}

  /// What the two resolves of `name` threw: the synchronous engine's, over factories registered
  /// by `registerSync`, and the async one's, over `registerAsync`'s.
  private func errors(
    resolving name: String, registerSync: (Container) -> Void, registerAsync: (Container) -> Void
  ) async throws -> (sync: ResolutionError, async: ResolutionError) {
    let syncContainer = Container()
    registerSync(syncContainer)
    let sync = try #require(throws: ResolutionError.self) { try syncContainer.resolve(Link.self, name: name) }
    let asyncContainer = Container()
    registerAsync(asyncContainer)
    let async = try await #require(throws: ResolutionError.self) {
      try await asyncContainer.resolveAsync(Link.self, name: name)
    }
    return (sync, async)
  }

  private func expectAlike(_ sync: ResolutionError, _ async: ResolutionError, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(async.kind == sync.kind, sourceLocation: sourceLocation)
    #expect(async.message == sync.message, sourceLocation: sourceLocation)
    #expect(async.path == sync.path, sourceLocation: sourceLocation)
    #expect(async.omittedFromPath == sync.omittedFromPath, sourceLocation: sourceLocation)
    #expect(async.cycle == sync.cycle, sourceLocation: sourceLocation)
  }

  @Test func aRunawayDepthIsWordedAlike() async throws {
    let count = Container.maximumDepth + 50
    let (sync, async) = try await errors(
      resolving: "l0",
      registerSync: { container in
        for index in 0..<count {
          container.register(Link.self, name: "l\(index)", scope: .prototype) { r in
            Link(try r.resolve(Link.self, name: "l\(index + 1)"))
          }
        }
      },
      registerAsync: { container in
        for index in 0..<count {
          container.register(Link.self, name: "l\(index)", scope: .prototype) { r in
            Link(try await r.resolve(Link.self, name: "l\(index + 1)"))
          }
        }
      })
    #expect(sync.kind == .tooDeep)
    #expect(async.omittedFromPath > 0, "the path's middle is left out: \(async.path.count) names")
    #expect(async.hints == sync.hints)
    expectAlike(sync, async)
  }

  @Test func aCycleIsWordedAlikeButForTheProviderToBreakItWith() async throws {
    let (sync, async) = try await errors(
      resolving: "a",
      registerSync: { container in
        container.register(Link.self, name: "a", scope: .prototype) { r in Link(try r.resolve(Link.self, name: "b")) }
        container.register(Link.self, name: "b", scope: .prototype) { r in Link(try r.resolve(Link.self, name: "a")) }
      },
      registerAsync: { container in
        container.register(Link.self, name: "a", scope: .prototype) { r in Link(try await r.resolve(Link.self, name: "b")) }
        container.register(Link.self, name: "b", scope: .prototype) { r in Link(try await r.resolve(Link.self, name: "a")) }
      })
    #expect(sync.kind == .cycle)
    expectAlike(sync, async)
  }

  @Test func aFactorysFailureIsWordedAlike() async throws {
    let (sync, async) = try await errors(
      resolving: "top",
      registerSync: { container in
        container.register(Link.self, name: "top", scope: .prototype) { r in Link(try r.resolve(Link.self, name: "bad")) }
        container.register(Link.self, name: "bad", scope: .prototype) { _ -> Link in throw Broken() }
      },
      registerAsync: { container in
        container.register(Link.self, name: "top", scope: .prototype) { r in Link(try await r.resolve(Link.self, name: "bad")) }
        container.register(Link.self, name: "bad", scope: .prototype) { _ async throws -> Link in throw Broken() }
      })
    #expect(sync.kind == .factoryFailed)
    expectAlike(sync, async)
  }
}
