import BenchmarkHarness
import DIScope
import Swinject

/// Whether graph-scope resolves leave anything behind: the heap's growth across many resolves
/// of a diamond (`GraphRoot` over `GraphLeft` and `GraphRight`, both over one `GraphLeaf`), all
/// graph-scoped, once the first thousand resolves have warmed every cache and buffer.
enum GraphMemory {
  static let warmUpResolves = 1_000

  static func measure(resolves: Int, sink: Sink) throws -> [MemoryRow] {
    let action = "\(Format.grouped(resolves)) resolves"
    let container = discopeContainer()
    let discope = try growth(resolves) { sink.consume(try container.resolve(GraphRoot.self)) }
    let swinject = swinjectContainer()
    let swinjectBytes = try growth(resolves) { sink.consume(swinject.resolve(GraphRoot.self)!) }
    return [
      MemoryRow(label: "DIScope (.graph)", action: action, count: resolves, bytes: discope),
      MemoryRow(label: "Swinject (.graph)", action: action, count: resolves, bytes: swinjectBytes),
    ]
  }

  /// The diamond in DIScope, every registration `.graph`.
  static func discopeContainer() -> DIScope.Container {
    let container = DIScope.Container()
    container.register(GraphLeaf.self, scope: .graph) { _ in GraphLeaf() }
    container.register(GraphLeft.self, scope: .graph) { r in
      GraphLeft(leaf: try r.resolve(GraphLeaf.self))
    }
    container.register(GraphRight.self, scope: .graph) { r in
      GraphRight(leaf: try r.resolve(GraphLeaf.self))
    }
    container.register(GraphRoot.self, scope: .graph) { r in
      GraphRoot(left: try r.resolve(GraphLeft.self), right: try r.resolve(GraphRight.self))
    }
    return container
  }

  /// The diamond in Swinject, whose default scope is `.graph`.
  static func swinjectContainer() -> Swinject.Container {
    let container = Swinject.Container()
    container.register(GraphLeaf.self) { _ in GraphLeaf() }
    container.register(GraphLeft.self) { r in GraphLeft(leaf: r.resolve(GraphLeaf.self)!) }
    container.register(GraphRight.self) { r in GraphRight(leaf: r.resolve(GraphLeaf.self)!) }
    container.register(GraphRoot.self) { r in
      GraphRoot(left: r.resolve(GraphLeft.self)!, right: r.resolve(GraphRight.self)!)
    }
    return container
  }

  /// The heap's growth across `count` calls of `resolve`, after the warm-up.
  static func growth(_ count: Int, _ resolve: () throws -> Void) throws -> Int? {
    for _ in 0..<warmUpResolves { try resolve() }
    return try HeapUsage.growth { for _ in 0..<count { try resolve() } }.bytes
  }
}
