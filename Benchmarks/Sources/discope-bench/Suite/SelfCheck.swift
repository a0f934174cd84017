import DIScope
import Dependencies
import Swinject

/// Checks, before anything is timed, that every system does what its workload claims: a mock
/// answers while pushed and the original after, prototypes are new and singletons shared, and a
/// graph-scope diamond shares its leaf within a resolve but not across resolves.
enum SelfCheck {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  static func run() throws {
    let mock = Logger(isMock: true)

    let container = ChainResolve.discopeContainer()
    container.register(Logger.self) { _ in Logger() }
    let token = container.mock(Logger.self, with: mock)
    try expect(try container.resolve(Logger.self).isMock, "DIScope: the mock answers")
    container.remove(token)
    try expect(!(try container.resolve(Logger.self).isMock), "DIScope: the original answers again")
    let first = try container.resolve(Presenter.self)
    let second = try container.resolve(Presenter.self)
    try expect(first !== second, "DIScope: the presenter is a prototype")
    try expect(
      first.interactor.repository.database === second.interactor.repository.database,
      "DIScope: the database is a singleton")

    let swinject = Swinject.Container()
    let original: (Swinject.Resolver) -> Logger = { _ in Logger() }
    swinject.register(Logger.self, factory: original).inObjectScope(.container)
    swinject.register(Logger.self) { _ in mock }
    try expect(swinject.resolve(Logger.self)!.isMock, "Swinject: the mock answers")
    swinject.register(Logger.self, factory: original).inObjectScope(.container)
    try expect(!swinject.resolve(Logger.self)!.isMock, "Swinject: the original answers again")
    let child = Swinject.Container(parent: swinject)
    child.register(Logger.self) { _ in mock }
    try expect(child.resolve(Logger.self)!.isMock, "Swinject: the child's mock answers")
    try expect(!swinject.resolve(Logger.self)!.isMock, "Swinject: the parent is untouched")

    let insideIsMock = withDependencies {
      $0.logger = mock
    } operation: {
      @Dependencies.Dependency(\.logger) var logger
      return logger.isMock
    }
    @Dependencies.Dependency(\.logger) var logger
    try expect(insideIsMock, "swift-dependencies: the mock answers inside withDependencies")
    try expect(!logger.isMock, "swift-dependencies: the live value answers outside")
    @Dependencies.Dependency(\.makePresenter) var makePresenter
    let (one, two) = (makePresenter(), makePresenter())
    try expect(one !== two, "swift-dependencies: the presenter factory makes new instances")
    try expect(
      one.interactor.repository.database === two.interactor.repository.database,
      "swift-dependencies: the database is shared")

    try checkGraphs()
  }

  static func checkGraphs() throws {
    let container = GraphMemory.discopeContainer()
    let (a, b) = (try container.resolve(GraphRoot.self), try container.resolve(GraphRoot.self))
    try expect(a.left.leaf === a.right.leaf, "DIScope: .graph shares the leaf within a resolve")
    try expect(a.left.leaf !== b.left.leaf, "DIScope: .graph makes a new leaf per resolve")
    let swinject = GraphMemory.swinjectContainer()
    let (c, d) = (swinject.resolve(GraphRoot.self)!, swinject.resolve(GraphRoot.self)!)
    try expect(c.left.leaf === c.right.leaf, "Swinject: .graph shares the leaf within a resolve")
    try expect(c.left.leaf !== d.left.leaf, "Swinject: .graph makes a new leaf per resolve")
  }

  static func expect(_ condition: Bool, _ claim: String) throws {
    guard condition else { throw Failure(description: "self-check failed: \(claim)") }
  }
}
