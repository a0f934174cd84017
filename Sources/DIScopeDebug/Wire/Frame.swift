/// Length-prefixed frames: a 4-byte big-endian length, then that many bytes of JSON.
///
/// ```swift
/// var decoder = FrameDecoder()
/// decoder.append(Frame.encode(payload))
/// while let payload = try decoder.next() { handle(payload) }
/// ```
public enum Frame {
  /// `payload` with its length prefix.
  public static func encode(_ payload: [UInt8]) -> [UInt8] {
    let count = UInt32(payload.count)
    var bytes: [UInt8] = [UInt8(count >> 24), UInt8((count >> 16) & 0xFF), UInt8((count >> 8) & 0xFF), UInt8(count & 0xFF)]
    bytes.reserveCapacity(4 + payload.count)
    bytes += payload
    return bytes
  }
}

/// A frame the peer sent that no peer of this protocol would send.
public struct FrameError: Error, Sendable, Hashable, CustomStringConvertible {
  public let message: String
  public var description: String { message }
}

/// Cuts a byte stream into frames as bytes arrive, in any pieces. Never trusts a length: one over
/// ``DebugProtocol/maximumFrameSize`` is an error before a byte of it is buffered.
public struct FrameDecoder: Sendable {
  private var buffer: [UInt8] = []
  private var start = 0
  public let limit: Int

  public init(limit: Int = DebugProtocol.maximumFrameSize) { self.limit = limit }

  /// Adds bytes read from the peer.
  public mutating func append(_ bytes: some Sequence<UInt8>) {
    if start > 0 && start * 2 > buffer.count {
      buffer.removeFirst(start)
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next whole frame's payload, or nil until more bytes arrive.
  public mutating func next() throws(FrameError) -> [UInt8]? {
    guard buffer.count - start >= 4 else { return nil }
    let length =
      Int(buffer[start]) << 24 | Int(buffer[start + 1]) << 16 | Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
    guard length <= limit else {
      throw FrameError(message: "a frame of \(length) bytes is over the limit of \(limit)")
    }
    guard buffer.count - start - 4 >= length else { return nil }
    let payload = Array(buffer[(start + 4)..<(start + 4 + length)])
    start += 4 + length
    if start == buffer.count {
      buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
      start = 0
    }
    return payload
  }

  /// Bytes received and not yet part of a whole frame.
  public var pendingByteCount: Int { buffer.count - start }
}
