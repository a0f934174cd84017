import DIScope

protocol AnalyticsProviding: AnyObject, Sendable { var events: [String] { get } }

final class LiveAnalytics: AnalyticsProviding {
  var events: [String] { [] }
}

final class MockAnalytics: AnalyticsProviding, @unchecked Sendable {
  // `@unchecked Sendable`: test-only; each test uses its own instance on one task.
  var recorded: [String] = []
  var events: [String] { recorded }
}

final class Checkout {
  @Dependency var analytics: any AnalyticsProviding
  func buy() { (analytics as? MockAnalytics)?.recorded.append("buy") }
}

protocol Store: Sendable {}
struct LiveStore: Store {}
struct MockStore: Store {}
protocol Clock: Sendable {}
struct LiveClock: Clock {}

struct ShopAssembly: Assembly {
  func assemble(into container: Container) {
    container.register((any AnalyticsProviding).self) { _ in LiveAnalytics() }
    container.register((any Store).self) { _ in LiveStore() }
    container.register((any Clock).self) { _ in LiveClock() }
  }
}

/// Mocks every service of `ShopAssembly`.
struct ShopMocks: Assembly {
  func assemble(into container: Container) {
    container.register((any AnalyticsProviding).self) { _ in MockAnalytics() }
    container.register((any Store).self) { _ in MockStore() }
    container.register((any Clock).self) { _ in MockClock() }
  }
}
struct MockClock: Clock {}

/// Mocks two of the three services: the clock is missing.
struct IncompleteMocks: Assembly {
  func assemble(into container: Container) {
    container.register((any AnalyticsProviding).self) { _ in MockAnalytics() }
    container.register((any Store).self) { _ in MockStore() }
  }
}
