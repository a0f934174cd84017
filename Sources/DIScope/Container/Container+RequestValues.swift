/// A child's own values (`register(_:value:)`: a request's id, its user), answered with no lock
/// and no entry in any thread's cache.
///
/// A request's child is made, used and released once per request. Had its values gone through
/// the per-thread caches as everything else does, each request would write entries under a
/// container id never seen again, and its shutdown and release would each have to find and clear
/// them. Instead the child keeps, beside each of its few local types (`LocalServiceTypes`), the
/// value that answers it, and a resolve of that type reads it there; and until something reads
/// the child's stacks, the value is not even a registration (`InlineValues`).
extension Container {
  /// Reads the value `bits` names (a value slot's: the instance itself, or its box) as
  /// `Service`, the type it was registered as.
  @inlinable
  static func readRequestValue<Service>(_ bits: UInt, as _: Service.Type) -> Service {
    Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)._withUnsafeGuaranteedRef {
      object in
      // A class value is kept as it is; anything else is boxed.
      if Service.self is AnyClass { return unsafeBitCast(object, to: Service.self) }
      return unsafeDowncast(object, to: InstanceBox.self).value(as: Service.self)
    }
  }

  /// Keeps a plain value pushed into this child (no name, no mock, nothing to dispose, a type it
  /// has no registration of) as it is, in its value slot and `InlineValues`, rather than as a
  /// registration (see `InlineValues`); returns its token, or `nil` when it must be a
  /// registration (a type registered here before, no free slot, a shut-down or observed
  /// container, an assembly being installed on this thread), having numbered and kept nothing.
  /// The one entry of `register(_:value:)` into a child, before any of the general path's work.
  /// Takes `value` out of its optional when it keeps it (so the caller's reference is handed
  /// over, not copied), and leaves it there when it returns `nil`.
  @usableFromInline
  func registerValueInPlace(
    _ type: any Any.Type, value: inout (AnyObject & Sendable)?, isInstance: Bool,
    site: PackedSite
  ) -> RegistrationToken? {
    // Registrations made while an assembly installs join its group: the general path's.
    if let raw = ThreadState.currentIfMade,
      !Unmanaged<ThreadState>.fromOpaque(raw)._withUnsafeGuaranteedRef({ $0.installing.isEmpty })
    {
      return nil
    }
    return family.withLock { state -> RegistrationToken? in
      // Observed, it is a registration at once, so that observers see it pushed; read under the
      // lock, which attaching an observer takes, so a push racing the first observer is reported.
      guard !registry.isShutDown, !family.isObserved, registry.inlineValues.hasRoom,
        let slot = localTypes.insertNew(ObjectIdentifier(type))
      else { return nil }
      let number = state.nextToken
      state.nextToken += 1
      // Numbered as it is pushed, as if built then, like any value registered.
      let instanceNumber = state.nextInstanceNumber()
      let object = value.take()!
      localTypes.setValue(
        UInt(bitPattern: Unmanaged.passUnretained(object as AnyObject).toOpaque()), inSlot: slot)
      registry.inlineValues.append(
        InlineValues.Value(
          // Consumed: kept, the local would be counted again and let go of after the bump below.
          number: number, type: type, object: consume object, isInstance: isInstance,
          instanceNumber: instanceNumber, site: site))
      // The child resolves the type itself from now on (from its slot), not through its parent's
      // entries: no entry of its own can answer it yet, but a bump costs a child next to nothing.
      bumpGeneration(holding: &state)
      return RegistrationToken(number: number, ownerID: id, key: ServiceKey(type: type))
    }
  }

  /// Makes `registration`, just pushed here, answer its type from the value slots if it is a
  /// plain value (no name, no mock, nothing to dispose), or forgets the value it covers; returns
  /// whether its slot answers for it now. Call only under the family lock.
  func noteValue(pushed registration: Registration, prebuilt: Prebuilt) -> Bool {
    guard hasParent else { return false }
    let key = registration.key
    let isPlainValue =
      prebuilt != .none && key.name == nil && key.dynamicService == nil && !registration.isMock
      && registration.disposal == nil
    if isPlainValue, let slot = localTypes.insert(key.typeID) {
      retire(localTypes.forgetValue(of: key.typeID))
      localTypes.setValue(
        UInt(bitPattern: Unmanaged.passUnretained(registration.storedFactory.unsafelyUnwrapped as AnyObject).toOpaque()), inSlot: slot)
      return true
    }
    localTypes.insert(key.typeID)
    if key.name == nil { retire(localTypes.forgetValue(of: key.typeID)) }
    return false
  }

  /// Forgets the value slot of `key`'s type after a change to its registrations here (a
  /// removal, a scope or caching change). Call only under the family lock.
  func forgetValue(of key: ServiceKey) {
    guard hasParent, key.name == nil else { return }
    retire(localTypes.forgetValue(of: key.typeID))
  }

  /// Keeps the value a value slot named until the container goes: a resolve on another thread
  /// may have read the slot just before it was cleared, and reads the value after. Call only
  /// under the family lock.
  private func retire(_ bits: UInt) {
    guard bits != 0 else { return }
    registry.retired.append(Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue())
  }
}
