// W1, W2, W4, W9 and W10 written once against Swinject's API. This file is compiled twice: in
// `SwinjectAPIOnSwinject` against Swinject, and, through a symbolic link, in
// `SwinjectAPIOnDIScope` against DIScopeSwinject (which defines `DISCOPE_SWINJECT`). Only the
// import differs, as it does for an app that switches.
import BenchmarkHarness
import GeneratedServices

#if DISCOPE_SWINJECT
  import DIScopeSwinject
#else
  import Swinject
#endif

/// W1: the logger, a cached `.container` singleton.
final class APILogger {}
/// W2: the chain, three `.transient` services over a `.container` one.
final class APIDatabase {}
final class APIRepository {
  let database: APIDatabase
  init(database: APIDatabase) { self.database = database }
}
final class APIInteractor {
  let repository: APIRepository
  init(repository: APIRepository) { self.repository = repository }
}
final class APIPresenter {
  let interactor: APIInteractor
  init(interactor: APIInteractor) { self.interactor = interactor }
}
/// W9: a chain of four in Swinject's default scope, `.graph`: D over C over B over A.
final class APIGraphA {}
final class APIGraphB {
  let a: APIGraphA
  init(a: APIGraphA) { self.a = a }
}
final class APIGraphC {
  let b: APIGraphB
  init(b: APIGraphB) { self.b = b }
}
final class APIGraphD {
  let c: APIGraphC
  init(c: APIGraphC) { self.c = c }
}

/// A value handed to threads that the type system cannot prove safe to share: the resolver
/// `synchronize()` returns, which both Swinject and DIScopeSwinject document as thread-safe.
struct SharedAcrossThreads<Value>: @unchecked Sendable {
  let value: Value
}

/// The workloads' timed loops over one Swinject-API container each, built (and warmed) here.
public enum SwinjectAPIWorkloads {
  /// W1: resolve a cached `.container` singleton.
  public static func singletonResolve() -> (Int, Sink) throws -> Void {
    let container = Container()
    container.register(APILogger.self) { _ in APILogger() }.inObjectScope(.container)
    return { iterations, sink in
      for _ in 0..<iterations { sink.consume(container.resolve(APILogger.self)!) }
    }
  }

  /// W2: resolve `Presenter -> Interactor -> Repository` (`.transient`) over `Database`
  /// (`.container`), by constructor injection.
  public static func chainResolve() -> (Int, Sink) throws -> Void {
    let container = chainContainer()
    return { iterations, sink in
      for _ in 0..<iterations { sink.consume(container.resolve(APIPresenter.self)!) }
    }
  }

  /// W2's chain, registered.
  static func chainContainer() -> Container {
    let container = Container()
    container.register(APIDatabase.self) { _ in APIDatabase() }.inObjectScope(.container)
    container.register(APIRepository.self) { r in
      APIRepository(database: r.resolve(APIDatabase.self)!)
    }.inObjectScope(.transient)
    container.register(APIInteractor.self) { r in
      APIInteractor(repository: r.resolve(APIRepository.self)!)
    }.inObjectScope(.transient)
    container.register(APIPresenter.self) { r in
      APIPresenter(interactor: r.resolve(APIInteractor.self)!)
    }.inObjectScope(.transient)
    return container
  }

  /// W9: resolve `D -> C -> B -> A`, all registered without a scope, so in Swinject's default,
  /// `.graph` (each resolve builds four new objects, shared within that resolve's graph).
  public static func graphChainResolve() -> (Int, Sink) throws -> Void {
    let container = Container()
    container.register(APIGraphA.self) { _ in APIGraphA() }
    container.register(APIGraphB.self) { r in APIGraphB(a: r.resolve(APIGraphA.self)!) }
    container.register(APIGraphC.self) { r in APIGraphC(b: r.resolve(APIGraphB.self)!) }
    container.register(APIGraphD.self) { r in APIGraphD(c: r.resolve(APIGraphC.self)!) }
    return { iterations, sink in
      for _ in 0..<iterations { sink.consume(container.resolve(APIGraphD.self)!) }
    }
  }

  /// W10: W2's chain resolved through the resolver `synchronize()` returns, by `threads` threads
  /// at once, each doing the sample's iterations (`ParallelRun`: released together, thread start
  /// and join not timed). Returns the wall time; an iteration is `threads` operations.
  public static func synchronizedChainResolve(threads: Int) -> (Int, Sink) throws -> Double {
    let resolver = SharedAcrossThreads(value: chainContainer().synchronize())
    return { iterations, sink in
      let run = try ParallelRun.run(threads: threads) { _, sink in
        for _ in 0..<iterations { sink.consume(resolver.value.resolve(APIPresenter.self)!) }
      }
      sink.absorb(run.checksum)
      return run.nanoseconds
    }
  }

  /// W4: resolve one of `types`, all `.container` singletons, in the order `picks` gives, each
  /// through a generic function opened on the picked metatype.
  public static func manyTypesResolve(
    _ types: [any GeneratedService.Type], picks: RandomIndices
  ) -> (Int, Sink) throws -> Void {
    let container = Container()
    for type in types { register(type, in: container) }
    for type in types { _ = resolve(type, in: container) }
    return { iterations, sink in
      for index in 0..<iterations { sink.consume(resolve(types[picks[index]], in: container)) }
    }
  }

  static func register<S: GeneratedService>(_ type: S.Type, in container: Container) {
    container.register(type) { _ in S() }.inObjectScope(.container)
  }

  static func resolve<S: GeneratedService>(_ type: S.Type, in container: Container) -> S {
    container.resolve(type)!
  }
}
