import DIScope

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A recording read back: its records in order, oldest first, typed.
///
/// Opening reads the whole file (a ring is megabytes) and walks the ring from its oldest record
/// (the header's tail), record after record, each checked by its length, checksum and sequence
/// number, until one fails: that is the end. A file whose writer was killed while copying a record
/// ends with that record torn; ``tornRecord`` says where, and everything before it reads.
///
/// ```swift
/// let recording = try Recording(path: "/tmp/app.discope-rec")
/// for entry in recording.entries { print(entry.sequence, entry.event) }
/// ```
public struct Recording: Sendable {
  /// The file read.
  public let path: String
  /// The format's version the file says it is.
  public let version: UInt32
  /// The root container's name.
  public let rootContainer: String
  /// The writer's process id.
  public let pid: Int
  /// When recording started, on ``MonotonicClock`` (the clock of every record's `time`).
  public let startNanoseconds: UInt64
  /// When recording started, in nanoseconds since 1970.
  public let startWallClockNanoseconds: UInt64
  /// The ring's size in bytes.
  public let ringCapacity: Int
  /// Events too large for the ring, not written.
  public let droppedEvents: UInt64
  /// Whether the string table filled up (names after that read as `?`).
  public let isStringTableFull: Bool
  /// The records, oldest first.
  public let entries: [RecordedEntry]
  /// The record the writer was copying when it stopped (killed mid-write), if one is torn: read
  /// up to it, nothing after.
  public let tornRecord: RecordingError?

  /// Reads the recording at `path`. Throws (with the path, and the offset when it is about one
  /// place) when the file cannot be read or is not a recording of this format's version.
  public init(path: String) throws(RecordingError) {
    self.path = path
    let bytes = try Self.read(path)
    var reader = RecordReader(bytes: bytes, path: path)
    typealias H = RecordingLayout.Header
    guard bytes.count >= RecordingLayout.headerSize, reader.u64(at: H.magic) == RecordingLayout.magic else {
      throw RecordingError(path: path, offset: 0, message: "not a DIScope recording (its first bytes are not DISCOREC)")
    }
    version = reader.u32(at: H.version)
    guard version == RecordingLayout.version else {
      throw RecordingError(
        path: path, offset: H.version,
        message: "a recording of format version \(version); this reader reads version \(RecordingLayout.version)")
    }
    let stringsOffset = Int(reader.u64(at: H.stringsOffset))
    let stringsCapacity = Int(reader.u64(at: H.stringsCapacity))
    let ringOffset = Int(reader.u64(at: H.ringOffset))
    ringCapacity = Int(reader.u64(at: H.ringCapacity))
    let stringsUsed = Int(reader.u64(at: H.stringsUsed))
    guard stringsOffset >= RecordingLayout.headerSize, stringsUsed <= stringsCapacity,
      stringsOffset + stringsCapacity <= ringOffset, ringOffset + ringCapacity <= bytes.count
    else {
      throw RecordingError(path: path, offset: H.stringsOffset, message: "its regions do not fit in the file (truncated?)")
    }
    reader.strings = (stringsOffset, stringsUsed)
    pid = Int(reader.u32(at: H.pid))
    startNanoseconds = reader.u64(at: H.startMonotonic)
    startWallClockNanoseconds = reader.u64(at: H.startWallClock)
    droppedEvents = reader.u64(at: H.dropped)
    isStringTableFull = reader.u32(at: H.flags) & RecordingLayout.Flags.stringsFull != 0
    rootContainer = reader.string(reader.u32(at: H.rootContainerName)) ?? "?"
    let walk = reader.walk(
      ringOffset: ringOffset, capacity: ringCapacity, tail: Int(reader.u64(at: H.tail)),
      sequence: reader.u64(at: H.tailSequence))
    entries = walk.entries
    tornRecord = walk.torn
  }

  private static func read(_ path: String) throws(RecordingError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw RecordingError.system("cannot open the recording", path: path) }
    defer { closeDescriptor(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw RecordingError.system("cannot read the recording", path: path) }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    var done = 0
    while done < bytes.count {
      let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, $0.count - done, off_t(done)) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw RecordingError.system("cannot read the recording", path: path) }
      done += count
    }
    return bytes
  }
}
