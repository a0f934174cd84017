import DIScopeDebug

/// libFuzzer's entry point: any bytes, as a peer of the debug protocol would send them, cut into
/// frames and decoded as client and as server messages, whole and in pieces of the first byte's
/// size. Any crash, hang or runaway allocation is a bug; errors are what bad input must give.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let piece = max(1, Int(bytes.first ?? 1))
  var decoder = FrameDecoder(limit: 1 << 20)
  var offset = 0
  feeding: while offset < bytes.count {
    decoder.append(bytes[offset..<min(bytes.count, offset + piece)])
    offset += piece
    do {
      while let payload = try decoder.next() {
        _ = try? MessageCoding.decode(ClientMessage.self, from: payload)
        _ = try? MessageCoding.decode(ServerMessage.self, from: payload)
      }
    } catch {
      break feeding
    }
  }
  // The bytes as one payload, as a frame whose length was right would hand them over.
  _ = try? MessageCoding.decode(ClientMessage.self, from: bytes)
  _ = try? MessageCoding.decode(ServerMessage.self, from: bytes)
  return 0
}
