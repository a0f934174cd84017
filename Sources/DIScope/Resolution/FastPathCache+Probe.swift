/// Where a key's entry is in a thread's table: the hashes and the probe that every lookup, write
/// and rebuild shares, so that a key is always looked for where it was put.
extension FastPathCache {
  /// FNV-1a over the name's UTF-8: the same for equal names (whichever thread, whichever
  /// process run), and, unlike `hashValue`, a few instructions for the short names keys have.
  @inlinable
  static func hash(name: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return hash
  }

  @inlinable @inline(__always)
  static func hash(containerID: UInt64, typeID: ObjectIdentifier) -> Int {
    let bits = UInt64(UInt(bitPattern: typeID)) &>> 4 ^ containerID &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: (bits &* 0xBF58_476D_1CE4_E5B9) &>> 29)
  }

  /// The index of the entry holding the key, or of the empty slot where it would go.
  @inlinable @inline(__always)
  static func probe(
    _ slots: UnsafeMutablePointer<Slot>, _ cold: UnsafeMutablePointer<ColdSlot>, mask: Int,
    containerID: UInt64, typeID: ObjectIdentifier, name: String?
  ) -> Int {
    // Most keys have no name: their tag settles the match without touching the cold half.
    let wanted = name == nil ? containerID : containerID | named
    // A name goes into where the probe starts: keys that differ only by name (every service of a
    // `.dis` script is one Swift type, named) would otherwise all start at one index, and each
    // probe would walk every entry of that type before it (`discope run` went quadratic, W11).
    let seed = name.map { containerID ^ Self.hash(name: $0) } ?? containerID
    var index = hash(containerID: seed, typeID: typeID) & mask
    while true {
      let slot = slots[index]
      guard let occupant = slot.typeID else { return index }
      if occupant == typeID && slot.tag & ~holdingFlags == wanted
        && (name == nil || cold[index].name == name)
      {
        return index
      }
      index = (index &+ 1) & mask
    }
  }
}
