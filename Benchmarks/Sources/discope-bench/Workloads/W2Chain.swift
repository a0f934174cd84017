import BenchmarkHarness
import DIScope
import Dependencies
import Swinject
import SwinjectAPIOnDIScope
import SwinjectAPIOnSwinject

/// W2: resolve a chain of four services, three prototypes over a singleton, by constructor
/// injection: `Presenter -> Interactor -> Repository -> Database`.
///
/// Each operation builds three new objects and reuses the cached `Database`, in every system.
enum ChainResolve {
  /// A DIScope container holding the chain; W6 uses it too.
  static func discopeContainer() -> DIScope.Container {
    let container = DIScope.Container()
    container.register(Database.self) { _ in Database() }
    container.register(Repository.self, scope: .prototype) { r in
      Repository(database: try r.resolve(Database.self))
    }
    container.register(Interactor.self, scope: .prototype) { r in
      Interactor(repository: try r.resolve(Repository.self))
    }
    container.register(Presenter.self, scope: .prototype) { r in
      Presenter(interactor: try r.resolve(Interactor.self))
    }
    return container
  }

  /// The loop W2 and W6 time for DIScope.
  static func discopeBody(_ container: DIScope.Container) -> (Int, Sink) throws -> Void {
    { iterations, sink in
      for _ in 0..<iterations { sink.consume(try container.resolve(Presenter.self)) }
    }
  }

  /// The hand-written chain, one shared `Database`.
  static func handWrittenBody() -> (Int, Sink) throws -> Void {
    let database = Database()
    return { iterations, sink in
      for _ in 0..<iterations {
        sink.consume(Presenter(interactor: Interactor(repository: Repository(database: database))))
      }
    }
  }

  static func workload() -> Workload {
    let swinject = Swinject.Container()
    swinject.register(Database.self) { _ in Database() }.inObjectScope(.container)
    swinject.register(Repository.self) { r in Repository(database: r.resolve(Database.self)!) }
      .inObjectScope(.transient)
    swinject.register(Interactor.self) { r in Interactor(repository: r.resolve(Repository.self)!) }
      .inObjectScope(.transient)
    swinject.register(Presenter.self) { r in Presenter(interactor: r.resolve(Interactor.self)!) }
      .inObjectScope(.transient)

    return Workload(
      id: "W2", title: "chain of four: three prototypes over a singleton",
      notes: [
        "Swinject: .transient over .container.",
        "swift-dependencies: prototypes are factory values (`@Dependency(\\.makePresenter)`, "
          + "called per operation), each reading the next with @Dependency.",
      ],
      contenders: [
        Contender(SystemLabel.handWritten, role: .baseline, body: handWrittenBody()),
        Contender(SystemLabel.discope, role: .subject, body: discopeBody(discopeContainer())),
        Contender(SystemLabel.swinject, role: .rival) { iterations, sink in
          for _ in 0..<iterations { sink.consume(swinject.resolve(Presenter.self)!) }
        },
        // The same Swinject-API code (SwinjectAPIWorkloads), on Swinject and on DIScopeSwinject.
        Contender(
          SystemLabel.swinjectAPIOnSwinject, role: .rival,
          body: SwinjectAPIOnSwinject.SwinjectAPIWorkloads.chainResolve()),
        Contender(
          SystemLabel.swinjectAPIOnDIScope, role: .rival,
          body: SwinjectAPIOnDIScope.SwinjectAPIWorkloads.chainResolve()),
        Contender(SystemLabel.dependencies, role: .rival) { iterations, sink in
          for _ in 0..<iterations {
            @Dependencies.Dependency(\.makePresenter) var makePresenter
            sink.consume(makePresenter())
          }
        },
      ])
  }
}
