import BenchmarkHarness
import DIScope
import SwinjectAPIOnDIScope
import SwinjectAPIOnSwinject

/// W9: resolve a chain of four in Swinject's default scope, `.graph`: `D -> C -> B -> A`, each
/// resolve building four new objects. The Swinject-API rows run the same code
/// (`SwinjectAPIWorkloads.graphChainResolve`) on Swinject and on DIScopeSwinject.
enum GraphChainResolve {
  static func workload() -> Workload {
    let container = DIScope.Container()
    container.register(GraphChainA.self, scope: .graph) { _ in GraphChainA() }
    container.register(GraphChainB.self, scope: .graph) { r in
      GraphChainB(a: try r.resolve(GraphChainA.self))
    }
    container.register(GraphChainC.self, scope: .graph) { r in
      GraphChainC(b: try r.resolve(GraphChainB.self))
    }
    container.register(GraphChainD.self, scope: .graph) { r in
      GraphChainD(c: try r.resolve(GraphChainC.self))
    }

    return Workload(
      id: "W9", title: "a chain of four in .graph scope, through Swinject's API",
      notes: [
        "Swinject API: four `register`s with no `inObjectScope`, so Swinject's default, `.graph`; "
          + "`resolve(D.self)!` on the container.",
        "DIScope: the same chain registered with `scope: .graph`.",
      ],
      contenders: [
        Contender(SystemLabel.handWritten, role: .baseline) { iterations, sink in
          for _ in 0..<iterations {
            sink.consume(GraphChainD(c: GraphChainC(b: GraphChainB(a: GraphChainA()))))
          }
        },
        Contender(SystemLabel.discope, role: .subject) { iterations, sink in
          for _ in 0..<iterations { sink.consume(try container.resolve(GraphChainD.self)) }
        },
        Contender(
          SystemLabel.swinjectAPIOnSwinject, role: .rival,
          body: SwinjectAPIOnSwinject.SwinjectAPIWorkloads.graphChainResolve()),
        Contender(
          SystemLabel.swinjectAPIOnDIScope, role: .rival,
          body: SwinjectAPIOnDIScope.SwinjectAPIWorkloads.graphChainResolve()),
      ])
  }
}
