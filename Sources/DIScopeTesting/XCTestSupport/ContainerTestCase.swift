import DIScope
import XCTest

/// An XCTest base class with a container per test (the seed's `RFTestCase`): override
/// `registerMocks(in:)` to hand out mocks, and declare what the test needs as `@Injected`
/// properties — they are bound to the test's container before each test.
///
/// During the test the container is also `Container.shared`, so code under test that uses the
/// property wrappers sees the mocks.
///
/// ```swift
/// final class ControlContextTests: ContainerTestCase {
///   @Injected var webService: WebService
///
///   override func registerMocks(in container: Container) {
///     container.install(AppAssembly())
///     container.mock(WebService.self, with: MockWebService())
///   }
///
///   func testItResumes() throws {
///     let sut = ControlContext(webService: webService, zoneController: try container.resolve(ZoneController.self))
///     ...
///   }
/// }
/// ```
open class ContainerTestCase: XCTestCase {
  /// The test's container, new for every test.
  public private(set) var container: Container!
  private var leakCheck: OverrideLeakCheck?

  /// Registers the test's mocks; called before `setUp()` with a new container each test.
  open func registerMocks(in container: Container) {}

  /// Makes the test's container; override to start from a parent or a different name.
  open func makeContainer() -> Container { Container(name: "test") }

  /// Whether to fail a test that ends with registrations it pushed (after `registerMocks`) live.
  open var checksLeakedOverrides: Bool { false }

  override open func invokeTest() {
    let container = makeContainer()
    registerMocks(in: container)
    self.container = container
    leakCheck = checksLeakedOverrides ? OverrideLeakCheck(on: container) : nil
    Container.withShared(container) {
      super.invokeTest()
    }
    self.container = nil
  }

  override open func setUp() {
    super.setUp()
    do {
      try container.inject(into: self)
    } catch {
      XCTFail("\(error)")
    }
  }

  override open func tearDown() {
    if let report = leakCheck?.report { XCTFail(report) }
    super.tearDown()
  }

  /// Fails the test for every service `assembly` registers that `mocks` does not mock.
  public func assertEveryService(
    of assembly: some Assembly, isMockedBy mocks: some Assembly,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let missing = MockCoverage.unmockedServices(of: assembly, mockedBy: mocks)
    guard !missing.isEmpty else { return }
    XCTFail(MockCoverage.message(missing, assembly: assembly.name, mocks: mocks.name), file: file, line: line)
  }
}
