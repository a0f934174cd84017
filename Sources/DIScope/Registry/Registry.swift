/// One container's stacks, and what else it keeps under the family lock.
///
/// Stored in its container (`Container.registry`), not an object of its own: a request's child is
/// one allocation. Every read or write of it happens while the family lock (`Family.state`) is
/// held, which is why the container may hold it as `nonisolated(unsafe)`.
struct Registry {
  /// The container whose stacks these are: only its tokens name registrations here (numbers
  /// alone repeat across families), so a token's owner is checked once, not per registration.
  let ownerID: ContainerID
  /// The family lock, which the registrations made of inline values are guarded by. Unowned: the
  /// container that holds this registry holds its family, which holds the lock.
  unowned(unsafe) let lock: Protected<FamilyLockedState>

  init(ownerID: ContainerID, lock: Protected<FamilyLockedState>) {
    self.ownerID = ownerID
    self.lock = lock
  }

  /// Set by `shutdown`: the container resolves nothing more.
  var isShutDown = false
  /// A child's values not made registrations yet (see `InlineValues`).
  var inlineValues = InlineValues()

  /// What few containers keep, in an object allocated by the first that needs it: a request's
  /// child is made and released without it. Read and written only under the family lock, like
  /// the registry.
  private final class Extras {
    var retired: [AnyObject] = []
    var attachments = Container.Attachments()
    var standbyMocks: [ServiceKey: @Sendable (Container) -> RegistrationToken] = [:]
  }

  private var extras: Extras?

  private mutating func madeExtras() -> Extras {
    if let extras { return extras }
    let made = Extras()
    extras = made
    return made
  }

  /// What a child's value slots named when they were cleared (a value, or a value's box), kept
  /// until the container goes (see `Container.retire`).
  var retired: [AnyObject] {
    get { extras?.retired ?? [] }
    set { madeExtras().retired = newValue }
  }

  /// What the container keeps attached to itself (see `Container.Attachments`).
  var attachments: Container.Attachments {
    get { extras?.attachments ?? Container.Attachments() }
    set { madeExtras().attachments = newValue }
  }

  /// Mocks registered on standby (`registerMock`), pushed on demand.
  var standbyMocks: [ServiceKey: @Sendable (Container) -> RegistrationToken] {
    get { extras?.standbyMocks ?? [:] }
    set { madeExtras().standbyMocks = newValue }
  }

  /// Lets go of what each registration's cached instance held (see `Holdings`), so that none is
  /// kept alive by another's, as its container goes. No lock, as in `Container.deinit`: only this
  /// container and its children, all gone now, could read these registrations; a parent's never
  /// holds them.
  func releaseHoldings() {
    storedStacks.forEachRegistration { registration in
      _ = registration.state.withLockHeld { $0.takeHoldings() }
    }
  }

  /// One stack per key, newest registration last, in the order keys were first registered. A key
  /// stays once registered, even when its stack empties, so that errors can say every
  /// registration of it was removed. Reading or changing them makes the inline values
  /// registrations first, so that every reader sees them in their place.
  var stacks: StackTable {
    mutating get {
      makeInlineValuesRegistrations()
      return storedStacks
    }
    _modify {
      makeInlineValuesRegistrations()
      yield &storedStacks
    }
  }

  /// The stacks as stored, without the inline values: for a reader that has nothing to do with
  /// them (a shutdown, which never disposes a value; a deinit).
  private(set) var storedStacks = StackTable()

  /// The newest registration of `key` (a general-path lookup), making the inline values
  /// registrations only when one of them answers it: a request's child resolving its parent's
  /// services through the general path leaves its values as they are.
  mutating func top(of key: ServiceKey) -> Registration? {
    if inlineValues.answers(key) { makeInlineValuesRegistrations() }
    return storedStacks[key]?.last
  }

  /// Makes each inline value the registration it stands for, in push order, numbered and cached
  /// as it would have been when pushed (uncached after a shutdown, which drops every value's
  /// cache). Its value slot still names the same object, now held by the registration.
  @inline(__always)
  private mutating func makeInlineValuesRegistrations() {
    if !inlineValues.isEmpty { makeRegistrations(of: inlineValues.takeAll()) }
  }

  private mutating func makeRegistrations(of values: [InlineValues.Value]) {
    for value in values {
      let key = ServiceKey(type: value.type)
      let registration = Registration(
        token: RegistrationToken(number: value.number, ownerID: ownerID, key: key), key: key,
        factory: value.object, scope: .singleton, factoryIsInstance: value.isInstance,
        ownerID: ownerID, groupName: nil, site: value.site, lock: lock)
      if !isShutDown {
        registration.state.withLockHeld { state in
          state.cacheFactory(of: registration)
          state.cachedNumber = value.instanceNumber
        }
      }
      // A new key: a value goes inline only for a type the child never registered (see
      // `Container.inlineValue`), and every later push of it made the values registrations first.
      _ = storedStacks.insert(registration)
    }
  }

  /// The bare-type key last pushed or removed, and where its stack is: a mock swap pushes and
  /// removes the same key over and over, and finds it here without a search. Bare keys only,
  /// remembered by type: comparing them copies no key (a copy counts a reference).
  private var recent: (type: ObjectIdentifier, position: Int)?

  /// Where `key`'s stack is, if it has one.
  private mutating func position(of key: ServiceKey) -> Int? {
    let isBare = key.text == nil
    if isBare, let recent, recent.type == key.typeID { return recent.position }
    guard let position = stacks.position(of: key) else { return nil }
    if isBare { recent = (key.typeID, position) }
    return position
  }

  /// Every key ever registered here, in the order each was first registered: for stable reports.
  var orderedKeys: [ServiceKey] { mutating get { stacks.keys } }

  mutating func push(_ registration: Registration) {
    if let position = position(of: registration.key) {
      stacks[at: position].append(registration)
    } else {
      _ = stacks.insert(registration)
    }
  }

  /// Puts back a registration that was removed, at `index` from the bottom of its stack (on top
  /// when the stack is shorter now). Its key was registered before, so its stack is there.
  mutating func reinsert(_ registration: Registration, at index: Int) {
    if let position = position(of: registration.key) {
      stacks[at: position].insert(registration, at: index)
    } else {
      _ = stacks.insert(registration)
    }
  }

  /// Removes exactly that registration; returns it and its depth (0 = top) if it was live.
  mutating func remove(_ token: RegistrationToken) -> (Registration, Int)? {
    // Another container's token names nothing here, whatever its number.
    guard token.ownerID == ownerID, let key = token.key, let position = position(of: key) else {
      return nil
    }
    // Changed in place.
    return stacks[at: position].remove(token)
  }

  mutating func registration(for token: RegistrationToken) -> Registration? {
    guard token.ownerID == ownerID, let key = token.key else { return nil }
    return stacks[key]?.last(where: { $0.number == token.number })
  }
}
