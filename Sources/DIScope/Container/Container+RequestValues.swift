/// A child's own values (`register(_:value:)`: a request's id, its user), answered with no lock
/// and no entry in any thread's cache.
///
/// A request's child is made, used and released once per request. Had its values gone through
/// the per-thread caches as everything else does, each request would write entries under a
/// container id never seen again, and its shutdown and release would each have to find and clear
/// them. Instead the child keeps, beside each of its few local types (`LocalServiceTypes`), the
/// value registration that answers it, and a resolve of that type reads it there.
extension Container {
  /// Reads the value of the registration `bits` names (from `typedRoute`) as `Service`, the
  /// type it was registered as.
  @inlinable
  static func readRequestValue<Service>(_ bits: UInt, as _: Service.Type) -> Service {
    Unmanaged<Registration>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)._withUnsafeGuaranteedRef {
      registration in
      // A class value is the registration's factory itself; anything else is boxed.
      if Service.self is AnyClass { return unsafeBitCast(registration.factory, to: Service.self) }
      return unsafeDowncast(registration.factory, to: InstanceBox.self).value(as: Service.self)
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
      localTypes.setValue(UInt(bitPattern: Unmanaged.passUnretained(registration).toOpaque()), inSlot: slot)
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

  /// Keeps the registration a value slot named until the container goes: a resolve on another
  /// thread may have read the slot just before it was cleared, and reads the registration after.
  /// Call only under the family lock.
  private func retire(_ bits: UInt) {
    guard bits != 0 else { return }
    registry.retired.append(Unmanaged<Registration>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue())
  }
}
