import DIScope
import Synchronization
import TestSupport
import Testing

/// A recorder, a trace, an observer that keeps steps: none of them keeps an instance, or a
/// registration (and with it a cached instance), alive.
@Suite struct ObservingKeepsNothingAliveTests {
  typealias Tally = AliveTally
  typealias RequestObject = TalliedObject
  final class Handler: Sendable {
    let object: RequestObject
    init(object: RequestObject) { self.object = object }
  }

  @Test func aRecordersTreesHoldNoInstanceOfAReleasedRequest() async throws {
    let tally = Tally()
    let root = Container(name: "app")
    root.register(Handler.self, scope: .prototype) { r in Handler(object: try r.resolve(RequestObject.self)) }
    let recorder = TraceRecorder(root)
    for _ in 0..<20 {
      try await root.withChild(named: "request") { request in
        request.register(RequestObject.self) { _ in RequestObject(tally: tally) }
        _ = try request.resolve(Handler.self)
      }
    }
    #expect(tally.alive.load(ordering: .relaxed) == 0)
    // What was recorded is still there, as words.
    let trees = recorder.recorded
    #expect(trees.count == 20)
    let lines = try #require(trees.last?.rendered())
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("Handler#") == true)
    #expect(lines.first?.hasSuffix(" created t1 [prototype, from app]") == true)
    #expect(lines.last?.hasPrefix("└─ TalliedObject#") == true)
    #expect(lines.last?.hasSuffix("[singleton]") == true)
    #expect(trees.allSatisfy { $0.step.instance == nil && $0.children.allSatisfy { $0.step.instance == nil } })
  }

  @Test func aRecorderKeepsOnlyTheNewestTrees() throws {
    let root = Container()
    root.register(Int.self, scope: .prototype) { _ in 7 }
    let recorder = TraceRecorder(root, keepingAtMost: 3)
    for _ in 0..<10 { _ = try root.resolve(Int.self) }
    #expect(recorder.recorded.count == 3)
    #expect(recorder.recordedOnThisThread.count == 3)
    let printing = TraceRecorder(root, keepingAtMost: 0) { _ in }
    _ = try root.resolve(Int.self)
    #expect(printing.recorded.isEmpty)
  }

  @Test func aDescribedStepReadsAsTheStepDid() throws {
    let root = Container()
    let tally = Tally()
    root.register(RequestObject.self) { _ in RequestObject(tally: tally) }
    let steps = Locked<[ResolutionStep]>([])
    let observation = root.observe { event in
      if case .resolved(let step) = event { steps.withLock { $0.append(step) } }
    }
    _ = try root.resolve(RequestObject.self)
    observation.cancel()
    let step = try #require(steps.withLock { $0.first })
    let described = step.described()
    #expect(described.description == step.description)
    #expect(described.registration == step.registration)
    #expect(described.instanceTypeName == step.instanceTypeName)
    #expect(described.instance == nil)
    #expect(ResolutionTree.line(for: described) == ResolutionTree.line(for: step))
  }
}

/// Async resolutions are seen as synchronous ones are: the same events, trees and trace lines.
@Suite struct AsyncResolutionEventTests {
  final class Settings: Sendable {}
  final class Database: Sendable {
    let settings: Settings
    init(settings: Settings) { self.settings = settings }
    static func connect(_ settings: Settings) async -> Database { Database(settings: settings) }
  }
  final class Report: Sendable {
    let database: Database
    init(database: Database) { self.database = database }
  }

  @Test func anAsyncResolutionIsRecordedAsATree() async throws {
    let container = Container()
    container.register(Settings.self) { _ in Settings() }
    container.register(Database.self) { r in await Database.connect(try await r.resolve(Settings.self)) }
    container.register(Report.self, scope: .prototype) { r in Report(database: try await r.resolve(Database.self)) }
    let lines = Locked<[[String]]>([])
    let recorder = TraceRecorder(container) { tree in lines.withLock { $0.append(tree) } }
    _ = try await container.resolveAsync(Report.self)
    _ = try await container.resolveAsync(Report.self)
    let trees = lines.withLock { $0 }
    // Settings is synchronous: the synchronous engine reports it, as a root of its own.
    #expect(trees.contains(["Settings#1 created t1 [singleton]"]))
    let reports = trees.filter { $0.first?.hasPrefix("Report#") == true }
    #expect(reports.count == 2)
    #expect(reports.first?.count == 2)
    #expect(reports.first?.first?.hasSuffix(" created t3 [prototype]") == true)
    #expect(reports.first?.last == "└─ Database#2 created t2 [singleton]")
    #expect(reports.last?.last == "└─ Database#2 cached t2 [singleton]")
    #expect(recorder.recorded.allSatisfy { $0.step.isAsync == ($0.step.key != ServiceKey(Settings.self)) })
  }
}

/// Every step says which container its resolution started in (name and number) and who resolved
/// it: a thread, or an `await` resolution.
@Suite struct StepOriginTests {
  final class Handler: Sendable {}

  @Test func aStepNamesItsContainerAndWhoResolvedIt() async throws {
    let app = Container(name: "app")
    app.register(Handler.self, scope: .prototype) { _ in Handler() }
    let steps = Locked<[ResolutionStep]>([])
    let observation = app.observe { event in
      if case .resolved(let step) = event { steps.withLock { $0.append(step) } }
    }
    defer { observation.cancel() }
    let one = app.makeChild(named: "request")
    let two = app.makeChild(named: "request")
    _ = try one.resolve(Handler.self)
    _ = try two.resolve(Handler.self)
    _ = try await one.resolveAsync(Handler.self)
    let seen = steps.withLock { $0.map { ($0.container, $0.containerNumber, $0.resolver) } }
    #expect(seen.count == 3)
    #expect(seen.allSatisfy { $0.0 == "request" })
    #expect(seen[0].1 != seen[1].1, "two children, two numbers")
    #expect(seen[0].1 == seen[2].1)
    if case .thread = seen[0].2 {} else { Issue.record("a synchronous resolve is a thread's: \(seen[0].2)") }
    // A synchronous registration resolved with `await` goes through the synchronous engine, on
    // the thread the task ran on.
    #expect("\(seen[0].2)".hasPrefix("thread "))
  }
}
