public import Dependencies

/// A service type written out by `generate.py`, so that W4 and the memory check can register
/// 10,000 distinct Swift types in every system.
///
/// Each generated type is also its own swift-dependencies key (`@Dependency(Service0042.self)`),
/// the library's documented form for a type that provides its own live value. Its live value is
/// built on first read and then cached by swift-dependencies, as a singleton would be.
///
/// ```swift
/// let type = generatedServiceTypes[42]        // Service0042.self
/// container.register(type) { _ in type.init() }
/// ```
public protocol GeneratedService: AnyObject, Sendable, DependencyKey where Value == Self {
  init()
}

extension GeneratedService {
  public static var liveValue: Self { Self() }
}
