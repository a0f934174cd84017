import Testing

@testable import DIScope

/// Where a per-thread cache's probe starts for a key. Every service of a `.dis` script is one
/// Swift type under a name of its own: if the name did not count, all of them would start at one
/// index and each lookup would walk the entries of every service before it (W11's `discope run`
/// went quadratic).
struct FastPathCacheProbeTests {
  /// The index an empty table of `capacity` gives each of `names` (a probe of an empty table
  /// stops where it starts).
  private func startIndices(of names: [String?], capacity: Int = 4_096) -> [Int] {
    let slots = UnsafeMutablePointer<FastPathCache.Slot>.allocate(capacity: capacity)
    slots.initialize(repeating: FastPathCache.Slot(), count: capacity)
    let cold = UnsafeMutablePointer<FastPathCache.ColdSlot>.allocate(capacity: capacity)
    cold.initialize(repeating: FastPathCache.ColdSlot(), count: capacity)
    defer {
      slots.deinitialize(count: capacity)
      slots.deallocate()
      cold.deinitialize(count: capacity)
      cold.deallocate()
    }
    return names.map { name in
      FastPathCache.probe(
        slots, cold, mask: capacity - 1, containerID: 7, typeID: ObjectIdentifier(Int.self), name: name)
    }
  }

  @Test func keysOfOneTypeThatDifferByNameStartApart() {
    let names = (0..<1_000).map { "S\($0)" }
    let starts = startIndices(of: names)
    // 1,000 keys in 4,096 slots: about 890 distinct starts if spread at random; one if the name
    // were left out.
    #expect(Set(starts).count > 800, "\(Set(starts).count) distinct start indices for 1,000 names")
  }

  @Test func theSameNameStartsAtTheSameIndexAndAnUnnamedKeyIsUnchanged() {
    let starts = startIndices(of: ["main", "main", nil, nil])
    #expect(starts[0] == starts[1])
    #expect(starts[2] == starts[3])
    #expect(starts[2] == FastPathCache.hash(containerID: 7, typeID: ObjectIdentifier(Int.self)) & 4_095)
  }
}
