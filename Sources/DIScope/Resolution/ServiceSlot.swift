/// The typed edge of the general path: the caller's slot for the instance, as one value.
///
/// The general path (`GeneralPath.swift`) is not specialised for the service: a generic engine
/// called from another module runs unspecialised, and every `Optional<Service>` it touched would
/// cost a runtime metadata lookup (hundreds of instructions each). Instead the typed caller, which
/// is `@inlinable` and so specialised for `Service` in the caller's module, keeps the instance in a
/// `TypedSlot<Service>` on its stack and lends it `inout`; the engine, generic over `ServiceSlot`
/// but never specialised, reaches it only through the protocol's five requirements (a witness
/// call each), and never copies, allocates or names the service's type.
@usableFromInline
protocol ServiceSlot {
  /// Builds the instance into the slot with `registration`'s factory.
  mutating func build(_ registration: Registration, _ resolver: Resolver) throws
  /// The slot's instance in a box, for a cache.
  func boxed() -> InstanceBox
  /// Fills the slot from a cache's box (of the slot's type: the registration's key vouches for it).
  mutating func fill(from box: InstanceBox)
  /// Fills the slot from an untyped value; false when it is not of the slot's type.
  mutating func fill(with value: Any) -> Bool
  /// The slot's instance, for an observer.
  func instance() -> Any
}

/// The slot of a typed resolve of `Service`: the instance once there is one, and how the resolve
/// builds it from a registration (its factory, with the arguments the caller passed).
@usableFromInline
struct TypedSlot<Service>: ServiceSlot {
  @usableFromInline var value: Service?
  /// The caller's non-escaping closure, lent for the resolve (see `Container.resolveTyped`).
  @usableFromInline let make: (Registration, Resolver) throws -> Service

  @inlinable
  init(make: @escaping (Registration, Resolver) throws -> Service) {
    self.make = make
  }

  @inlinable
  mutating func build(_ registration: Registration, _ resolver: Resolver) throws {
    value = try make(registration, resolver)
  }

  @inlinable
  func boxed() -> InstanceBox { InstanceBox.make(value!) }

  @inlinable
  mutating func fill(from box: InstanceBox) { value = box.value(as: Service.self) }

  @inlinable
  mutating func fill(with value: Any) -> Bool {
    guard let value = value as? Service else { return false }
    self.value = value
    return true
  }

  @inlinable
  func instance() -> Any { value! as Any }
}

extension Container {
  /// Resolves `key` as a `Service` on the general path, building with `make`; `nil` when nothing
  /// answers an optional resolve.
  @inlinable
  func resolveTyped<Service>(
    _ key: ServiceKey, as type: Service.Type, thread: ThreadState, requestedArguments: String?,
    isOptional: Bool, make: (Registration, Resolver) throws -> Service
  ) throws -> Service? {
    // Lent, not escaping: the slot lives on this frame and dies before `make` is given back,
    // which `withoutActuallyEscaping` checks.
    try withoutActuallyEscaping(make) { make in
      var slot = TypedSlot(make: make)
      let found = try resolveEntry(
        key, serviceType: type, thread: thread, requestedArguments: requestedArguments,
        isOptional: isOptional, slot: &slot)
      return found ? slot.value : nil
    }
  }
}
