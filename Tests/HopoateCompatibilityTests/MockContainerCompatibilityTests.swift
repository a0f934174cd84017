// Hopoate's testing helper, with Hopoate's signature, over the compatibility product's test
// support. Only the import differs from Hopoate.
import DIScopeHopoateTesting
import XCTest

protocol Weather: AnyObject {
  var forecast: String { get }
}
final class LiveWeather: Weather { var forecast: String { "live" } }
final class MockWeather: Weather { var forecast: String { "mocked" } }

final class MockContainerCompatibilityTests: XCTestCase {
  func testAMockContainerPushesOverTheGivenContainerForAsLongAsItLives() {
    let dependencies = DependencyContainer()
    dependencies.register(service: Weather.self) { LiveWeather() }
    var mock: MockContainer<Weather, MockWeather>? = MockContainer(MockWeather(), container: dependencies)
    XCTAssertEqual(dependencies.resolve(Weather.self).forecast, "mocked")
    XCTAssertTrue(mock?.mock === dependencies.resolve(Weather.self))
    mock = nil
    XCTAssertEqual(dependencies.resolve(Weather.self).forecast, "live")
  }

  /// Hopoate's spelling names the test's line too, not a line of the testing library.
  func testAMockContainerNamesWhereTheTestMadeIt() {
    let dependencies = DependencyContainer()
    let line = #line + 1
    let mock = MockContainer<Weather, MockWeather>(MockWeather(), container: dependencies)
    let site = dependencies.container.registration(mock.token)?.location
    XCTAssertEqual(site?.fileID, #fileID)
    XCTAssertEqual(site?.line, line)
  }
}
