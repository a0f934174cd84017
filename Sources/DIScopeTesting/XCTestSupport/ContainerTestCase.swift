// Only where XCTest can be imported (a Linux toolchain or an SDK without it still builds the
// rest of DIScopeTesting: its Swift Testing traits need nothing of XCTest).
#if canImport(XCTest)
import DIScope
import XCTest

#if canImport(ObjectiveC)
  import Foundation  // `Thread.isMainThread`, where XCTest can end a test at a failure
#endif

/// An XCTest base class with a container per test (the seed's `RFTestCase`): override
/// `registerMocks(in:)` to hand out mocks, and declare what the test needs as `@Injected`
/// properties — they are bound to the test's container before each test, and each resolves when
/// the test first reads it: a test fails only for a property it reads.
///
/// During the test the container is also `Container.shared`, so code under test that uses the
/// property wrappers sees the mocks.
///
/// A read that cannot resolve (the test's own `@Injected` property, or one of an object under
/// test) is recorded as the test's failure at the property's declaration, with the resolve's path
/// and hint. A getter has no value to return then: on Darwin, XCTest ends the test there and runs
/// the next; swift-corelibs-xctest (Linux) cannot end a test early, so after recording the failure
/// the read stops the test process with the same diagnostic.
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
    let recorder = InjectionFailureRecorder(testCase: self)
    Container.withShared(container) {
      InjectionFailureReporting.$report.withValue(recorder.record) {
        super.invokeTest()
      }
    }
    self.container = nil
  }

  override open func setUp() {
    super.setUp()
    container.bindInjectedProperties(of: self)
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

/// Records an `@Injected` read that cannot resolve as a failure of the running test, at the
/// property's declaration.
///
/// `@unchecked Sendable`: `testCase` is set in `init` and never changed; it is used only on
/// Darwin, on the main thread (where XCTest runs the test), to let XCTest end the test at the
/// failure.
final class InjectionFailureRecorder: @unchecked Sendable {
  private weak var testCase: XCTestCase?

  init(testCase: XCTestCase) { self.testCase = testCase }

  func record(_ failure: InjectionFailure) {
    #if canImport(ObjectiveC)
      // XCTest on Darwin ends a test at a failure recorded while `continueAfterFailure` is false
      // (it unwinds to the test's end), so the read stops its test rather than the process.
      if Thread.isMainThread {
        MainActor.assumeIsolated { testCase?.continueAfterFailure = false }
      }
    #endif
    XCTFail(failure.description, file: failure.site.filePath, line: failure.site.line)
  }
}
#endif
