import DIScope
import DIScopeTesting
import XCTest

// --- README: xctest ---
final class ShopTests: ContainerTestCase {
  @Injected var store: any Store

  override func registerMocks(in container: Container) {
    container.install(ShopMocks())
  }

  func testTheStoreIsTheMock() {
    XCTAssertTrue(store is MockStore)
  }
}
// --- end ---
