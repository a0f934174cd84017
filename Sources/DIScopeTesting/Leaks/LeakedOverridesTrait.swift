import DIScope
import Testing

/// Fails a test that ends with registrations it pushed into `Container.shared` still live.
///
/// Opt-in, per test or per suite; put it after `.isolatedDependencies` to check the isolated
/// container, or use it alone to guard the process-wide one.
///
/// ```swift
/// @Suite(.checksLeakedOverrides)
/// struct LegacyTests { ... }
/// ```
public struct LeakedOverridesTrait: TestTrait, SuiteTrait, TestScoping {
  public var isRecursive: Bool { true }

  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let check = OverrideLeakCheck(on: .shared)
    try await function()
    if let report = check.report {
      Issue.record(Comment(rawValue: report), sourceLocation: test.sourceLocation)
    }
  }
}

extension Trait where Self == LeakedOverridesTrait {
  /// Fails a test that ends with registrations it pushed into `Container.shared` still live.
  public static var checksLeakedOverrides: Self { LeakedOverridesTrait() }
}
