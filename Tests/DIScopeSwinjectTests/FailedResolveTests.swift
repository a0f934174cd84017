import DIScopeSwinject
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed resolve still returns `nil`, as Swinject's does, and the logging function gets
/// DIScope's whole error. Serialized: the logging function is global.
@Suite(.serialized)
struct FailedResolveTests {
  /// Collects what the logging function receives from this thread while `body` runs. Only this
  /// thread's: the function is global, and other suites' failed resolves (a `validate()` dry run
  /// of a missing dependency) may log on their threads meanwhile.
  func logged(_ body: () -> Void) -> [String] {
    let messages = Locked<[String]>([])
    let previous = Container.loggingFunction
    let thread = pthread_self()
    Container.loggingFunction = { message in
      guard pthread_equal(pthread_self(), thread) != 0 else { return }
      messages.withLock { $0.append(message) }
    }
    defer { Container.loggingFunction = previous }
    body()
    return messages.withLock { $0 }
  }

  @Test func unregisteredServiceResolvesToNilAndLogsWhatWasAsked() {
    let container = Container()
    container.register(Store.self, name: "disk") { _ in DiskStore() }
    var store: Store?
    let messages = logged { store = container.resolve(Store.self) }
    #expect(store == nil)
    #expect(messages.count == 1)
    let message = messages.first ?? ""
    // Swinject's lines: what was expected, what is registered.
    #expect(message.contains("Swinject: Resolution failed. Expected registration:"))
    #expect(message.contains("{ Service: Store, Factory: Resolver -> Store }"))
    #expect(message.contains("Name: \"disk\""))
    // DIScope's error: what was asked, and a hint.
    #expect(message.contains("error: "))
    #expect(message.contains("hint: "))
  }

  @Test func missingDependencyLogsThePathFromTheRootResolve() {
    let container = Container()
    container.register(Repository.self) { r in Repository(store: r.resolve(Store.self)) }
    container.register(Screen.self) { r in Screen(repository: r.resolve(Repository.self)!) }
    var screen: Screen?
    let messages = logged { screen = container.resolve(Screen.self) }
    // The dependency is optional in Repository: the screen is built, without a store.
    #expect(screen != nil)
    #expect(screen?.repository.store == nil)
    #expect(messages.count == 1)
    let message = messages.first ?? ""
    #expect(message.contains("error: "))
    #expect(message.contains("Screen -> Repository -> Store"), "\(message)")
    #expect(message.contains("hint: "))
  }

  @Test func silencedLoggingFunctionGetsNothing() {
    let previous = Container.loggingFunction
    Container.loggingFunction = nil
    defer { Container.loggingFunction = previous }
    #expect(Container().resolve(Store.self) == nil)
  }
}

final class Egg {
  let chicken: Chicken?
  init(chicken: Chicken?) { self.chicken = chicken }
}

final class Chicken {
  let egg: Egg?
  init(egg: Egg?) { self.egg = egg }
}

extension FailedResolveTests {
  /// A cycle of initialisers, which no `initCompleted` breaks: Swinject stops the program at
  /// depth 200; here the resolve that closes it returns `nil`, and the log has the cycle's path.
  @Test func initializerCycleEndsWithTheCycleLogged() {
    let container = Container()
    container.register(Egg.self) { r in Egg(chicken: r.resolve(Chicken.self)) }
    container.register(Chicken.self) { r in Chicken(egg: r.resolve(Egg.self)) }
    var egg: Egg?
    let messages = logged { egg = container.resolve(Egg.self) }
    #expect(egg != nil)
    #expect(messages.contains { $0.contains("cycle") && $0.contains("Egg -> Chicken -> Egg") })
  }

  /// The resolve that gives up on a cycle says why before it returns `nil`: a factory that
  /// force-unwraps it (as most do) stops the program on its next line, and the message is then
  /// all that explains it. Worded for the Swinject API: `initCompleted` closes a cycle.
  @Test func initializerCycleIsLoggedBeforeTheNilIsReturned() {
    let events = Locked<[String]>([])
    let container = Container()
    container.register(Egg.self) { r in Egg(chicken: r.resolve(Chicken.self)) }
    container.register(Chicken.self) { r in
      let egg = r.resolve(Egg.self)
      if egg == nil { events.withLock { $0.append("nil returned") } }
      return Chicken(egg: egg)
    }
    let messages = logged {
      let previous = Container.loggingFunction
      Container.loggingFunction = { message in
        events.withLock { $0.append(message) }
        previous?(message)
      }
      defer { Container.loggingFunction = previous }
      _ = container.resolve(Egg.self)
    }
    let order = events.withLock { $0 }
    let said = order.firstIndex { $0.contains("Egg -> Chicken -> Egg") }
    let returned = order.firstIndex(of: "nil returned")
    #expect(said != nil && returned != nil && said! < returned!, "\(order)")
    #expect(messages.count == 1, "\(messages)")
    let message = messages.first ?? ""
    #expect(message.contains("initCompleted"), "\(message)")
    #expect(!message.contains("@Injected"), "DIScope's own advice, which the Swinject API has no use for: \(message)")
  }
}
