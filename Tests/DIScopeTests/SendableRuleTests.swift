import DIScope
import Foundation
import Testing

/// A service the container may hand to more than one caller must be `Sendable` (the compiler's
/// side is `Tests/CompileChecks`): here, what happens at run time to a registration of one that
/// is not.
@Suite struct SendableRuleTests {
  /// Not `Sendable`: mutable state and no lock.
  final class Counter { var hits = 0 }
  final class Draft {
    var text: String
    init(text: String) { self.text = text }
  }
  final class Logger: Sendable {}

  @Test func aServiceThatIsNotSendableIsBuiltAnewForEveryResolve() throws {
    let container = Container()
    container.register(Counter.self, scope: .prototype) { _ in Counter() }
    let first = try container.resolve(Counter.self)
    let second = try container.resolve(Counter.self)
    #expect(first !== second)
    #expect(container.registrations(of: ServiceKey(Counter.self)).first?.scope == .prototype)
  }

  @Test(arguments: [Scope.singleton, .eager, .weak])
  func itsRegistrationIsRefusedASharedScope(_ shared: Scope) throws {
    let container = Container()
    let token = container.register(Counter.self, scope: .prototype) { _ in Counter() }
    let error = try #require(throws: ScopeChangeError.self) {
      try container.setScope(shared, for: token)
    }
    #expect(error.reason == .notSendable)
    #expect(error.token == token)
    #expect(error.requested == shared)
    #expect(error.service == ServiceKey(Counter.self))
    #expect(error.message == "'Counter' is not Sendable, so its registration t1 cannot be .\(shared)")
    #expect(error.hint.contains("To fix, make 'Counter' Sendable"))
    #expect(error.description.hasPrefix("error: 'Counter' is not Sendable"))
    // Nothing changed: still a new instance every time.
    #expect(try container.resolve(Counter.self) !== container.resolve(Counter.self))
    #expect(container.registrations(of: ServiceKey(Counter.self)).first?.scope == .prototype)
  }

  @Test func itMayMoveBetweenTheUnsharedScopes() throws {
    let container = Container()
    let token = container.register(Counter.self, scope: .graph) { _ in Counter() }
    #expect(try container.setScope(.prototype, for: token))
    #expect(try container.setScope(.graph, for: token))
    #expect(container.registrations(of: ServiceKey(Counter.self)).first?.scope == .graph)
  }

  @Test func aTokenNoLongerLiveIsFalseNotAnError() throws {
    let container = Container()
    let token = container.register(Counter.self, scope: .prototype) { _ in Counter() }
    container.remove(token)
    #expect(try container.setScope(.singleton, for: token) == false)
  }

  @Test func argumentAndAsyncRegistrationsFollowTheSameRule() async throws {
    let container = Container()
    let drafts = container.register(Draft.self) { (_: Resolver, text: String) in Draft(text: text) }
    #expect(throws: ScopeChangeError.self) { try container.setScope(.singleton, for: drafts) }
    #expect(try container.resolve(Draft.self, argument: "a").text == "a")
    let counters = container.register(Counter.self, scope: .prototype) { _ async in Counter() }
    #expect(throws: ScopeChangeError.self) { try container.setScope(.weak, for: counters) }
    let one = try await container.resolveAsync(Counter.self)
    let two = try await container.resolveAsync(Counter.self)
    #expect(one !== two)
  }

  @Test func sendableAndVouchedForServicesTakeAnyScope() throws {
    let container = Container()
    let logger = container.register(Logger.self, scope: .prototype) { _ in Logger() }
    #expect(try container.setScope(.singleton, for: logger))
    #expect(try container.resolve(Logger.self) === container.resolve(Logger.self))
    let vouched = container.registerUncheckedSendable(Counter.self, scope: .prototype) { _ in Counter() }
    #expect(try container.setScope(.singleton, for: vouched))
    #expect(try container.resolve(Counter.self) === container.resolve(Counter.self))
  }

  /// The race the rule closes: tasks resolving a service that is not `Sendable` each get their
  /// own instance, so incrementing it races with nothing.
  @Test func concurrentResolvesOfAnUnsharedServiceShareNothing() async throws {
    let container = Container()
    container.register(Counter.self, scope: .prototype) { _ in Counter() }
    let totals = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<8 {
        group.addTask {
          let counter = try container.resolve(Counter.self)
          for _ in 0..<1_000 { counter.hits += 1 }
          return counter.hits
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(totals == Array(repeating: 1_000, count: 8))
  }

  /// Guards its dictionary with its own lock, which the compiler cannot see (a type from a module
  /// not audited for concurrency): what `registerUncheckedSendable` is for.
  final class LegacyCache {
    private let lock = NSLock()
    private var values: [String: String] = [:]
    func value(for key: String) -> String? { lock.withLock { values[key] } }
  }

  @Test func theReadmesExample() throws {
    let container = Container()
    // --- README: sendable ---
    final class Draft { var text = "" }                              // not Sendable
    let drafts = container.register(Draft.self, scope: .prototype) { _ in Draft() }
    #expect(throws: ScopeChangeError.self) { try container.setScope(.singleton, for: drafts) }
    container.registerUncheckedSendable(LegacyCache.self) { _ in LegacyCache() }  // it locks itself
    // --- end ---
    #expect(try container.resolve(LegacyCache.self) === container.resolve(LegacyCache.self))
    #expect(try container.resolve(Draft.self) !== container.resolve(Draft.self))
  }
}
