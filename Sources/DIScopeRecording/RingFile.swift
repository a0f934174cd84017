#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import DIScope

/// The file a recorder writes: created at its full size with every block written (so that no
/// later write to the mapping can fail for want of disk, which would be a `SIGBUS`), mapped
/// shared, and written through the mapping. A store to a shared mapping is in the kernel's page
/// cache at once, so a process killed with `SIGKILL` leaves everything it stored; at most the
/// record being copied at that instant is torn, and the reader stops before it.
///
/// Not thread-safe: the recorder writes under its lock.
final class RingFile {
  let path: String
  private let descriptor: Int32
  private let base: UnsafeMutableRawPointer
  private let size: Int
  let ringCapacity: Int
  private let ringOffset: Int
  private let stringsOffset: Int
  private let stringsCapacity: Int
  private var stringsUsed = 0
  private(set) var isStringTableFull = false
  /// Ring-relative offsets of the next record and of the oldest one, and their sequence numbers.
  private var head = 0
  private var tail = 0
  private var tailSequence: UInt64 = 1
  private(set) var nextSequence: UInt64 = 1
  private(set) var dropped: UInt64 = 0

  /// Creates (or replaces) the file at `path` with a ring of `ringBytes` and a string table of
  /// `stringBytes` (both rounded up to pages).
  init(path: String, ringBytes: Int, stringBytes: Int, rootName: String) throws(RecordingError) {
    let page = 4096
    let ring = max(64 * 1024, (ringBytes + page - 1) / page * page)
    let strings = max(page, (stringBytes + page - 1) / page * page)
    self.path = path
    ringCapacity = ring
    stringsOffset = RecordingLayout.headerSize
    stringsCapacity = strings
    ringOffset = stringsOffset + strings
    size = ringOffset + ring
    let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw RecordingError.system("cannot create the recording", path: path) }
    self.descriptor = descriptor
    // Every block written now: a sparse file's page, first touched through the mapping on a
    // full disk, would kill the app with SIGBUS.
    let chunk = [UInt8](repeating: 0, count: 256 * 1024)
    var written = 0
    while written < size {
      let count = min(chunk.count, size - written)
      let result = chunk.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, count, off_t(written)) }
      if result <= 0 {
        if result < 0 && errno == EINTR { continue }
        let error = RecordingError.system("cannot reserve \(size) bytes for the recording", path: path)
        closeDescriptor(descriptor)
        unlink(path)
        throw error
      }
      written += result
    }
    guard let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
      mapped != MAP_FAILED
    else {
      let error = RecordingError.system("cannot map the recording", path: path)
      closeDescriptor(descriptor)
      throw error
    }
    base = mapped
    writeHeader(rootName: rootName)
  }

  private func writeHeader(rootName: String) {
    typealias H = RecordingLayout.Header
    store(RecordingLayout.magic, at: H.magic)
    store(RecordingLayout.version, at: H.version)
    store(UInt32(RecordingLayout.headerSize), at: H.headerSize)
    store(UInt64(stringsOffset), at: H.stringsOffset)
    store(UInt64(stringsCapacity), at: H.stringsCapacity)
    store(UInt64(ringOffset), at: H.ringOffset)
    store(UInt64(ringCapacity), at: H.ringCapacity)
    store(UInt64(0), at: H.stringsUsed)
    store(UInt64(0), at: H.tail)
    store(tailSequence, at: H.tailSequence)
    store(UInt64(0), at: H.head)
    store(MonotonicClock.nanoseconds(), at: H.startMonotonic)
    var wall = timespec()
    clock_gettime(CLOCK_REALTIME, &wall)
    store(UInt64(wall.tv_sec) &* 1_000_000_000 &+ UInt64(wall.tv_nsec), at: H.startWallClock)
    store(UInt32(truncatingIfNeeded: getpid()), at: H.pid)
    store(UInt32(0), at: H.flags)
    store(UInt64(0), at: H.dropped)
    store(intern(rootName), at: H.rootContainerName)
  }

  @inline(__always)
  private func store<T: FixedWidthInteger>(_ value: T, at offset: Int) {
    (base + offset).storeBytes(of: value.littleEndian, as: T.self)
  }

  /// Adds `text` to the string table; its id (its offset in the table plus one), or 0 once the
  /// table is full. The bytes go in before the table's used size says so, and before any record
  /// that names them.
  func intern(_ text: String) -> UInt32 {
    var text = text
    return text.withUTF8 { bytes in
      let count = min(bytes.count, RecordingLayout.maximumInlineText)
      let entry = (4 + count + 3) & ~3
      guard stringsUsed + entry <= stringsCapacity else {
        if !isStringTableFull {
          isStringTableFull = true
          store(RecordingLayout.Flags.stringsFull, at: RecordingLayout.Header.flags)
        }
        return 0
      }
      let start = stringsOffset + stringsUsed
      if count > 0 { (base + start + 4).copyMemory(from: bytes.baseAddress!, byteCount: count) }
      store(UInt32(count), at: start)
      let id = UInt32(stringsUsed + 1)
      stringsUsed += entry
      store(UInt64(stringsUsed), at: RecordingLayout.Header.stringsUsed)
      return id
    }
  }

  /// Appends the record of `length` bytes (a multiple of 8) at `record`, whose first eight bytes
  /// (length and checksum) and sequence the ring fills in. Old records it overwrites are let go
  /// of first, in the header too, so that a reader never starts inside the new one.
  func append(_ record: UnsafeMutableRawPointer, length: Int) {
    guard length <= ringCapacity / 2 else {
      dropped += 1
      store(dropped, at: RecordingLayout.Header.dropped)
      return
    }
    if head + length > ringCapacity {
      // The rest of the ring stays unused this lap: old records there go, and a marker (when a
      // record header would fit) says to continue at the start.
      while !isEmpty && tail >= head { dropOldest() }
      if head + RecordingLayout.recordHeaderSize <= ringCapacity {
        store(RecordingLayout.wrapMarker, at: ringOffset + head)
      }
      head = 0
    }
    while !isEmpty && tail >= head && tail < head + length { dropOldest() }
    if isEmpty { tail = head }
    store(UInt64(tail), at: RecordingLayout.Header.tail)
    store(tailSequence, at: RecordingLayout.Header.tailSequence)
    record.storeBytes(of: UInt32(length).littleEndian, toByteOffset: RecordingLayout.Record.length, as: UInt32.self)
    record.storeBytes(
      of: nextSequence.littleEndian, toByteOffset: RecordingLayout.Record.sequence, as: UInt64.self)
    let checksum = RecordingLayout.checksum(record + 8, count: length - 8)
    record.storeBytes(of: checksum.littleEndian, toByteOffset: RecordingLayout.Record.checksum, as: UInt32.self)
    (base + ringOffset + head).copyMemory(from: record, byteCount: length)
    head += length
    nextSequence += 1
    store(UInt64(head), at: RecordingLayout.Header.head)
  }

  private var isEmpty: Bool { tailSequence == nextSequence }

  /// Lets go of the oldest record (or skips the unused end of a lap).
  private func dropOldest() {
    let remaining = ringCapacity - tail
    if remaining < RecordingLayout.recordHeaderSize {
      tail = 0
      return
    }
    let length = UInt32(
      littleEndian: (base + ringOffset + tail).loadUnaligned(as: UInt32.self))
    if length == RecordingLayout.wrapMarker || length == 0 {
      tail = 0
      return
    }
    tail += Int(length)
    tailSequence += 1
    if tail >= ringCapacity { tail = 0 }
  }

  /// Writes the mapping back to the file and closes it.
  func close() {
    msync(base, size, MS_SYNC)
    munmap(base, size)
    closeDescriptor(descriptor)
  }
}

/// `close(2)`, by a name the file's own `close()` does not hide.
func closeDescriptor(_ descriptor: Int32) {
  _ = close(descriptor)
}
