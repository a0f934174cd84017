/// The recording file's layout, shared by the writer (`RingFile`, `RecordEncoder`) and the reader
/// (`Recording`): every offset and constant of `Docs/RecordingFormat.md`, in one place.
///
/// All integers are little-endian. The file is a header page, a string table, and a ring of
/// records, each region at a fixed offset written in the header.
enum RecordingLayout {
  /// `DISCOREC`, the file's first eight bytes.
  static let magic: UInt64 = 0x4345_524F_4353_4944
  /// The format's version: a reader refuses a file of another major version.
  static let version: UInt32 = 1
  /// The header's size: one page, so the regions after it are page-aligned.
  static let headerSize = 4096

  /// Byte offsets of the header's fields.
  enum Header {
    static let magic = 0  // u64
    static let version = 8  // u32
    static let headerSize = 12  // u32
    static let stringsOffset = 16  // u64
    static let stringsCapacity = 24  // u64
    static let ringOffset = 32  // u64
    static let ringCapacity = 40  // u64
    static let stringsUsed = 48  // u64, written after each string
    static let tail = 56  // u64, ring-relative offset of the oldest record
    static let tailSequence = 64  // u64, its sequence number
    static let head = 72  // u64, where the next record goes (written after each record)
    static let startMonotonic = 80  // u64, the monotonic clock when recording started
    static let startWallClock = 88  // u64, nanoseconds since 1970 then
    static let pid = 96  // u32
    static let flags = 100  // u32, see `Flags`
    static let dropped = 104  // u64, events too large for the ring, not written
    static let rootContainerName = 112  // u32, a string id
  }

  /// Bits of the header's `flags`.
  enum Flags {
    /// The string table filled up: later names were written as id 0 (unknown).
    static let stringsFull: UInt32 = 1
  }

  /// A record's header: length, checksum, sequence, time, kind and resolver.
  static let recordHeaderSize = 32
  /// A length that says "the ring continues at its start" (the rest of the ring is unused).
  static let wrapMarker: UInt32 = 0xFFFF_FFFF
  /// The longest inline text (an error's message, a path): longer ones are cut.
  static let maximumInlineText = 4096

  /// Offsets within a record.
  enum Record {
    static let length = 0  // u32, the whole record, a multiple of 8
    static let checksum = 4  // u32, over bytes 8..<length
    static let sequence = 8  // u64
    static let time = 16  // u64, monotonic nanoseconds
    static let kind = 24  // u8
    static let resolverKind = 25  // u8, see `ResolverKind`
    static let flags = 26  // u16, see `RecordFlags`
    static let resolverNumber = 28  // u32
    static let payload = 32
  }

  /// Bits of a record's flags.
  enum RecordFlags {
    /// A registration that was there when recording started, written from the container's
    /// stacks rather than as it happened.
    static let atStart: UInt16 = 1
  }

  /// Who caused a record.
  enum ResolverKind {
    static let none: UInt8 = 0
    static let thread: UInt8 = 1
    static let task: UInt8 = 2
  }

  /// The checksum of `count` bytes at `start` (a multiple of 8): 64-bit words, each XORed in and
  /// multiplied, folded to 32 bits. Cheap on the writer's path, and a torn record (a prefix of
  /// new bytes over old ones) fails it.
  static func checksum(_ start: UnsafeRawPointer, count: Int) -> UInt32 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    var offset = 0
    while offset < count {
      let word = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      hash = (hash ^ word) &* 0x0000_0100_0000_01B3
      hash ^= hash >> 29
      offset += 8
    }
    return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
  }

  /// `value` rounded up to a multiple of 8.
  static func aligned(_ value: Int) -> Int { (value + 7) & ~7 }
}

/// The kind byte of a record.
enum RecordKind: UInt8 {
  case container = 1
  case registered = 2
  case removed = 3
  case scopeChanged = 4
  case cachingChanged = 5
  case mockPushed = 6
  case mockPopped = 7
  case resolved = 8
  case resolutionFailed = 9
  case eagerBuildFailed = 10
  case disposed = 11
}
