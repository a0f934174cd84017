import DIScope
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The flight recorder: every event of a container and its children, written as it happens to a
/// bounded ring file that `Recording` reads back (`Docs/RecordingFormat.md`), with each factory's
/// time, the thread or task, and a monotonic clock.
///
/// Registrations made before recording started are written first, from the container's stacks
/// (``RecordedEntry/isAtStart``); the root container's only (a child made before has its
/// registrations recorded only as they change).
///
/// The file is made at its full size when recording starts (a ring of `ringBytes`, 16 MiB unless
/// told, and a string table); once the ring is full, each new event overwrites the oldest. It is
/// written through a shared mapping, so a process that is killed (`SIGKILL` included) leaves a
/// file that opens, losing at most the one event being written at that instant. Recording keeps
/// no instance alive: a step's instance is read for its type's name only.
///
/// ```swift
/// let recorder = try container.record(to: "/tmp/app.discope-rec")
/// // ... the app runs ...
/// recorder.stop()
/// ```
///
/// Or, shipped in the app and off unless asked: `DISCOPE_RECORD=/tmp/app.discope-rec ./app`,
/// with `Recorder.startIfRequested(container)` at start (`DebugServer.startIfRequested` does it
/// too).
public final class Recorder: Sendable {
  /// The ring's size unless told: 16 MiB, about 150,000 resolution steps.
  public static let defaultRingBytes = 16 * 1024 * 1024
  /// The string table's size unless told: 1 MiB of names.
  public static let defaultStringBytes = 1024 * 1024

  /// The file being written.
  public let path: String
  private let sink: Sink
  private let observation: Mutex<Observation?>

  /// The encoder under its lock, shared by the recorder and its observer's handler (which holds
  /// this, not the recorder, so that a recorder let go of stops). `nil` once stopped.
  private final class Sink: Sendable {
    let encoder: Mutex<EventEncoder?>
    init(_ encoder: sending EventEncoder) { self.encoder = Mutex(encoder) }
  }

  /// Starts recording `container` and its children to `path` (replaced if it exists).
  ///
  /// Throws when the file cannot be made, reserved or mapped (a bad directory, a full disk): the
  /// app goes on, unrecorded. Once started, a recorder never fails the app: it writes to memory
  /// the kernel keeps, under a lock held for one record's copy.
  public init(
    _ container: Container, path: String, ringBytes: Int = Recorder.defaultRingBytes,
    stringBytes: Int = Recorder.defaultStringBytes
  ) throws(RecordingError) {
    let ring = try RingFile(
      path: path, ringBytes: ringBytes, stringBytes: stringBytes, rootName: container.name)
    self.path = path
    let sink = Sink(EventEncoder(ring: ring))
    self.sink = sink
    observation = Mutex(nil)
    let started = container.observe(timingBuilds: true) { [sink] event in
      let thread: Int
      if case .resolved = event { thread = 0 } else { thread = Container.currentThreadNumber }
      // Stamped under the lock: the file's times never go back from one record to the next.
      sink.encoder.withLock { $0?.record(event, time: MonotonicClock.nanoseconds(), thread: thread) }
    }
    observation.withLock { $0 = started }
    // What was registered before: from the container's stacks, in registration order, read
    // before the encoder's lock is taken (the family lock is never taken under it). A
    // registration made while this runs may be written twice, or its event before it.
    let registrations = container.stacks.flatMap(\.registrations).sorted { $0.token < $1.token }
    let thread = Container.currentThreadNumber
    sink.encoder.withLock { encoder in
      encoder?.recordRegistrationsAtStart(registrations, time: MonotonicClock.nanoseconds(), thread: thread)
    }
  }

  /// Stops recording and closes the file (written back to disk). Calling it again does nothing.
  public func stop() {
    observation.withLock { $0?.cancel(); $0 = nil }
    let closing = sink.encoder.withLock { encoder -> EventEncoder? in
      defer { encoder = nil }
      return encoder
    }
    closing?.close()
  }

  deinit { stop() }

  /// Starts recording when the environment says `DISCOPE_RECORD=FILE`, with the ring's size from
  /// `DISCOPE_RECORD_SIZE` (bytes, or with a `K`, `M` or `G` suffix) if given; nil otherwise.
  /// A file that cannot be made is reported through `log` (standard error unless told), and the
  /// app goes on unrecorded: an app started with a bad path must still start.
  ///
  /// ```swift
  /// let recorder = Recorder.startIfRequested(container)   // DISCOPE_RECORD=/tmp/app.rec ./app
  /// ```
  public static func startIfRequested(
    _ container: Container, log: @Sendable (String) -> Void = Recorder.standardErrorLog
  ) -> Recorder? {
    guard let value = getenv("DISCOPE_RECORD").map({ String(cString: $0) }), !value.isEmpty else {
      return nil
    }
    let size = getenv("DISCOPE_RECORD_SIZE").flatMap { Self.bytes(String(cString: $0)) } ?? defaultRingBytes
    do {
      let recorder = try Recorder(container, path: value, ringBytes: size)
      log("recording \(container.name) to \(value) (a ring of \(size) bytes)")
      return recorder
    } catch {
      log("not recording: \(error). To fix, set DISCOPE_RECORD to a file in a writable directory.")
      return nil
    }
  }

  /// `16M` as bytes; nil if it is not a size.
  static func bytes(_ text: String) -> Int? {
    let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    guard let last = text.uppercased().last else { return nil }
    if let unit = units[last] { return Int(text.dropLast()).map { $0 * unit } }
    return Int(text)
  }

  /// Writes `discope-record: MESSAGE` to standard error.
  public static let standardErrorLog: @Sendable (String) -> Void = { message in
    let line = Array("discope-record: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }
}

extension Container {
  /// Records this container's events and its children's to `path` (see ``Recorder``): keep the
  /// recorder for as long as you record; ``Recorder/stop()`` or letting it go stops.
  ///
  /// ```swift
  /// let recorder = try container.record(to: "/tmp/app.discope-rec")
  /// ```
  public func record(
    to path: String, ringBytes: Int = Recorder.defaultRingBytes
  ) throws(RecordingError) -> Recorder {
    try Recorder(self, path: path, ringBytes: ringBytes)
  }
}
