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
}
