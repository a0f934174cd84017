import DIScope
import Dispatch
import Foundation
import TestSupport
import Testing

@Suite("Traces and graph export")
struct TraceAndGraphTests {
  /// Resolutions on several threads at once: each tree holds only its own steps.
  @Test func treesOfResolutionsOnSeveralThreadsHoldOnlyTheirOwnSteps() {
    let container = Container()
    container.register(Db.self, scope: .prototype) { _ in
      usleep(100)  // long enough for the threads' steps to interleave
      return Db()
    }
    container.register(Pair.self, scope: .prototype) { r in
      Pair(left: try r.resolve(Db.self), right: try r.resolve(Db.self))
    }
    let recorder = TraceRecorder(container)
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<50 { _ = try? container.resolve(Pair.self) }
    }
    let trees = recorder.recorded
    #expect(trees.count == 200)
    let malformed = trees.filter { tree in
      tree.step.key != ServiceKey(Pair.self) || tree.children.count != 2
        || !tree.children.allSatisfy { $0.step.key == ServiceKey(Db.self) && $0.children.isEmpty }
    }
    #expect(malformed.count == 0, "trees that mixed other threads' steps")
  }

  @Test func aRootResolutionRendersAsATree() throws {
    let container = Container()
    container.install(AppAssembly())
    let recorder = TraceRecorder(container)
    _ = try container.resolve(ControlContext.self)
    _ = try container.resolve(ControlContext.self)
    let trees = recorder.recorded.map { $0.rendered() }
    #expect(trees.first == [
      "ControlContext#4 created t4 [singleton]",
      "├─ WebService#2 created t2 [singleton]",
      "│  └─ Logger → ConsoleLogger#1 created t1 [singleton]",
      "└─ ZoneController → RFZoneController#3 created t3 [singleton]",
    ])
    #expect(trees.last == ["ControlContext#4 cached t4 [singleton]"])
    #expect(recorder.recorded.first?.rendered(glyphs: .ascii)[2] == "|  `- Logger -> ConsoleLogger#1 created t1 [singleton]")
  }

  @Test func aFailedResolutionReportsItsPartialTreeAndTheError() throws {
    let container = Container()
    container.register(WebService.self) { r in WebService(logger: try r.resolve((any Logger).self)) }
    let lines = Protected2<[[String]]>([])
    let recorder = TraceRecorder(container) { tree in lines.mutate { $0.append(tree) } }
    _ = try? container.resolve(WebService.self)
    #expect(lines.value.last?.first == "error: no registration for 'Logger'")
    recorder.stop()
  }

  @Test func dotAndMermaidAreStable() throws {
    let container = Container()
    container.install(AppAssembly())
    container.register(Cache.self) { r in Cache(session: try r.resolve(Session.self)) }
    let report = container.validate()
    let dot = report.dot
    #expect(dot == container.validate().dot, "the same graph exports the same text")
    #expect(dot.contains("t4 -> t2;"))
    #expect(dot.contains("t7 -> \"missing Session\" [style=dashed, color=red];"))
    #expect(dot.contains("t1 [label=\"t1 Logger -> ConsoleLogger [singleton]\"];"))
    let mermaid = report.mermaid
    #expect(mermaid.hasPrefix("graph LR\n"))
    #expect(mermaid.contains("  t4 --> t3"))
    #expect(mermaid.contains("  t7 -.-> missing1"))
  }

  @Test(.enabled(if: Graphviz.isInstalled)) func graphvizRendersTheDot() throws {
    let container = Container()
    container.install(AppAssembly())
    let svg = try Graphviz.render(container.validate().dot)
    #expect(svg.contains("<svg"))
    #expect(svg.contains("ControlContext"))
  }
}

/// Runs Graphviz's `dot` when the machine has it (the Debian package `graphviz`).
enum Graphviz {
  static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/dot") }

  static func render(_ source: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("discope-dot-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("graph.dot"), output = directory.appendingPathComponent("graph.svg")
    try source.write(to: input, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/dot")
    process.arguments = ["-Tsvg", "-o", output.path, input.path]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    return try String(contentsOf: output, encoding: .utf8)
  }
}

/// A value behind a lock, for closures that collect from observers.
final class Protected2<Value: Sendable>: Sendable {
  private let storage: Locked<Value>
  init(_ value: Value) { storage = Locked(value) }
  func mutate(_ body: (inout Value) -> Void) { storage.withLock { body(&$0) } }
  var value: Value { storage.withLock { $0 } }
}

