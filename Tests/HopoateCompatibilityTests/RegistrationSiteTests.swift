import DIScopeHopoate
import XCTest

/// A registration made through Hopoate's API says where the app made it, as DIScope's own do.
final class HopoateRegistrationSiteTests: XCTestCase {
  func testRegisterNamesItsCall() {
    let dependencies = DependencyContainer()
    let line = #line + 1
    dependencies.register(service: RecordingGreeting.self) { RecordingGreeting() }
    let site = dependencies.container.stacks.first?.registrations.first?.location
    XCTAssertEqual(site?.fileID, #fileID)
    XCTAssertEqual(site?.line, line)
  }
}
