/// One container's stacks by key, in the order each key was first registered.
///
/// Most containers hold a few keys (a request's child holds two or three), and a hash table costs
/// them more than it saves: allocating, hashing, growing and freeing it was most of what a child
/// per request cost. So the keys are a list, searched in place while short; past
/// `linearLimit` keys, an index by key is built and kept beside it (an app's container with
/// thousands of keys). Keys are never removed (a key stays once registered, even when its stack
/// empties), so positions never move.
struct StackTable {
  /// A key and its stack.
  struct Entry {
    let key: ServiceKey
    var stack: KeyStack
  }

  static let linearLimit = 8
  private(set) var entries: ContiguousArray<Entry> = []
  /// Each key's position, once there are more than `linearLimit` keys.
  private var positions: [ServiceKey: Int]?

  var isEmpty: Bool { entries.isEmpty }

  /// Every key ever registered, in the order each was first registered.
  var keys: [ServiceKey] { entries.map(\.key) }

  /// Every stack, in the order its key was first registered.
  var allStacks: some Sequence<KeyStack> { entries.lazy.map(\.stack) }

  /// Calls `body` with every registration, key by key, oldest first: no iterator to allocate or
  /// count references for (a shutdown and a release walk them all).
  func forEachRegistration(_ body: (Registration) throws -> Void) rethrows {
    try entries.withUnsafeBufferPointer { buffer in
      for entry in buffer {
        for position in 0..<entry.stack.count { try body(entry.stack[position]) }
      }
    }
  }

  /// Where `key`'s stack is, if it has one.
  func position(of key: ServiceKey) -> Int? {
    if let positions { return positions[key] }
    return entries.withUnsafeBufferPointer { buffer in
      for position in buffer.indices where buffer[position].key == key { return position }
      return nil
    }
  }

  subscript(key: ServiceKey) -> KeyStack? {
    position(of: key).map { entries[$0].stack }
  }

  /// The stack at `position` (from `position(of:)`), to read or change in place.
  subscript(at position: Int) -> KeyStack {
    get { entries[position].stack }
    _modify { yield &entries[position].stack }
  }

  /// Adds a key not yet here, with `registration` as its only registration; returns its position.
  mutating func insert(_ registration: Registration) -> Int {
    if entries.isEmpty {
      // Room for a few keys at once: a request's child registers two or three values.
      entries.reserveCapacity(4)
    }
    entries.append(Entry(key: registration.key, stack: KeyStack(bottom: registration)))
    let position = entries.count - 1
    if positions != nil {
      positions![registration.key] = position
    } else if entries.count > Self.linearLimit {
      var built: [ServiceKey: Int] = [:]
      for (position, entry) in entries.enumerated() { built[entry.key] = position }
      positions = built
    }
    return position
  }
}
