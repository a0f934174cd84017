import BenchmarkHarness
import DIScope
import Dependencies
import GeneratedServices
import Swinject
import SwinjectAPIOnDIScope
import SwinjectAPIOnSwinject

/// W4: resolve a type picked at random among 10,000 registered types (`GeneratedServices`, written
/// by `generate.py`), all cached singletons.
///
/// The picks come from a fixed, pre-generated index sequence shared by every system. A resolve
/// goes through a generic function opened on the picked metatype, so no system's resolve is
/// specialised for the type: the same for the baseline as for the containers.
enum ManyTypesResolve {
  static let typeCount = generatedServiceTypes.count
  /// The group of the diagnostic rows that always resolve the same type.
  static let sameType = "same type every time"

  static func workload() -> Workload {
    let types = generatedServiceTypes
    let picks = RandomIndices(count: 1 << 16, below: types.count)
    let first = types[0]

    var registry = TypedBoxRegistry()
    let container = DIScope.Container()
    let swinject = Swinject.Container()
    for type in types {
      registerBaseline(type, in: &registry)
      registerDIScope(type, in: container)
      registerSwinject(type, in: swinject)
    }
    // Build every singleton once, so the samples time lookups, not first builds.
    for type in types {
      _ = try? resolveDIScope(type, in: container)
      _ = resolveSwinject(type, in: swinject)
      _ = resolveDependencies(type)
    }

    return Workload(
      id: "W4", title: "resolve one of 10,000 registered types, picked at random",
      notes: [
        "10,000 distinct generated types; a pre-generated random index sequence of 65,536 picks.",
        "swift-dependencies: each type is its own key, read as `@Dependency(Service0042.self)`.",
        "baseline, plus a retain: the same lookup, then the retain and release that handing a "
          + "caller its own strong reference costs (the plain baseline's optimiser borrows the "
          + "instance from the dictionary instead). Every container that returns an instance pays "
          + "it, and this is its floor: a locked increment of a reference count on a cold cache "
          + "line also stops the processor from overlapping one lookup's misses with the next's.",
        "(\(sameType)): a diagnostic, always Service0000 through the same unspecialised path.",
      ],
      contenders: [
        Contender(SystemLabel.baseline, role: .baseline) { iterations, sink in
          for index in 0..<iterations {
            sink.consume(resolveBaseline(types[picks[index]], in: registry))
          }
        },
        Contender(SystemLabel.retainedBaseline, role: .rival) { iterations, sink in
          for index in 0..<iterations {
            sink.retainAndRelease(resolveBaseline(types[picks[index]], in: registry))
          }
        },
        Contender(SystemLabel.discope, role: .subject) { iterations, sink in
          for index in 0..<iterations {
            sink.consume(try resolveDIScope(types[picks[index]], in: container))
          }
        },
        Contender(SystemLabel.swinject, role: .rival) { iterations, sink in
          for index in 0..<iterations {
            sink.consume(resolveSwinject(types[picks[index]], in: swinject))
          }
        },
        // The same Swinject-API code (SwinjectAPIWorkloads), on Swinject and on DIScopeSwinject.
        Contender(
          SystemLabel.swinjectAPIOnSwinject, role: .rival,
          body: SwinjectAPIOnSwinject.SwinjectAPIWorkloads.manyTypesResolve(types, picks: picks)),
        Contender(
          SystemLabel.swinjectAPIOnDIScope, role: .rival,
          body: SwinjectAPIOnDIScope.SwinjectAPIWorkloads.manyTypesResolve(types, picks: picks)),
        Contender(SystemLabel.dependencies, role: .rival) { iterations, sink in
          for index in 0..<iterations { sink.consume(resolveDependencies(types[picks[index]])) }
        },
        // Diagnostic: the same generic path, always the same type, so DIScope's per-thread cache
        // hits; the difference from the rows above is what the 10,000 keys cost.
        Contender(SystemLabel.baseline, role: .baseline, group: sameType) { iterations, sink in
          for _ in 0..<iterations {
            sink.consume(resolveBaseline(first, in: registry))
          }
        },
        Contender(SystemLabel.discope, role: .subject, group: sameType) { iterations, sink in
          for _ in 0..<iterations {
            sink.consume(try resolveDIScope(first, in: container))
          }
        },
      ])
  }

  static func registerBaseline<S: GeneratedService>(
    _ type: S.Type, in registry: inout TypedBoxRegistry
  ) {
    registry.register(S())
  }

  static func registerDIScope<S: GeneratedService>(_ type: S.Type, in container: DIScope.Container)
  {
    container.register(type) { _ in S() }
  }

  static func registerSwinject<S: GeneratedService>(
    _ type: S.Type, in container: Swinject.Container
  ) {
    container.register(type) { _ in S() }.inObjectScope(.container)
  }

  static func resolveBaseline<S: GeneratedService>(_ type: S.Type, in registry: TypedBoxRegistry)
    -> S
  {
    registry.resolve(type)
  }

  static func resolveDIScope<S: GeneratedService>(_ type: S.Type, in container: DIScope.Container)
    throws -> S
  {
    try container.resolve(type)
  }

  static func resolveSwinject<S: GeneratedService>(_ type: S.Type, in container: Swinject.Container)
    -> S
  {
    container.resolve(type)!
  }

  static func resolveDependencies<S: GeneratedService>(_: S.Type) -> S {
    @Dependencies.Dependency(S.self) var service
    return service
  }
}
