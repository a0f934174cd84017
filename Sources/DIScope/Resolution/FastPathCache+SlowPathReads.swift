import CDIScopeRuntime

/// What the slow path reads of an entry the probe found, without the family lock: the route that
/// answers a key (and with it whether the entry holds the instance), and, for an observed resolve
/// of a cached singleton, the box and the route to report its step with. The inlined hit of
/// `lookUpOnThisThread` reads the hot half alone; these read the cold half too.
extension FastPathCache {
  /// The valid route for a key, if this thread has one.
  func route(containerID: UInt64, typeID: ObjectIdentifier, name: String?, generation: UInt64)
    -> Route?
  {
    let index = probe(containerID: containerID, typeID: typeID, name: name)
    guard slots[index].typeID != nil, slots[index].generation == generation else { return nil }
    return cold[index].route
  }

  /// The route of the entry at `index` (a probe's answer) if it holds `typeID` and is valid, with
  /// whether the entry holds the instance too. The generation, which takes the most to read, is
  /// read last. Unretained: the entry holds the registration, and what this table lets go of
  /// while a resolve is under way on the thread is kept until it ends (see `discard`).
  func validRoute(at index: Int, typeID: ObjectIdentifier, generation: () -> UInt64)
    -> (
      registration: Unmanaged<Registration>, owner: Unmanaged<Container>, scope: Scope,
      holdsInstance: Bool
    )?
  {
    guard slots[index].typeID == typeID else { return nil }
    let found = withUnsafeMutablePointer(to: &cold[index].route) { route in
      route.pointee.map { route in
        (Unmanaged.passUnretained(route.registration), Unmanaged.passUnretained(route.owner), route.scope)
      }
    }
    guard let found, slots[index].generation == generation() else { return nil }
    return (found.0, found.1, found.2, slots[index].tag & Self.hasInstance != 0)
  }

  /// The box of the cached singleton at `index` (a probe's answer) if the entry holds `typeID`, is
  /// valid and has a route (the registration that built it, its scope and number, which
  /// `routeInPlace(at:)` then reads): what an observed resolve of a cached singleton needs to report its
  /// step without the family lock. Unretained: the entry holds the box until this thread changes
  /// its cache, so the caller reads the instance out of it first.
  ///
  /// Answered inside a cache read (see `lookUpOnThisThread`), which the caller ends with
  /// `endReadOnThisThread()` once it has read the instance out; `nil` has ended it already.
  func observedSingleton(at index: Int, typeID: ObjectIdentifier, generation: () -> UInt64)
    -> Unmanaged<InstanceBox>?
  {
    let record = discope_thread_local()
    assert(discope_cache_reads(record) & 1 == 0, Self.unendedReadMessage)
    discope_begin_cache_read(record)
    guard index >= 0, slots[index].typeID == typeID, slots[index].generation == generation(),
      cold[index].route != nil
    else {
      discope_end_cache_read(record)
      return nil
    }
    if let box = cold[index].box { return Unmanaged.passUnretained(box) }
    // A mock given as a class instance has no box yet: the slow path makes one.
    guard slots[index].tag & Self.boxInRoute != 0,
      !cold[index].route!.registration.factoryIsInstance
    else {
      discope_end_cache_read(record)
      return nil
    }
    return Unmanaged.passUnretained(
      unsafeDowncast(cold[index].route!.registration.storedFactory.unsafelyUnwrapped, to: InstanceBox.self))
  }

  /// The route of the entry at `index`, which `observedSingleton(at:typeID:generation:)` found,
  /// read in place: the registration unretained (the entry holds it), its scope and cached
  /// instance's number.
  func routeInPlace(at index: Int) -> (Unmanaged<Registration>, Scope, Int) {
    withUnsafeMutablePointer(to: &cold[index].route) { route in
      let route = route.pointee.unsafelyUnwrapped
      return (Unmanaged.passUnretained(route.registration), route.scope, route.cachedNumber)
    }
  }
}
