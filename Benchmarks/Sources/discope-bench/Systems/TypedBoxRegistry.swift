/// The hand-written baseline for W1, W3 and W4: one typed box per service, in a dictionary keyed
/// by the service type's `ObjectIdentifier`.
///
/// It is the least a registry that hands back typed instances can do: one hash lookup and a
/// class cast the compiler does not check (`unsafeDowncast`, as DIScope's own cache does). It
/// knows no scopes, names, stacks, errors or threads.
///
/// ```swift
/// var registry = TypedBoxRegistry()
/// registry.register(Logger())
/// let logger = registry.resolve(Logger.self)
/// ```
struct TypedBoxRegistry: Sendable {
  private(set) var boxes: [ObjectIdentifier: any AnyObject & Sendable] = [:]

  /// Stores `instance` as the answer for `Service`; returns the box it replaced, if any.
  @discardableResult
  mutating func register<Service: Sendable>(_ instance: Service) -> (any AnyObject & Sendable)? {
    boxes.updateValue(TypedBox(instance), forKey: ObjectIdentifier(Service.self))
  }

  /// Puts back a box `register` returned (W3's "remove the mock").
  mutating func restore<Service>(_ box: (any AnyObject & Sendable)?, for _: Service.Type) {
    boxes[ObjectIdentifier(Service.self)] = box
  }

  /// The instance registered for `Service`; traps if there is none.
  @inline(__always)
  func resolve<Service: Sendable>(_: Service.Type) -> Service {
    unsafeDowncast(boxes[ObjectIdentifier(Service.self)]!, to: TypedBox<Service>.self).value
  }
}

/// A value in a class, so a dictionary of `AnyObject` can hold any type and hand it back with a
/// cast.
final class TypedBox<Value>: Sendable where Value: Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
