import Dependencies

/// The workloads' services as swift-dependencies values.
///
/// swift-dependencies has one lifetime: a key's live value is built on first read and cached.
/// So W1's `Logger` and W2's `Database` are plain values, and W2's prototypes are factories, the
/// library's way to make a new instance per use: a value whose `make` builds one, reading its own
/// dependencies with `@Dependency` as it does (constructor injection, spelled the library's way).
extension DependencyValues {
  var logger: Logger {
    get { self[LoggerKey.self] }
    set { self[LoggerKey.self] = newValue }
  }
  var database: Database {
    get { self[DatabaseKey.self] }
    set { self[DatabaseKey.self] = newValue }
  }
  var makeRepository: Factory<Repository> {
    get { self[RepositoryFactoryKey.self] }
    set { self[RepositoryFactoryKey.self] = newValue }
  }
  var makeInteractor: Factory<Interactor> {
    get { self[InteractorFactoryKey.self] }
    set { self[InteractorFactoryKey.self] = newValue }
  }
  var makePresenter: Factory<Presenter> {
    get { self[PresenterFactoryKey.self] }
    set { self[PresenterFactoryKey.self] = newValue }
  }
}

/// A dependency that makes a new `Product` each time it is called: a prototype.
struct Factory<Product>: Sendable {
  let make: @Sendable () -> Product
  func callAsFunction() -> Product { make() }
}

private enum LoggerKey: DependencyKey {
  static var liveValue: Logger { Logger() }
}

private enum DatabaseKey: DependencyKey {
  static var liveValue: Database { Database() }
}

private enum RepositoryFactoryKey: DependencyKey {
  static let liveValue = Factory {
    @Dependency(\.database) var database
    return Repository(database: database)
  }
}

private enum InteractorFactoryKey: DependencyKey {
  static let liveValue = Factory {
    @Dependency(\.makeRepository) var makeRepository
    return Interactor(repository: makeRepository())
  }
}

private enum PresenterFactoryKey: DependencyKey {
  static let liveValue = Factory {
    @Dependency(\.makeInteractor) var makeInteractor
    return Presenter(interactor: makeInteractor())
  }
}
