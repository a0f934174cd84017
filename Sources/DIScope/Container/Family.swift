import Synchronization

/// A container's identity within its process, never reused (unlike an object address).
@usableFromInline
struct ContainerID: Hashable, Sendable {
  @usableFromInline let raw: UInt64
  private static let counter = Atomic<UInt64>(0)
  static func next() -> ContainerID {
    ContainerID(raw: counter.wrappingAdd(1, ordering: .relaxed).newValue)
  }
}

/// What a root container and all its children share: one lock over all their stacks, the token and
/// instance counters, the observers, and the generation that validates per-thread caches.
///
/// One lock for the family keeps a child's view of its parent consistent without lock ordering.
/// Readers of cached singletons take no lock at all: see `FastPathCache`.
@usableFromInline
final class Family: Sendable {
  /// The family lock. A pthread mutex (see `Protected`) rather than `Synchronization.Mutex`: the
  /// thread sanitizer sees through pthread, so `Scripts/test`'s stress run checks this lock too.
  let state = Protected(FamilyState())
  /// Bumped by every change that could alter what a resolve returns; per-thread caches compare it.
  @usableFromInline let generation = Atomic<UInt64>(1)
  /// How many observers are attached in the family; resolution skips all event work while zero.
  @usableFromInline let observerCount = Atomic<Int>(0)
  /// Creation numbers for instances (`WebService#3`), shared by the family.
  let instanceCounter = Atomic<Int>(0)

  @inlinable
  var isObserved: Bool { observerCount.load(ordering: .relaxed) > 0 }

  /// Runs `body` under the family lock, with the lock borrowed: no reference count of its own.
  @inline(__always)
  func withLock<Result>(_ body: (inout FamilyState) throws -> Result) rethrows -> Result {
    try Unmanaged.passUnretained(state)._withUnsafeGuaranteedRef { try $0.withLock(body) }
  }

  /// Returns the new generation. Only ever written under the family lock, which the `inout`
  /// state proves the caller holds: with no concurrent writer, a bump is a load and a releasing
  /// store (two plain moves on x86), not a locked read-modify-write. A mock swap bumps twice.
  /// Debug builds also check that the state is this family's, not another family's.
  @discardableResult
  func bumpGeneration(holding locked: inout FamilyState) -> UInt64 {
    assert(
      withUnsafeMutablePointer(to: &locked) { state.holds($0) },
      "a generation bumped under another family's lock")
    let next = generation.load(ordering: .relaxed) &+ 1
    generation.store(next, ordering: .releasing)
    return next
  }

  func nextInstanceNumber() -> Int {
    instanceCounter.wrappingAdd(1, ordering: .relaxed).newValue
  }
}

/// Everything under the family lock.
struct FamilyState {
  var nextToken = 1
  var observers: [ObserverEntry] = []
  var nextObserverID = 0
  /// Who waits for the shared instances other threads are building (see `SharedBuilds`).
  let builds = SharedBuilds()
  /// The `async` builds of shared instances under way, by registration: later resolves await
  /// the same task, so an `async` singleton's factory runs once.
  var asyncBuilds: [ObjectIdentifier: Task<AsyncAnswer, any Error>] = [:]
  /// Which registration each `async` shared build is awaiting (another task's build): a wait
  /// that would close a loop is a cycle error, not a deadlock.
  var asyncWaits: [ObjectIdentifier: Registration] = [:]
}

/// Which registration each thread waiting for another thread's build waits for: a wait that would
/// close a loop of threads each waiting for the next (a cycle entered from two ends at once) is an
/// error, not a deadlock. Which thread builds a registration is in its own state
/// (`RegistrationState.builder`). Touched only when a thread has to wait.
///
/// A class, not fields of `FamilyState`: a waiter reads it again after waiting on the family's
/// condition, while others changed it, which an `inout` state borrowed across the wait may not
/// see. `@unchecked Sendable`: read and written only under the family lock.
final class SharedBuilds: @unchecked Sendable {
  @exclusivity(unchecked) var waiting: [ObjectIdentifier: Registration] = [:]
}

/// One container's stacks.
///
/// `@unchecked Sendable`: a container holds its registry for its whole life, and every read or
/// write of it happens while the family lock (`Family.state`) is held.
final class Registry: @unchecked Sendable {
  /// The container whose stacks these are: only its tokens name registrations here (numbers
  /// alone repeat across families), so a token's owner is checked once, not per registration.
  let ownerID: ContainerID
  /// The family lock, which the registrations made of inline values are guarded by. Unowned: the
  /// container that holds this registry holds its family, which holds the lock.
  unowned(unsafe) let lock: Protected<FamilyState>

  init(ownerID: ContainerID, lock: Protected<FamilyState>) {
    self.ownerID = ownerID
    self.lock = lock
  }

  /// What a child's value slots named when they were cleared (a value, or a value's box), kept
  /// until the container goes (see `Container.retire`).
  @exclusivity(unchecked) var retired: [AnyObject] = []
  /// Set by `shutdown`: the container resolves nothing more.
  @exclusivity(unchecked) var isShutDown = false
  /// What the container keeps attached to itself (see `Container.Attachments`).
  @exclusivity(unchecked) var attachments = Container.Attachments()
  /// A child's values not made registrations yet (see `InlineValues`).
  @exclusivity(unchecked) var inlineValues = InlineValues()

  /// Lets go of what each registration's cached instance held (see `Holdings`), so that none is
  /// kept alive by another's. No lock, as in `Container.deinit`: only this container and its
  /// children, all gone now, could read these registrations; a parent's never holds them.
  deinit {
    storedStacks.forEachRegistration { registration in
      _ = registration.state.withLockHeld { $0.takeHoldings() }
    }
  }

  /// One stack per key, newest registration last, in the order keys were first registered. A key
  /// stays once registered, even when its stack empties, so that errors can say every
  /// registration of it was removed. Reading or changing them makes the inline values
  /// registrations first, so that every reader sees them in their place.
  var stacks: StackTable {
    get {
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
  @exclusivity(unchecked) private(set) var storedStacks = StackTable()

  /// The newest registration of `key` (a general-path lookup), making the inline values
  /// registrations only when one of them answers it: a request's child resolving its parent's
  /// services through the general path leaves its values as they are.
  func top(of key: ServiceKey) -> Registration? {
    if inlineValues.answers(key) { makeInlineValuesRegistrations() }
    return storedStacks[key]?.last
  }

  /// Makes each inline value the registration it stands for, in push order, numbered and cached
  /// as it would have been when pushed (uncached after a shutdown, which drops every value's
  /// cache). Its value slot still names the same object, now held by the registration.
  @inline(__always)
  private func makeInlineValuesRegistrations() {
    if !inlineValues.isEmpty { makeRegistrations(of: inlineValues.takeAll()) }
  }

  private func makeRegistrations(of values: [InlineValues.Value]) {
    for value in values {
      let key = ServiceKey(type: value.type)
      let registration = Registration(
        token: RegistrationToken(number: value.number, ownerID: ownerID, key: key), key: key,
        implementationName: nil, factory: value.object, argumentTypes: nil, scope: .singleton,
        isCaching: true, isMock: false, factoryIsInstance: value.isInstance, ownerID: ownerID,
        groupName: nil, lock: lock)
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

  /// Mocks registered on standby (`registerMock`), pushed on demand.
  @exclusivity(unchecked) var standbyMocks: [ServiceKey: @Sendable (Container) -> RegistrationToken] = [:]
  /// The bare-type key last pushed or removed, and where its stack is: a mock swap pushes and
  /// removes the same key over and over, and finds it here without a search. Bare keys only,
  /// remembered by type: comparing them copies no key (a copy counts a reference).
  @exclusivity(unchecked) private var recent: (type: ObjectIdentifier, position: Int)?

  /// Where `key`'s stack is, if it has one.
  private func position(of key: ServiceKey) -> Int? {
    let isBare = key.text == nil
    if isBare, let recent, recent.type == key.typeID { return recent.position }
    guard let position = stacks.position(of: key) else { return nil }
    if isBare { recent = (key.typeID, position) }
    return position
  }

  /// Every key ever registered here, in the order each was first registered: for stable reports.
  var orderedKeys: [ServiceKey] { stacks.keys }

  func push(_ registration: Registration) {
    if let position = position(of: registration.key) {
      stacks[at: position].append(registration)
    } else {
      _ = stacks.insert(registration)
    }
  }

  /// Removes exactly that registration; returns it and its depth (0 = top) if it was live.
  func remove(_ token: RegistrationToken) -> (Registration, Int)? {
    // Another container's token names nothing here, whatever its number.
    guard token.ownerID == ownerID, let key = token.key, let position = position(of: key) else {
      return nil
    }
    // Changed in place.
    return stacks[at: position].remove(token)
  }

  func registration(for token: RegistrationToken) -> Registration? {
    guard token.ownerID == ownerID, let key = token.key else { return nil }
    return stacks[key]?.last(where: { $0.number == token.number })
  }
}

/// One key's registrations, oldest first (the last one answers).
///
/// Most keys only ever have one registration, so the bottom one is held inline and an array is
/// allocated only when a second is pushed over it (a mock, an override): a registry entry costs a
/// list entry and no allocation of its own.
struct KeyStack: RandomAccessCollection {
  private var bottom: Registration?
  private var above: [Registration] = []

  init(bottom: Registration) {
    self.bottom = bottom
  }

  var startIndex: Int { 0 }
  var endIndex: Int { bottom == nil ? 0 : 1 + above.count }

  subscript(position: Int) -> Registration {
    position == 0 ? bottom! : above[position - 1]
  }

  mutating func append(_ registration: Registration) {
    if bottom == nil { bottom = registration } else { above.append(registration) }
  }

  /// Removes the registration numbered as `token`; returns it and its depth (0 = top).
  mutating func remove(_ token: RegistrationToken) -> (Registration, Int)? {
    // The usual removal, a mock or an override taken off the top: no search, no shifting.
    if !above.isEmpty && above[above.count - 1].number == token.number {
      return (above.removeLast(), 0)
    }
    guard let index = lastIndex(where: { $0.number == token.number }) else { return nil }
    let registration = self[index]
    if index > 0 {
      above.remove(at: index - 1)
    } else {
      bottom = above.isEmpty ? nil : above.removeFirst()
    }
    return (registration, count - index)
  }
}

/// An attached observer: the container it observes and its handler.
///
/// A class, so that delivering an event can call the handler through an unretained reference:
/// the list that holds the entry keeps it alive for the whole delivery, and a `let` handler read
/// through a guaranteed reference needs no reference count of its own (see `Container.deliver`).
final class ObserverEntry: Sendable {
  let id: Int
  let containerID: ContainerID
  let handler: @Sendable (ContainerEvent) -> Void

  init(id: Int, containerID: ContainerID, handler: @escaping @Sendable (ContainerEvent) -> Void) {
    self.id = id
    self.containerID = containerID
    self.handler = handler
  }
}
