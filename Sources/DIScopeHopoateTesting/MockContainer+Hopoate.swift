@_exported import DIScopeHopoate
@_exported import DIScopeTesting

extension MockContainer {
  /// Hopoate's spelling: pushes `mock` over `Service` in `container` for as long as this lives.
  ///
  /// ```swift
  /// let analytics = MockContainer<Analytics, MockAnalytics>(MockAnalytics(), container: dependencies)
  /// ```
  public convenience init(
    _ mock: Mock, container: DependencyContainer, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    self.init(mock, in: container.container, fileID: fileID, line: line)
  }
}
