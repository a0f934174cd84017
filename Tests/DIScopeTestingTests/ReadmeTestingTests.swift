// --- README: swift-testing ---
import DIScope
import DIScopeTesting
import Testing

@Suite(.isolatedDependencies(base: ShopAssembly()))
final class CheckoutTests {
  let analytics = MockContainer<any AnalyticsProviding, MockAnalytics>(MockAnalytics())

  @Test func buyingIsTracked() {
    Checkout().buy()
    #expect(analytics.mock.events == ["buy"])
  }

  @Test func everyServiceHasAMock() {
    assertEveryService(of: ShopAssembly(), isMockedBy: ShopMocks())
  }
}
// --- end ---
