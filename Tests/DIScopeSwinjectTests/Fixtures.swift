import DIScopeSwinject
import Foundation

// Services wired through Swinject's API in these tests: plain classes, none `Sendable`, as an
// app on Swinject has them.

protocol Store: AnyObject {}
final class MemoryStore: Store {}
final class DiskStore: Store {}

final class Repository {
  let store: Store?
  init(store: Store?) { self.store = store }
}

final class Screen {
  let repository: Repository
  init(repository: Repository) { self.repository = repository }
}

final class Session {
  var screen: Screen?
}

/// A container with `Screen -> Repository -> Store`: the screen transient, the repository in the
/// default graph scope, the store a `.container` singleton.
func makeScreenContainer() -> Container {
  let container = Container()
  container.register(Store.self) { _ in MemoryStore() }.inObjectScope(.container)
  container.register(Repository.self) { r in Repository(store: r.resolve(Store.self)) }
  container.register(Screen.self) { r in Screen(repository: r.resolve(Repository.self)!) }
    .inObjectScope(.transient)
  return container
}
