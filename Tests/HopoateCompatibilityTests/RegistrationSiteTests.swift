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

  /// An instance, and both overwrites: each names its own call, not the overload it forwards to.
  func testEveryOtherRegisterNamesItsCall() {
    let dependencies = DependencyContainer()
    let site = { dependencies.container.stacks.first?.registrations.first?.location }
    let instanceLine = #line + 1
    dependencies.register(RecordingGreeting(), for: RecordingGreeting.self)
    XCTAssertEqual(site()?.fileID, #fileID)
    XCTAssertEqual(site()?.line, instanceLine)
    let overwriteLine = #line + 1
    dependencies.overwriteExistingRegistrations(service: RecordingGreeting.self) { RecordingGreeting() }
    XCTAssertEqual(site()?.line, overwriteLine)
    let overwriteInstanceLine = #line + 1
    dependencies.overwriteExistingRegistrations(withService: RecordingGreeting(), for: RecordingGreeting.self)
    XCTAssertEqual(site()?.line, overwriteInstanceLine)
  }
}
