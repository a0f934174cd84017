// Hopoate's public API, exercised the way a Hopoate code base uses it, compiled in the Swift 5
// language mode such code bases are written in. Only the import differs from Hopoate.
import DIScopeHopoate
import XCTest

protocol Greeting: AnyObject {
  func greet()
}

final class RecordingGreeting: Greeting {
  private(set) var greeted = false
  func greet() { greeted = true }
}

final class DependencyContainerCompatibilityTests: XCTestCase {
  var dependencies: DependencyContainer!

  override func setUp() {
    super.setUp()
    dependencies = DependencyContainer()
  }

  override func tearDown() {
    dependencies = nil
    super.tearDown()
  }

  func testSharedIsOneInstance() {
    XCTAssertTrue(DependencyContainer.shared === DependencyContainer.shared)
  }

  func testRegisteringAndResolvingAService() {
    let greeting = RecordingGreeting()
    dependencies.register(service: Greeting.self) { greeting }
    dependencies.resolve(Greeting.self).greet()
    XCTAssertTrue(greeting.greeted)
  }

  func testTheLatestRegistrationWins() {
    let older = RecordingGreeting(), newer = RecordingGreeting()
    dependencies.register(service: Greeting.self) { older }
    dependencies.register(service: Greeting.self) { newer }
    dependencies.resolve(Greeting.self).greet()
    XCTAssertFalse(older.greeted)
    XCTAssertTrue(newer.greeted)
  }

  func testRemovingARegistrationRestoresThePreviousOne() {
    let older = RecordingGreeting(), newer = RecordingGreeting()
    dependencies.register(service: Greeting.self) { older }
    let registration: ServiceRegistration<Greeting> = dependencies.register(service: Greeting.self) { newer }
    dependencies.remove(registration)
    dependencies.resolve(Greeting.self).greet()
    XCTAssertTrue(older.greeted)
    XCTAssertFalse(newer.greeted)
  }

  func testOptionalResolveAndCanResolve() {
    XCTAssertNil(dependencies.optionalResolve(Greeting.self))
    XCTAssertFalse(dependencies.canResolve(Greeting.self))
    let greeting = RecordingGreeting()
    dependencies.register(service: Greeting.self) { greeting }
    dependencies.optionalResolve(Greeting.self)?.greet()
    XCTAssertTrue(greeting.greeted)
    XCTAssertTrue(dependencies.canResolve(Greeting.self))
  }

  func testOverwritingBothWays() {
    let first = RecordingGreeting()
    dependencies.register(first, for: Greeting.self)
    XCTAssertTrue(dependencies.resolve(Greeting.self) === first)
    let second = RecordingGreeting()
    let overwrite = dependencies.overwriteExistingRegistrations(withService: second, for: Greeting.self)
    XCTAssertTrue(dependencies.resolve(Greeting.self) === second)
    dependencies.remove(overwrite)
    XCTAssertNil(dependencies.optionalResolve(Greeting.self), "the overwrite removed the first")
    let third = dependencies.overwriteExistingRegistrations(service: Greeting.self, cacheService: false) {
      RecordingGreeting()
    }
    XCTAssertFalse(dependencies.resolve(Greeting.self) === dependencies.resolve(Greeting.self))
    XCTAssertTrue(third.serviceType == Greeting.self)
  }

  func testCachingOnAndOff() {
    dependencies.register(service: Greeting.self, cacheService: false) { RecordingGreeting() }
    XCTAssertFalse(dependencies.resolve(Greeting.self) === dependencies.resolve(Greeting.self))
    dependencies.register(service: Greeting.self, cacheService: true) { RecordingGreeting() }
    XCTAssertTrue(dependencies.resolve(Greeting.self) === dependencies.resolve(Greeting.self))
  }

  func testFreeFunctionsUseTheSharedContainer() {
    let isolated = DependencyContainer()
    let greeting = RecordingGreeting()
    isolated.register(greeting, for: Greeting.self)
    DependencyContainer.$shared.withValue(isolated) {
      XCTAssertTrue(resolve(Greeting.self) === greeting)
      XCTAssertTrue(optionalResolve(Greeting.self) === greeting)
      XCTAssertTrue(Container.shared === isolated.container, "DIScope's shared follows Hopoate's")
    }
    XCTAssertNil(optionalResolve(Greeting.self))
  }

  func testPropertyWrappersWithTheSharedAndASpecificContainer() {
    let shared = DependencyContainer()
    let inShared = RecordingGreeting(), inSpecific = RecordingGreeting()
    shared.register(inShared, for: RecordingGreeting.self)
    let registration = WrapperHolder.specific.register(inSpecific, for: RecordingGreeting.self)
    defer { WrapperHolder.specific.remove(registration) }
    let holder = DependencyContainer.$shared.withValue(shared) { WrapperHolder() }
    XCTAssertTrue(holder.fromShared === inShared)
    XCTAssertTrue(holder.fromSpecific === inSpecific)
    XCTAssertTrue(holder.optionalFromShared === inShared)
    XCTAssertTrue(holder.optionalFromSpecific === inSpecific)
    XCTAssertNil(holder.missing)
  }
}

final class WrapperHolder {
  static let specific = DependencyContainer()
  @Dependency var fromShared: RecordingGreeting
  @Dependency(container: specific) var fromSpecific: RecordingGreeting
  @OptionalDependency var optionalFromShared: RecordingGreeting?
  @OptionalDependency(container: specific) var optionalFromSpecific: RecordingGreeting?
  @OptionalDependency var missing: Greeting?
}
