import DIScope
import Testing

/// Fails a test that ends with a cached instance of `Container.shared` still holding a mock the
/// test removed: a singleton built while the mock answered keeps handing it out after `remove`,
/// which no stack shows. A cached instance built before the check began, whose holdings are
/// unknown, fails it too when the test removed a mock pushed before it began (see
/// ``StaleMockCheck/unknownHolders``).
///
/// Opt-in, per test or per suite; put it after `.isolatedDependencies` to check the isolated
/// container. It tracks holders for the test's duration (which costs what an observer costs).
///
/// ```swift
/// @Suite(.isolatedDependencies(base: AppAssembly()), .checksStaleMocks)
/// struct CheckoutTests { ... }
/// ```
public struct StaleMocksTrait: TestTrait, SuiteTrait, TestScoping {
  public var isRecursive: Bool { true }

  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let check = StaleMockCheck(on: .shared)
    defer { check.finish() }
    try await function()
    if let report = check.report {
      Issue.record(Comment(rawValue: report), sourceLocation: test.sourceLocation)
    }
  }
}

extension Trait where Self == StaleMocksTrait {
  /// Fails a test that ends with a cached instance holding a mock the test removed.
  public static var checksStaleMocks: Self { StaleMocksTrait() }
}
