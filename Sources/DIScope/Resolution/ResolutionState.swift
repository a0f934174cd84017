/// What the resolve path reads of a registration's state, under the family lock.
struct StateSnapshot {
  let scope: Scope
  let cached: InstanceBox?
  let weakInstance: AnyObject?
  let cachedNumber: Int?
  /// The epoch it was read in: a claim made later checks it (see `SharedClaim.changed`).
  let epoch: Int

  /// Reads `registration`'s state (`state`), under the family lock.
  init(_ state: inout RegistrationState, of registration: Registration) {
    scope = state.effectiveScope
    cached = state.cachedBox(of: registration)
    weakInstance = state.weakInstance
    cachedNumber = state.cachedNumber
    epoch = state.epoch
  }
}

/// What a thread that built a shared instance stores in its registration (see
/// `Container.finishBuilding`), if the registration's epoch is still the one it claimed.
struct FinishedBuild {
  /// How the instance is kept.
  enum Kept {
    case box(InstanceBox)
    /// A class instance, cached unboxed (see `RegistrationState.cache(object:)`).
    case object(AnyObject)
    /// A weak-scope instance.
    case weak(AnyObject)
    /// A weak-scope value that is not an object: nothing to keep.
    case nothing
  }

  let epoch: Int
  /// The instance's creation number, or `nil` to draw it as the instance is stored, under the
  /// family lock the store holds (a build that numbered nothing yet takes no lock for it).
  let number: Int?
  let kept: Kept
  /// The instance to keep forever (`registerImmortal`), made so before any other thread sees it.
  let immortal: AnyObject?
}

/// A graph-scope instance of the current root resolve, with its creation number, found by the
/// registration that built it.
///
/// The registration is not retained (a reference count per graph-scope build is two atomic
/// writes): it is named by its address *and* its identity, the owner's id and the token's number,
/// which no other registration ever has. A registration removed and freed during the root resolve
/// can then never be mistaken for one allocated later at its address; the entry only compares
/// what it stored with a live registration's fields, and never reads the registration it names.
@usableFromInline
struct GraphEntry {
  @usableFromInline let registration: UnsafeRawPointer
  @usableFromInline let registrationNumber: Int
  @usableFromInline let ownerID: UInt64
  /// The instance itself when the typed path built a class instance (`isBoxed` false: no box to
  /// allocate per instance), otherwise its `InstanceBox`.
  @usableFromInline let instance: AnyObject
  @usableFromInline let isBoxed: Bool
  /// Its creation number; 0 when built unobserved on the typed path, which numbers nothing.
  let number: Int

  init(registration: Registration, box: InstanceBox, number: Int) {
    self.registration = UnsafeRawPointer(Unmanaged.passUnretained(registration).toOpaque())
    self.registrationNumber = registration.number
    self.ownerID = registration.ownerID.raw
    self.instance = box
    self.isBoxed = true
    self.number = number
  }

  init(registration: Registration, object: AnyObject) {
    self.registration = UnsafeRawPointer(Unmanaged.passUnretained(registration).toOpaque())
    self.registrationNumber = registration.number
    self.ownerID = registration.ownerID.raw
    self.instance = object
    self.isBoxed = false
    self.number = 0
  }

  /// Whether the entry is `registration`'s.
  @inline(__always)
  func belongs(to registration: Registration) -> Bool {
    self.registration == UnsafeRawPointer(Unmanaged.passUnretained(registration).toOpaque())
      && registrationNumber == registration.number && ownerID == registration.ownerID.raw
  }
}

/// The graph-scope instances of the current root resolve: a few per resolve, so a list searched
/// by registration identity, in storage kept from one root resolve to the next — no hash, no
/// allocation once warm, and emptied by releasing its entries in place (a request's graph is
/// built and let go of once per request).
///
/// Owned by its thread's `ThreadState`, which frees the storage when the thread exits; never
/// copied (a copy would share the storage).
@usableFromInline
struct GraphInstances {
  @usableFromInline var storage: UnsafeMutablePointer<GraphEntry>
  @usableFromInline var count = 0
  private var capacity = 8

  @usableFromInline init() {
    storage = .allocate(capacity: capacity)
  }

  @inlinable var isEmpty: Bool { count == 0 }

  /// Where `registration`'s instance is, if this root resolve built one.
  @inline(__always)
  func index(of registration: Registration) -> Int? {
    for index in 0..<count where storage[index].belongs(to: registration) { return index }
    return nil
  }

  subscript(registration: Registration) -> GraphEntry? {
    index(of: registration).map { storage[$0] }
  }

  @inline(__always)
  mutating func append(_ entry: consuming GraphEntry) {
    if count == capacity { grow() }
    (storage + count).initialize(to: entry)
    count += 1
  }

  @inline(never)
  private mutating func grow() {
    let larger = UnsafeMutablePointer<GraphEntry>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: storage, count: count)
    storage.deallocate()
    storage = larger
    capacity *= 2
  }

  /// Lets go of every entry, newest first. Each is moved out of its place before it is released:
  /// an instance's deinit may resolve on this thread, and append where it was.
  @usableFromInline
  mutating func removeAll() {
    while count > 0 {
      count -= 1
      _ = (storage + count).move()
    }
  }

  /// The instance of the entry at `index` (from `index(of:)`), read as the type it was built as.
  @inlinable
  func value<Service>(at index: Int, as _: Service.Type) -> Service {
    // The entry's fields read in place: a copy of the entry would count its registration too.
    if storage[index].isBoxed {
      return unsafeDowncast(storage[index].instance, to: InstanceBox.self).value(as: Service.self)
    }
    // Written unboxed only for a `Service` that is a class (see `Container.resolveUncached`).
    return unsafeBitCast(storage[index].instance, to: Service.self)
  }

  /// Releases what is left and frees the storage; the owning thread state calls it once, when
  /// the thread exits.
  mutating func deallocate() {
    removeAll()
    storage.deallocate()
  }
}
