/// The typed edge of the resolve path.
///
/// The engine (`ResolutionEngine.swift`) is not generic: a generic engine called from another
/// module runs unspecialised, and every `Optional<Service>` it touches
/// costs a runtime metadata lookup (hundreds of instructions each). Instead the typed caller, which
/// is `@inlinable` and so specialised for `Service` in the caller's module, hands the engine a few
/// non-escaping closures over a local slot: build into it, box it for a cache, fill it from a cache.
extension Container {
  @inlinable
  func resolveTyped<Service>(
    _ key: ServiceKey, as type: Service.Type, thread: ThreadState, requestedArguments: String?,
    isOptional: Bool, make: (Registration, Resolver) throws -> Service
  ) throws -> Service? {
    var slot: Service?
    let found = try resolveEntry(
      key, serviceType: type, thread: thread, requestedArguments: requestedArguments,
      isOptional: isOptional,
      make: { registration, resolver in slot = try make(registration, resolver) },
      box: { InstanceBox.make(slot!) },
      unbox: { slot = $0.value(as: Service.self) },
      assign: { value in
        guard let value = value as? Service else { return false }
        slot = value
        return true
      },
      instance: { slot! as Any })
    return found ? slot : nil
  }
}

