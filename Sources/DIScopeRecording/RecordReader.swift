import DIScope

/// Reads a recording's bytes: the header's integers, the string table, and the ring's records
/// decoded into `RecordedEntry` values (the layout of `RecordingLayout`, in `EventEncoder`'s
/// order).
struct RecordReader {
  let bytes: [UInt8]
  let path: String
  /// The string table's offset and used size.
  var strings = (offset: 0, used: 0)
  /// Where the record being decoded is read (an absolute file offset).
  private var cursor = 0
  private var end = 0

  init(bytes: [UInt8], path: String) {
    self.bytes = bytes
    self.path = path
  }

  func u64(at offset: Int) -> UInt64 {
    bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
  }

  func u32(at offset: Int) -> UInt32 {
    bytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
  }

  /// The string `id` names (0: none), or nil.
  func string(_ id: UInt32) -> String? {
    guard id != 0 else { return nil }
    let at = Int(id) - 1
    guard at + 4 <= strings.used else { return "?" }
    let length = Int(u32(at: strings.offset + at))
    guard at + 4 + length <= strings.used else { return "?" }
    let start = strings.offset + at + 4
    return String(decoding: bytes[start..<start + length], as: UTF8.self)
  }

  /// The records from the oldest (`tail`, numbered `sequence`) on, until one is not the next:
  /// its length out of place, its checksum wrong, or its number not the one expected. A record
  /// whose number is the one expected and whose checksum fails is torn (the writer stopped
  /// copying it).
  mutating func walk(ringOffset: Int, capacity: Int, tail: Int, sequence: UInt64)
    -> (entries: [RecordedEntry], torn: RecordingError?)
  {
    var entries: [RecordedEntry] = []
    var at = tail
    var expected = sequence
    var wrapped = false
    while true {
      if at + RecordingLayout.recordHeaderSize > capacity || u32(at: ringOffset + at) == RecordingLayout.wrapMarker {
        // One lap at most: a ring that wraps twice in one reading is garbage.
        if wrapped || at == 0 { return (entries, nil) }
        wrapped = true
        at = 0
        continue
      }
      let start = ringOffset + at
      let length = Int(u32(at: start))
      let number = u64(at: start + RecordingLayout.Record.sequence)
      guard length >= RecordingLayout.recordHeaderSize, length % 8 == 0, at + length <= capacity else {
        return (entries, number == expected && length != 0 ? torn(at: start) : nil)
      }
      let checksum = bytes.withUnsafeBytes {
        RecordingLayout.checksum($0.baseAddress! + start + 8, count: length - 8)
      }
      guard checksum == u32(at: start + RecordingLayout.Record.checksum) else {
        return (entries, number == expected ? torn(at: start) : nil)
      }
      guard number == expected else { return (entries, nil) }
      entries.append(decode(at: start, length: length))
      expected += 1
      at += length
    }
  }

  private func torn(at offset: Int) -> RecordingError {
    RecordingError(path: path, offset: offset, message: "a torn record (its writer stopped while writing it): read up to it")
  }

  /// The record at `start`, `length` bytes, whose checksum is right.
  private mutating func decode(at start: Int, length: Int) -> RecordedEntry {
    typealias R = RecordingLayout.Record
    let resolverNumber = Int(u32(at: start + R.resolverNumber))
    let resolver: ResolutionStep.Resolver? =
      switch bytes[start + R.resolverKind] {
      case RecordingLayout.ResolverKind.thread: .thread(resolverNumber)
      case RecordingLayout.ResolverKind.task: .task(resolverNumber)
      default: nil
      }
    cursor = start + R.payload
    end = start + length
    let kind = bytes[start + R.kind]
    let event: RecordedEvent
    switch RecordKind(rawValue: kind) {
    case .container: event = .container(number: next64(), name: nextString() ?? "?")
    case .registered: event = .registered(nextRegistration())
    case .removed: event = .removed(nextRegistration(), uncovering: nextOptionalRegistration())
    case .scopeChanged: event = .scopeChanged(nextRegistration(), from: scope(next8()) ?? .prototype)
    case .cachingChanged: event = .cachingChanged(nextRegistration())
    case .mockPushed: event = .mockPushed(nextRegistration(), shadowing: nextOptionalRegistration())
    case .mockPopped: event = .mockPopped(nextRegistration(), uncovering: nextOptionalRegistration())
    case .resolved: event = .resolved(nextStep())
    case .resolutionFailed:
      let container = nextString() ?? "?"
      event = .resolutionFailed(nextFailure(), container: container)
    case .eagerBuildFailed: event = .eagerBuildFailed(nextRegistration(), nextFailure())
    case .disposed:
      let registration = nextRegistration()
      let number = Int(Int64(bitPattern: next64()))
      let typeName = nextString() ?? "?"
      let cause: Disposal.Cause = next8() == 0 ? .shutdown : .dropped
      let failure = next8() == 0 ? nil : nextText()
      event = .disposed(
        RecordedDisposal(
          registration: registration, instanceNumber: number, typeName: typeName, cause: cause, failure: failure))
    case nil: event = .unknown(kind: kind)
    }
    return RecordedEntry(
      sequence: u64(at: start + R.sequence), time: u64(at: start + R.time), resolver: resolver, offset: start,
      isAtStart: bytes[start + R.flags] & UInt8(RecordingLayout.RecordFlags.atStart) != 0, event: event)
  }

  // Each read past the record's end gives zero: a record cut short by an older writer reads as
  // its fields' "none".
  private mutating func next8() -> UInt8 {
    guard cursor + 1 <= end else { return 0 }
    defer { cursor += 1 }
    return bytes[cursor]
  }

  private mutating func next16() -> UInt16 {
    guard cursor + 2 <= end else { return 0 }
    defer { cursor += 2 }
    return bytes.withUnsafeBytes { UInt16(littleEndian: $0.loadUnaligned(fromByteOffset: cursor, as: UInt16.self)) }
  }

  private mutating func next32() -> UInt32 {
    guard cursor + 4 <= end else { return 0 }
    defer { cursor += 4 }
    return u32(at: cursor)
  }

  private mutating func next64() -> UInt64 {
    guard cursor + 8 <= end else { return 0 }
    defer { cursor += 8 }
    return u64(at: cursor)
  }

  private mutating func nextString() -> String? { string(next32()) }

  private mutating func nextText() -> String {
    let length = min(Int(next32()), end - cursor)
    guard length > 0 else { return "" }
    defer { cursor += length }
    return String(decoding: bytes[cursor..<cursor + length], as: UTF8.self)
  }

  private func scope(_ code: UInt8) -> Scope? {
    Int(code) < RecordedValues.scopes.count ? RecordedValues.scopes[Int(code)] : nil
  }

  private mutating func nextRegistration() -> RecordedRegistration {
    let token = Int(next64())
    let service = nextString() ?? "?"
    let name = nextString()
    let implementation = nextString() ?? "?"
    let container = nextString() ?? "?"
    let group = nextString()
    let argumentTypes = nextString()
    let site = nextString()
    let scope = scope(next8()) ?? .prototype
    let flags = next8()
    let stackDepth = next16()
    let cached = Int64(bitPattern: next64())
    return RecordedRegistration(
      token: token, service: service, name: name, implementation: implementation, container: container,
      group: group, argumentTypes: argumentTypes, site: site, scope: scope, isCaching: flags & 1 != 0,
      isMock: flags & 2 != 0, stackDepth: stackDepth == UInt16.max ? nil : Int(stackDepth),
      cachedInstanceNumber: cached == Int64.min ? nil : Int(cached))
  }

  private mutating func nextOptionalRegistration() -> RecordedRegistration? {
    next8() == 0 ? nil : nextRegistration()
  }

  private mutating func nextStep() -> RecordedStep {
    let containerNumber = next64()
    let container = nextString() ?? "?"
    let service = nextString() ?? "?"
    let name = nextString()
    let token = next64()
    let instanceType = nextString()
    let answeringContainer = nextString()
    let outcomeCode = Int(next8())
    let scope = scope(next8())
    let depth = Int(next16())
    let stackDepth = Int32(bitPattern: next32())
    let number = Int64(bitPattern: next64())
    let buildStart = next64()
    let buildNanoseconds = next64()
    let ownNanoseconds = next64()
    return RecordedStep(
      containerNumber: containerNumber, container: container, service: service, name: name,
      token: token == 0 ? nil : Int(token), instanceType: instanceType, answeringContainer: answeringContainer,
      outcome: outcomeCode < RecordedValues.outcomes.count ? RecordedValues.outcomes[outcomeCode] : .absent,
      scope: scope, depth: depth, stackDepth: stackDepth < 0 ? nil : Int(stackDepth),
      instanceNumber: number == Int64.min ? nil : Int(number),
      buildTime: buildNanoseconds == UInt64.max
        ? nil
        : BuildTime(startNanoseconds: buildStart, nanoseconds: buildNanoseconds, ownNanoseconds: ownNanoseconds))
  }

  private mutating func nextFailure() -> RecordedFailure {
    let kind = nextString() ?? "?"
    let service = nextString() ?? "?"
    let name = nextString()
    let message = nextText()
    let path = nextText()
    let hint = nextText()
    return RecordedFailure(kind: kind, service: service, name: name, message: message, path: path, hint: hint)
  }
}
