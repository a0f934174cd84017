/// A property injected by type (Typhoon's auto-injection): on any class, bound to a container by
/// `container.inject(into:)`, or resolved from `Container.shared` on first access if never bound.
///
/// ```swift
/// final class ChannelBrowser {
///   @Injected var webService: WebService
///   @Injected(name: "file") var log: Logger
/// }
/// let browser = ChannelBrowser()
/// try container.inject(into: browser)   // resolves both now, from `container`
/// ```
///
/// It cannot throw, so a failure stops the program with the resolve's full diagnostic; bind with
/// `inject(into:)`, which throws, to handle failures.
@propertyWrapper
public final class Injected<Service>: InjectedProperty, @unchecked Sendable {
  // `@unchecked Sendable`: all mutable state lives in `state`, behind its lock.
  private struct State {
    var container: Container?
    var value: Service?
  }
  private let state = Protected<State>(State())
  /// The registration name it resolves, if any.
  public let name: String?

  public init(name: String? = nil) {
    self.name = name
  }

  public var wrappedValue: Service {
    if let value = state.withLock({ $0.value }) { return value }
    let container = state.withLock { $0.container } ?? Container.shared
    do {
      let value = try container.resolve(Service.self, name: name)
      state.withLock { $0.value = value }
      return value
    } catch {
      fatalError("\(error)")
    }
  }

  func bind(to container: Container, owner: String) throws {
    let value: Service
    do {
      value = try container.resolve(Service.self, name: name)
    } catch let error as ResolutionError {
      throw ResolutionError(
        kind: error.kind, key: error.key, path: [owner] + error.path, message: error.message,
        hint: error.hint)
    }
    state.withLock {
      $0.container = container
      $0.value = value
    }
  }
}

/// What `inject(into:)` finds among an object's stored properties.
protocol InjectedProperty: AnyObject {
  func bind(to container: Container, owner: String) throws
}

extension Container {
  /// Binds every `@Injected` property of `object` (its class and superclasses) to this container
  /// and resolves them now: Typhoon's activate-and-inject, as a test case's `setUp` uses it.
  ///
  /// ```swift
  /// override func setUp() { try! container.inject(into: self) }
  /// ```
  ///
  /// - Returns: How many properties were injected.
  @discardableResult
  public func inject(into object: AnyObject) throws -> Int {
    var count = 0
    var mirror: Mirror? = Mirror(reflecting: object)
    let owner = String(describing: type(of: object))
    while let current = mirror {
      for child in current.children {
        if let property = child.value as? InjectedProperty {
          try property.bind(to: self, owner: owner)
          count += 1
        }
      }
      mirror = current.superclassMirror
    }
    return count
  }
}
