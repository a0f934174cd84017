import DIScope
import Testing

/// The seed app's rule — "add a new component in two places: the assembly and the test base's
/// mocks" — made checkable.
public enum MockCoverage {
  /// The services `assembly` registers that `mocks` does not, in registration order.
  ///
  /// ```swift
  /// MockCoverage.unmockedServices(of: AppAssembly(), mockedBy: MockAssembly())   // [ContentCache]
  /// ```
  public static func unmockedServices(
    of assembly: some Assembly, mockedBy mocks: some Assembly
  ) -> [ServiceKey] {
    let real = Container(name: "coverage"), mocked = Container(name: "coverage-mocks")
    real.install(assembly)
    mocked.install(mocks)
    let mockedKeys = Set(mocked.stacks.map(\.key))
    return real.stacks.map(\.key).filter { !mockedKeys.contains($0) }
  }

  static func message(_ missing: [ServiceKey], assembly: String, mocks: String) -> String {
    let names = missing.map { "'\($0)'" }.joined(separator: ", ")
    return "\(assembly) registers \(missing.count == 1 ? "a service" : "\(missing.count) services") "
      + "that \(mocks) does not mock: \(names). To fix, register a mock for "
      + "\(missing.count == 1 ? "it" : "each") in \(mocks)"
  }
}

/// Records an issue naming every service `assembly` registers that `mocks` does not mock.
///
/// ```swift
/// @Test func everyComponentHasAMock() {
///   assertEveryService(of: AppAssembly(), isMockedBy: MockAssembly())
/// }
/// ```
public func assertEveryService(
  of assembly: some Assembly, isMockedBy mocks: some Assembly,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let missing = MockCoverage.unmockedServices(of: assembly, mockedBy: mocks)
  guard !missing.isEmpty else { return }
  Issue.record(
    Comment(rawValue: MockCoverage.message(missing, assembly: assembly.name, mocks: mocks.name)),
    sourceLocation: sourceLocation)
}
