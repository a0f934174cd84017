/// What the resolve path reads of a registration's state, under the family lock.
struct StateSnapshot {
  let scope: Scope
  let cached: InstanceBox?
  let weakInstance: AnyObject?
  let cachedNumber: Int?

  /// Reads `registration`'s state (`state`), under the family lock.
  init(_ state: inout RegistrationState, of registration: Registration) {
    scope = state.effectiveScope
    cached = state.cachedBox(of: registration)
    weakInstance = state.weakInstance
    cachedNumber = state.cachedNumber
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
  let number: Int
  let kept: Kept
  /// The instance to keep forever (`registerImmortal`), made so before any other thread sees it.
  let immortal: AnyObject?
}

/// A graph-scope instance of the current root resolve, with its creation number, and the
/// registration that built it: held, so that the registration it is found by is never freed and
/// its address reused by another before the root resolve ends.
@usableFromInline
struct GraphEntry {
  @usableFromInline let registration: Registration
  /// The instance itself when the typed path built a class instance (`isBoxed` false: no box to
  /// allocate per instance), otherwise its `InstanceBox`.
  @usableFromInline let instance: AnyObject
  @usableFromInline let isBoxed: Bool
  /// Its creation number; 0 when built unobserved on the typed path, which numbers nothing.
  let number: Int

  init(registration: Registration, box: InstanceBox, number: Int) {
    self.registration = registration
    self.instance = box
    self.isBoxed = true
    self.number = number
  }

  @usableFromInline
  init(registration: Registration, object: AnyObject) {
    self.registration = registration
    self.instance = object
    self.isBoxed = false
    self.number = 0
  }
}

/// The graph-scope instances of the current root resolve: a few per resolve, so a list searched
/// by registration identity, with its capacity kept from one root resolve to the next — no hash,
/// and no allocation once warm.
@usableFromInline
struct GraphInstances {
  @usableFromInline var entries: ContiguousArray<GraphEntry> = []

  @usableFromInline init() {}

  @inlinable var isEmpty: Bool { entries.isEmpty }

  /// Where `registration`'s instance is, if this root resolve built one.
  @inlinable
  func index(of registration: Registration) -> Int? {
    entries.withUnsafeBufferPointer { buffer in
      for index in buffer.indices where buffer[index].registration === registration {
        return index
      }
      return nil
    }
  }

  subscript(registration: Registration) -> GraphEntry? {
    index(of: registration).map { entries[$0] }
  }

  @inlinable
  mutating func append(_ entry: GraphEntry) {
    entries.append(entry)
  }

  @inlinable
  mutating func removeAll() {
    entries.removeAll(keepingCapacity: true)
  }

  /// The instance of the entry at `index` (from `index(of:)`), read as the type it was built as.
  @inlinable
  func value<Service>(at index: Int, as _: Service.Type) -> Service {
    let entry = entries[index]
    if entry.isBoxed {
      return unsafeDowncast(entry.instance, to: InstanceBox.self).value(as: Service.self)
    }
    // Written unboxed only for a `Service` that is a class (see `Container.resolveUncached`).
    return unsafeBitCast(entry.instance, to: Service.self)
  }
}
