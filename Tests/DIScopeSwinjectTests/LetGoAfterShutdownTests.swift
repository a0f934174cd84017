import DIScope
import DIScopeSwinject
import Dispatch
import TestSupport
import Testing

/// A facade container whose DIScope container was shut down, or whose `.container` scope was
/// reset, keeps nothing alive of what it built, whichever thread or task resolved it, while the
/// app still holds the container (issue 43: the facade kept a `.container` instance in Swinject's
/// storage beside DIScope's cache, which a shutdown did not empty).
struct LetGoAfterShutdownTests {
  static let threads = 4
  static let rounds = 50

  @Test func aShutDownContainerKeepsNothingItsThreadsAndTasksResolved() async throws {
    let (root, child, built) = await appResolvedOnThreadsAndTasks()

    try child.discope.shutdownSynchronously()
    try root.discope.shutdownSynchronously()

    withExtendedLifetime((root, child)) {
      #expect(built.alive.isEmpty, "still alive after the shutdown: \(built.alive)")
    }
  }

  @Test func aResetContainerScopeKeepsNothingItsThreadsAndTasksResolved() async throws {
    let (root, child, built) = await appResolvedOnThreadsAndTasks()

    // The child's reset reaches the parent's registrations too, as Swinject's does.
    child.resetObjectScope(.container)

    withExtendedLifetime((root, child)) {
      #expect(built.alive.isEmpty, "still alive after resetObjectScope(.container): \(built.alive)")
      // Built again, once, after the reset.
      let config = root.resolve(Config.self)
      #expect(config != nil && root.resolve(Config.self) === config)
      #expect(child.resolve(Handler.self)?.config === config)
    }
  }

  /// The app (`makeApp`), every service resolved on `threads` threads and as many tasks, and weak
  /// references to what they built: one instance of each kind.
  private func appResolvedOnThreadsAndTasks() async
    -> (root: DIScopeSwinject.Container, child: DIScopeSwinject.Container, built: WeakReferences)
  {
    let (root, child) = makeApp()
    let built = WeakReferences()
    DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
      for _ in 0..<Self.rounds { Self.resolveEverything(root: root, child: child, into: built) }
    }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<Self.threads {
        group.addTask {
          for _ in 0..<Self.rounds { Self.resolveEverything(root: root, child: child, into: built) }
        }
      }
    }
    #expect(built.alive.count == ServiceKind.allCases.count, "before: \(built.alive)")
    return (root, child, built)
  }

  /// `.container` services of every kind the facade builds: typed (`Config`), forwarded
  /// (`Gateway` as `Gate`), with a runtime argument (`Link`), a cycle through `initCompleted`
  /// (`Owner`, `Pet`), and one registered in a child (`Visit`); `Handler` is a transient over
  /// `Config`, resolved through the child.
  private func makeApp() -> (root: DIScopeSwinject.Container, child: DIScopeSwinject.Container) {
    let root = DIScopeSwinject.Container()
    root.register(Config.self) { _ in Config() }.inObjectScope(.container)
    root.register(Handler.self) { r in Handler(config: r.resolve(Config.self)!) }
      .inObjectScope(.transient)
    root.register(Gateway.self) { _ in Gateway() }.inObjectScope(.container).implements(Gate.self)
    root.register(Link.self) { (_: DIScopeSwinject.Resolver, port: Int) in Link(port: port) }
      .inObjectScope(.container)
    root.register(Owner.self) { _ in Owner() }.inObjectScope(.container)
      .initCompleted { r, owner in owner.pet = r.resolve(Pet.self) }
    root.register(Pet.self) { r in Pet(owner: r.resolve(Owner.self)!) }.inObjectScope(.container)
    let child = DIScopeSwinject.Container(parent: root)
    child.register(Visit.self) { r in Visit(config: r.resolve(Config.self)!) }
      .inObjectScope(.container)
    return (root, child)
  }

  /// Resolves each service once, noting what answered; holds nothing once it returns.
  private static func resolveEverything(
    root: DIScopeSwinject.Container, child: DIScopeSwinject.Container, into built: WeakReferences
  ) {
    let handler = child.resolve(Handler.self)
    built.note(.config, handler?.config)
    built.note(.gateway, root.resolve(Gate.self))
    built.note(.gateway, root.resolve(Gateway.self))
    built.note(.link, root.resolve(Link.self, argument: 80))
    let pet = root.resolve(Pet.self)
    built.note(.pet, pet)
    built.note(.owner, pet?.owner)
    built.note(.visit, child.resolve(Visit.self))
  }
}

/// The shared services `resolveEverything` notes, one instance each.
private enum ServiceKind: String, CaseIterable, Sendable {
  case config, gateway, link, pet, owner, visit
}

/// Weak references to what was resolved, by the service that answered; each kind has one
/// instance, however often it was resolved (the test checks that too).
private final class WeakReferences: Sendable {
  private final class Reference: @unchecked Sendable {
    // @unchecked Sendable: written once, before it is shared; read through `Locked`.
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
  }
  private let references = Locked<[ServiceKind: [Reference]]>([:])

  func note(_ kind: ServiceKind, _ object: AnyObject?) {
    guard let object else {
      Issue.record("\(kind) did not resolve")
      return
    }
    references.withLock { all in
      if all[kind, default: []].contains(where: { $0.object === object }) { return }
      all[kind, default: []].append(Reference(object))
    }
  }

  /// How many instances of each kind are alive (a kind resolved to two instances is counted
  /// twice, and fails the test's count).
  var alive: [String] {
    references.withLock { all in
      all.flatMap { kind, references in
        references.compactMap { $0.object == nil ? nil : kind.rawValue }
      }.sorted()
    }
  }
}

private final class Config {}
private final class Handler {
  let config: Config
  init(config: Config) { self.config = config }
}
private protocol Gate: AnyObject {}
private final class Gateway: Gate {}
private final class Link {
  let port: Int
  init(port: Int) { self.port = port }
}
private final class Owner {
  var pet: Pet?
}
private final class Pet {
  weak var owner: Owner?
  init(owner: Owner) { self.owner = owner }
}
private final class Visit {
  let config: Config
  init(config: Config) { self.config = config }
}
