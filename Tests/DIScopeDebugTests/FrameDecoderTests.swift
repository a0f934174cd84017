import Testing

@testable import DIScopeDebug

/// The frame decoder and the message decoder meet whatever a peer sends: whole frames in any
/// pieces, truncated ones, lengths of gigabytes, garbage. None of it may trap; all of it must be
/// an error or a wait for more bytes.
struct FrameDecoderTests {
  @Test func framesComeOutWholeWhateverPiecesTheBytesArriveIn() throws {
    let messages: [ClientMessage] = [
      .hello(protocolVersion: 1, client: "t", asciiOnly: false), .run(id: 7, source: "resolve Logger"), .refresh,
    ]
    let stream = messages.flatMap { Frame.encode(MessageCoding.encode($0)) }
    for pieceSize in [1, 2, 3, 5, 64, stream.count] {
      var decoder = FrameDecoder()
      var decoded: [ClientMessage] = []
      var offset = 0
      while offset < stream.count {
        decoder.append(stream[offset..<min(stream.count, offset + pieceSize)])
        offset += pieceSize
        while let payload = try decoder.next() { decoded.append(try MessageCoding.decode(ClientMessage.self, from: payload)) }
      }
      #expect(decoded == messages, "pieces of \(pieceSize)")
      #expect(decoder.pendingByteCount == 0)
    }
  }

  @Test func aTruncatedFrameWaitsAndAHugeLengthIsRefusedBeforeBuffering() throws {
    var decoder = FrameDecoder()
    let frame = Frame.encode(MessageCoding.encode(ClientMessage.refresh))
    decoder.append(frame.dropLast())
    #expect(try decoder.next() == nil)
    var huge = FrameDecoder()
    huge.append([0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3])
    #expect(throws: FrameError.self) { try huge.next() }
    var justOver = FrameDecoder(limit: 10)
    justOver.append([0, 0, 0, 11])
    #expect(throws: FrameError.self) { try justOver.next() }
  }

  @Test func garbageIsAnErrorNamingWhatWasWrong() {
    for payload in [Array("{".utf8), Array("[1,2]".utf8), Array("{\"run\":{\"id\":\"x\"}}".utf8), [0xC3, 0x28]] {
      #expect(throws: FrameError.self) { try MessageCoding.decode(ClientMessage.self, from: payload) }
    }
    do {
      _ = try MessageCoding.decode(ClientMessage.self, from: Array("{\"run\":{\"id\":1}}".utf8))
      Issue.record("a run without its source decoded")
    } catch {
      #expect(error.message.contains("source"), "\(error.message)")
    }
  }

  /// A seeded fuzz of the decoder: random bytes, valid frames with random bytes flipped, cut or
  /// spliced, fed in random pieces. Each input ends in messages, an error, or a wait: never a trap.
  @Test func fuzzedInputNeverTraps() {
    var random = SplitMix(seed: 0xD15C0)
    let valid: [[UInt8]] = [
      ClientMessage.hello(protocolVersion: 1, client: "discope", asciiOnly: true), .run(id: 1, source: "mock Logger"),
      .explain(id: 2, service: "Logger"), .detach(keepChanges: false), .refresh,
    ].map { Frame.encode(MessageCoding.encode($0)) }
    var outcomes = (messages: 0, errors: 0, waits: 0)
    for round in 0..<20_000 {
      var bytes: [UInt8]
      switch round % 4 {
      case 0: bytes = (0..<Int(random.next() % 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      case 1:
        bytes = valid[Int(random.next() % UInt64(valid.count))]
        for _ in 0...Int(random.next() % 4) {
          bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
        }
      case 2:
        bytes = valid[Int(random.next() % UInt64(valid.count))]
        bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count))))
      default:
        bytes = valid.shuffled(using: &random).flatMap { $0 }
        bytes.insert(contentsOf: [UInt8(truncatingIfNeeded: random.next())], at: Int(random.next() % UInt64(bytes.count)))
      }
      var decoder = FrameDecoder(limit: 1 << 16)
      var offset = 0
      loop: while offset < bytes.count {
        let piece = 1 + Int(random.next() % 16)
        decoder.append(bytes[offset..<min(bytes.count, offset + piece)])
        offset += piece
        do {
          while let payload = try decoder.next() {
            _ = try MessageCoding.decode(ClientMessage.self, from: payload)
            outcomes.messages += 1
          }
        } catch {
          outcomes.errors += 1
          break loop
        }
      }
      if offset >= bytes.count { outcomes.waits += decoder.pendingByteCount > 0 ? 1 : 0 }
    }
    // Each kind of outcome happened: the fuzz reached past the length prefix.
    #expect(outcomes.messages > 1000 && outcomes.errors > 1000 && outcomes.waits > 100, "\(outcomes)")
  }
}

/// A small seeded generator, so that a failure reproduces.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
