import Synchronization

/// The baseline for W5: the same typed-box dictionary behind a `Synchronization.Mutex`, which is
/// what a hand-written registry shared between threads needs at least.
///
/// ```swift
/// let registry = LockedTypedBoxRegistry()
/// registry.register(Logger())
/// let logger = registry.resolve(Logger.self)   // from any thread
/// ```
final class LockedTypedBoxRegistry: Sendable {
  private let boxes = Mutex<[ObjectIdentifier: any AnyObject & Sendable]>([:])

  func register<Service: Sendable>(_ instance: Service) {
    boxes.withLock { $0[ObjectIdentifier(Service.self)] = TypedBox(instance) }
  }

  /// The instance registered for `Service`; traps if there is none.
  @inline(__always)
  func resolve<Service: Sendable>(_: Service.Type) -> Service {
    let box = boxes.withLock { $0[ObjectIdentifier(Service.self)]! }
    return unsafeDowncast(box, to: TypedBox<Service>.self).value
  }
}
