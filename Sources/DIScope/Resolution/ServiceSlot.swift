/// The typed edge of the general path: the caller's slot for the instance, as one value.
///
/// The general path (`GeneralPath.swift`) is not generic: a generic engine called from another
/// module runs unspecialised, and every `Optional<Service>` or generic slot type it touched would
/// cost a runtime metadata lookup (hundreds of instructions each). Instead the typed caller, which
/// is `@inlinable` and so specialised for `Service` in the caller's module, keeps the instance in a
/// local and hands the engine one `ServiceSlot`: the five operations on that local, as closures
/// that never outlive the resolve. (A slot generic over the service, lent through a protocol,
/// cost a caller that stays generic — `optionalResolve` from DIScopeSwinject's `Resolver` — a
/// metadata and a witness-table lookup per resolve.)
@usableFromInline
struct ServiceSlot {
  /// Builds the instance into the slot with the registration's factory.
  @usableFromInline let build: (Registration, Resolver) throws -> Void
  /// The slot's instance in a box, for a cache.
  @usableFromInline let boxed: () -> InstanceBox
  /// Fills the slot from a cache's box (of the slot's type: the registration's key vouches for it).
  @usableFromInline let unbox: (InstanceBox) -> Void
  /// Fills the slot from an untyped value; false when it is not of the slot's type.
  @usableFromInline let assign: (Any) -> Bool
  /// The slot's instance, for an observer.
  @usableFromInline let instance: () -> Any

  @inlinable
  init(
    build: @escaping (Registration, Resolver) throws -> Void, boxed: @escaping () -> InstanceBox,
    unbox: @escaping (InstanceBox) -> Void, assign: @escaping (Any) -> Bool,
    instance: @escaping () -> Any
  ) {
    self.build = build
    self.boxed = boxed
    self.unbox = unbox
    self.assign = assign
    self.instance = instance
  }
}

extension Container {
  /// Resolves `key` as a `Service` on the general path, building with `make`; `nil` when nothing
  /// answers an optional resolve.
  @inlinable
  func resolveTyped<Service>(
    _ key: ServiceKey, as type: Service.Type, thread: ThreadState, requestedArguments: String?,
    isOptional: Bool, make: (Registration, Resolver) throws -> Service
  ) throws -> Service? {
    var value: Service?
    // Lent, not escaping: each closure is made non-escaping (its context, and `value`, on this
    // frame, nothing allocated) and only lent to the slot for the resolve, which
    // `withoutActuallyEscaping` checks as it gives it back. Each level returns a `Bool`, not a
    // `Service?`: a caller that stays generic then needs no metadata to pass the result up.
    let found = try withoutActuallyEscaping({ registration, resolver in value = try make(registration, resolver) }) { build in
      try withoutActuallyEscaping({ InstanceBox.make(value!) }) { boxed in
        try withoutActuallyEscaping({ box in value = box.value(as: Service.self) }) { unbox in
          try withoutActuallyEscaping({ (untyped: Any) -> Bool in
            guard let typed = untyped as? Service else { return false }
            value = typed
            return true
          }) { assign in
            try withoutActuallyEscaping({ value! as Any }) { instance in
              try resolveEntry(
                key, serviceType: type, thread: thread, requestedArguments: requestedArguments,
                isOptional: isOptional,
                slot: ServiceSlot(
                  build: build, boxed: boxed, unbox: unbox, assign: assign, instance: instance))
            }
          }
        }
      }
    }
    return found ? value : nil
  }
}
