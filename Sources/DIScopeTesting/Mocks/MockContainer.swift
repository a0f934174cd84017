import DIScope

/// Holds a mock pushed over `Service` for as long as it lives (Hopoate's `MockContainer`).
///
/// Creating it pushes the mock over `Service` in the container (`Container.shared` as it stands
/// then, unless given one); releasing it removes exactly that registration, even if others were
/// pushed over it since. `mock` returns the mock, to stub or inspect.
///
/// ```swift
/// @Suite(.isolatedDependencies)
/// final class CheckoutTests {
///   let analytics = MockContainer<Analytics, MockAnalytics>(MockAnalytics())
///
///   @Test func tappingBuyIsTracked() throws {
///     try Checkout().buy()
///     #expect(analytics.mock.events == ["buy"])
///   }
/// }
/// ```
///
/// `Service` is `Sendable`, as every shared registration's service is: the container hands the mock
/// to whoever resolves it, on any thread.
///
/// `@unchecked Sendable`: its stored properties never change after `init`; `mock` is the same
/// instance the container shares as a `Service`, which is `Sendable` (`Mock` itself cannot be
/// required to be: a mock class is often not, though its value as the service is).
public final class MockContainer<Service: Sendable, Mock>: @unchecked Sendable {
  /// The mock, as registered.
  public let mock: Mock
  /// The token of the mock's registration.
  public let token: RegistrationToken
  /// The container the mock was pushed into.
  public let container: Container

  /// Pushes `mock` over `Service`.
  ///
  /// - Precondition: `mock` is a `Service` (Swift cannot state "`Mock` conforms to the protocol
  ///   `Service`" as a generic constraint, so this is checked when the container is created).
  public init(
    _ mock: Mock, name: String? = nil, in container: Container = .shared,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    guard let service = mock as? Service else {
      fatalError(
        "\(fileID):\(line): error: MockContainer: '\(Mock.self)' is not a '\(Service.self)'; "
          + "make the mock conform to the service it stands in for", file: fileID, line: line)
    }
    self.mock = mock
    self.container = container
    // The test's line, not this file's: pane 1, `why` and errors name where the test mocked.
    self.token = container.mock(Service.self, name: name, with: service, fileID: fileID, line: line)
  }

  deinit {
    container.remove(token)
  }
}
