#if Tracing
  import DIScope
  import DIScopeTracing
  import Foundation
  import InMemoryTracing
  import Testing
  import Tracing

  /// Slow root resolutions reach the app's own traces as spans, with the slow builds under them;
  /// fast ones and cached ones add nothing. A slow factory sleeps 50 ms against a 20 ms threshold
  /// (a sleep never ends early); a fast one is measured against 5 s, which no trivial factory
  /// reaches on a loaded machine.
  @Suite struct SlowResolutionTracingTests {
    final class Database: Sendable {
      init() { Thread.sleep(forTimeInterval: 0.05) }
    }
    final class Repository: Sendable {
      let database: Database
      init(database: Database) { self.database = database }
    }
    final class Clock: Sendable {}

    func container() -> Container {
      let container = Container(name: "app")
      container.register(Database.self) { _ in Database() }
      container.register(Repository.self, scope: .prototype) { r in Repository(database: try r.resolve(Database.self)) }
      container.register(Clock.self) { _ in Clock() }
      return container
    }

    @Test func aSlowResolutionIsASpanOfTheRequestItDelayed() throws {
      let tracer = InMemoryTracer()
      let container = container()
      // --- README: trace-slow ---
      // import DIScopeTracing: the package's Tracing trait; `tracer:` defaults to the bootstrapped one
      let tracing = container.traceSlowResolutions(atLeast: .milliseconds(20), tracer: tracer)
      defer { tracing.cancel() }
      // --- end ---
      let request = tracer.startSpan("GET /orders")
      ServiceContext.withValue(request.context) {
        _ = try? container.resolve(Repository.self)
      }
      request.end()
      let spans = tracer.finishedSpans
      let root = try #require(spans.first { $0.operationName == "resolve Repository" }, "\(spans.map(\.operationName))")
      #expect(root.parentSpanID == request.spanContext.spanID)
      #expect(root.traceID == request.spanContext.traceID)
      #expect(root.attributes["discope.service"]?.toSpanAttribute() == "Repository".toSpanAttribute())
      #expect(root.attributes["discope.container"]?.toSpanAttribute() == "app".toSpanAttribute())
      // The slow factory is the dependency: its own span, under the root's, at least 50 ms long.
      let build = try #require(spans.first { $0.operationName == "build Database" })
      #expect(build.parentSpanID == root.spanContext.spanID)
      #expect(build.attributes["discope.scope"]?.toSpanAttribute() == "singleton".toSpanAttribute())
      let nanoseconds = build.endInstant.nanosecondsSinceEpoch - build.startInstant.nanosecondsSinceEpoch
      #expect(nanoseconds >= 50_000_000, "\(nanoseconds)")
      #expect(root.startInstant.nanosecondsSinceEpoch <= build.startInstant.nanosecondsSinceEpoch)
      #expect(root.endInstant.nanosecondsSinceEpoch >= build.endInstant.nanosecondsSinceEpoch)
    }

    @Test func fastAndCachedResolutionsAddNoSpan() throws {
      let tracer = InMemoryTracer()
      let container = container()
      _ = try container.resolve(Database.self)  // built before tracing: cached from now on
      let tracing = container.traceSlowResolutions(atLeast: .seconds(5), tracer: tracer)
      defer { tracing.cancel() }
      _ = try container.resolve(Clock.self)
      _ = try container.resolve(Database.self)
      _ = try container.resolve(Repository.self)
      #expect(tracer.finishedSpans.isEmpty, "\(tracer.finishedSpans.map(\.operationName))")
    }

    @Test func anAsyncResolutionIsTracedToo() async throws {
      let tracer = InMemoryTracer()
      let container = container()
      let tracing = container.traceSlowResolutions(atLeast: .milliseconds(20), tracer: tracer)
      defer { tracing.cancel() }
      _ = try await container.resolveAsync(Database.self)
      #expect(tracer.finishedSpans.map(\.operationName) == ["resolve Database"])
    }

    @Test func cancelledItReportsNothingMore() throws {
      let tracer = InMemoryTracer()
      let container = container()
      container.traceSlowResolutions(atLeast: .milliseconds(20), tracer: tracer).cancel()
      _ = try container.resolve(Database.self)
      #expect(tracer.finishedSpans.isEmpty)
    }
  }
#endif
