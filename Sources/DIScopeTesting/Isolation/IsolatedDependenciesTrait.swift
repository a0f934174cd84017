import DIScope
import Testing

/// Gives every test — and every case of a parameterised test — its own `Container.shared`, empty
/// or built from a base assembly, so tests running in parallel never see each other's registrations
/// and need not remove what they register.
///
/// An `@Injected` read that cannot resolve during the test is recorded as the test's issue at the
/// property's declaration (`CheckoutScreen.swift:12:4`), with the resolve's path and hint, before
/// the read stops the program (a getter has no value to return). `Container.require(_:name:)`
/// resolves with an issue at its own call if it cannot, where `resolve`'s thrown error would be
/// reported at the `@Test` line.
///
/// ```swift
/// @Suite(.isolatedDependencies(base: AppAssembly()))
/// struct CheckoutTests {
///   @Test func usesTheMock() throws {
///     Container.shared.mock(Payments.self, with: MockPayments())
///     #expect(try Checkout().pay() == .accepted)
///   }
/// }
/// ```
public struct IsolatedDependenciesTrait: TestTrait, SuiteTrait, TestScoping {
  let base: [any Assembly]
  let containerName: String

  public var isRecursive: Bool { true }

  /// One container per test case: the scope wraps each case, never a whole suite at once (a
  /// suite-wide scope would let parallel cases share one container).
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let container = Container(name: containerName)
    for assembly in base { container.install(assembly) }
    try await Container.withShared(container) {
      try await InjectionFailureReporting.$report.withValue(Self.recordIssue) {
        do {
          try await function()
        } catch is RecordedResolutionFailure {
          // `Container.require` recorded the issue at its call already.
        }
      }
    }
  }

  /// An `@Injected` read that cannot resolve, recorded as the test's issue at the property's
  /// declaration (before the read stops the program: a getter has no value to return).
  @Sendable static func recordIssue(_ failure: InjectionFailure) {
    Issue.record(Comment(rawValue: failure.description), sourceLocation: failure.site.sourceLocation)
  }
}

extension DeclarationSite {
  /// The declaration, where Swift Testing shows an issue.
  var sourceLocation: SourceLocation {
    SourceLocation(
      fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
  }
}

extension Trait where Self == IsolatedDependenciesTrait {
  /// Each test case gets its own empty `Container.shared`.
  public static var isolatedDependencies: Self {
    IsolatedDependenciesTrait(base: [], containerName: "test")
  }

  /// Each test case gets its own `Container.shared`, with `assemblies` installed in order.
  public static func isolatedDependencies(base assemblies: any Assembly...) -> Self {
    IsolatedDependenciesTrait(base: assemblies, containerName: "test")
  }
}
