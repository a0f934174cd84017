/// One record being encoded: a scratch buffer the recorder reuses, written field by field in the
/// order `Docs/RecordingFormat.md` gives, then handed to the ring whole.
struct RecordBuffer: ~Copyable {
  private let storage: UnsafeMutableRawPointer
  static let capacity = 64 * 1024
  private(set) var count = 0

  init() {
    storage = .allocate(byteCount: Self.capacity, alignment: 8)
  }

  deinit { storage.deallocate() }

  /// Starts a record of `kind` at `time`, by `resolver`: its header, with length, checksum and
  /// sequence left for the ring.
  mutating func start(
    _ kind: RecordKind, time: UInt64, resolverKind: UInt8, resolverNumber: Int, flags: UInt16 = 0
  ) {
    count = 0
    put(UInt64(0))  // length and checksum
    put(UInt64(0))  // sequence
    put(time)
    put(kind.rawValue)
    put(resolverKind)
    put(flags)
    put(UInt32(truncatingIfNeeded: resolverNumber))
  }

  @inline(__always)
  mutating func put<T: FixedWidthInteger>(_ value: T) {
    (storage + count).storeBytes(of: value.littleEndian, as: T.self)
    count += MemoryLayout<T>.size
  }

  /// Text kept in the record itself (an error's message): a u32 length and the UTF-8 bytes, cut
  /// at `RecordingLayout.maximumInlineText`, or at what room the buffer has left.
  mutating func putText(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      let room = Self.capacity - count - 4 - 64
      let length = max(0, min(bytes.count, RecordingLayout.maximumInlineText, room))
      put(UInt32(length))
      if length > 0 { (storage + count).copyMemory(from: bytes.baseAddress!, byteCount: length) }
      count += length
    }
  }

  /// Pads the record to a multiple of 8 and hands it to `ring`.
  mutating func finish(into ring: RingFile) {
    while count % 8 != 0 { put(UInt8(0)) }
    ring.append(storage, length: count)
  }
}
