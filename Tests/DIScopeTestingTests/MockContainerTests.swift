import DIScope
import DIScopeTesting
import Testing

@Suite("MockContainer")
struct MockContainerTests {
  @Test func pushesOnCreationAndRemovesOnRelease() throws {
    let container = Container()
    container.register((any AnalyticsProviding).self) { _ in LiveAnalytics() }
    var mocked: MockContainer<any AnalyticsProviding, MockAnalytics>? =
      MockContainer(MockAnalytics(), in: container)
    #expect(try container.resolve((any AnalyticsProviding).self) === mocked?.mock)
    #expect(container.registration(mocked!.token)?.isMock == true)
    mocked = nil
    #expect(try container.resolve((any AnalyticsProviding).self) is LiveAnalytics)
  }

  @Test func removesExactlyItsOwnRegistrationEvenUnderLaterOnes() throws {
    let container = Container()
    var first: MockContainer<any AnalyticsProviding, MockAnalytics>? =
      MockContainer(MockAnalytics(), in: container)
    let second = MockContainer<any AnalyticsProviding, MockAnalytics>(MockAnalytics(), in: container)
    first = nil
    #expect(try container.resolve((any AnalyticsProviding).self) === second.mock)
    #expect(container.stacks.first?.registrations.map(\.token) == [second.token])
    _ = first
  }

  /// The mock names the test's line, where it was made, as a `mock` call does (issue 44), not a
  /// line of DIScopeTesting.
  @Test func theMockNamesWhereTheTestMadeIt() {
    let container = Container()
    let line = #line + 1
    let mocked = MockContainer<any AnalyticsProviding, MockAnalytics>(MockAnalytics(), in: container)
    #expect(container.registration(mocked.token)?.location == RegistrationSite(fileID: #fileID, line: line))
  }

  @Test func usesTheSharedContainerOfItsTask() throws {
    let container = Container()
    try Container.withShared(container) { () throws in
      let mocked = MockContainer<any AnalyticsProviding, MockAnalytics>(MockAnalytics())
      #expect(try container.resolve((any AnalyticsProviding).self) === mocked.mock)
      let checkout = Checkout()
      checkout.buy()
      #expect(mocked.mock.events == ["buy"])
    }
  }
}

/// Hopoate's README pattern: a suite whose stored MockContainer lives for one test.
@Suite(.isolatedDependencies(base: ShopAssembly()))
final class IsolatedSuiteWithStoredMock {
  let analytics = MockContainer<any AnalyticsProviding, MockAnalytics>(MockAnalytics())

  @Test func theStoredMockIsInThisTestsContainer() {
    Checkout().buy()
    #expect(analytics.mock.events == ["buy"])
    #expect(Container.shared.name == "test")
  }

  @Test func theBaseAssemblyIsInstalled() throws {
    #expect(try Container.shared.resolve((any Store).self) is LiveStore)
  }
}
