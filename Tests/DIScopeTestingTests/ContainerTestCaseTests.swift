import DIScope
import DIScopeTesting
import XCTest

final class ContainerTestCaseTests: ContainerTestCase {
  @Injected var analytics: any AnalyticsProviding
  @Injected var store: any Store
  static let seen = SeenContainers()

  override func registerMocks(in container: Container) {
    container.install(ShopMocks())
  }

  func testInjectedPropertiesAreBoundToThisTestsContainer() throws {
    XCTAssertTrue(analytics is MockAnalytics)
    XCTAssertTrue(analytics === (try container.resolve((any AnalyticsProviding).self)))
    XCTAssertTrue(Container.shared === container, "the test's container is the shared one meanwhile")
    Self.seen.add(container)
  }

  func testEachTestGetsANewContainer() {
    Self.seen.add(container)
    XCTAssertTrue(store is MockStore)
  }

  func testZCheckSeenContainersAreDistinct() {
    Self.seen.add(container)
    XCTAssertEqual(Self.seen.count, Self.seen.distinct, "one container per test")
  }

  func testCoverageAssertionPassesWithCompleteMocks() {
    struct Live: Assembly {
      func assemble(into container: Container) {
        container.register((any Store).self) { _ in LiveStore() }
      }
    }
    assertEveryService(of: Live(), isMockedBy: ShopMocks())
  }
}

final class SeenContainers: @unchecked Sendable {
  // `@unchecked Sendable`: XCTest runs one test at a time on the main thread.
  private var ids: [ObjectIdentifier] = []
  func add(_ container: Container) { ids.append(ObjectIdentifier(container)) }
  var count: Int { ids.count }
  var distinct: Int { Set(ids).count }
}
