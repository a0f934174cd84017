// W1, W2 and W4 written once against Swinject's API. This file is compiled twice: in
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

/// The three workloads' timed loops over one Swinject-API container each, built (and warmed)
/// here.
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
    return { iterations, sink in
      for _ in 0..<iterations { sink.consume(container.resolve(APIPresenter.self)!) }
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
