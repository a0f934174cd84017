#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// JSON for the protocol's messages. Decoding never traps: anything that is not a message of this
/// version is a `FrameError` naming what was wrong.
public enum MessageCoding {
  public static func encode<Message: Encodable>(_ message: Message) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // Every message type is plain values: encoding cannot fail.
    return (try? Array(encoder.encode(message))) ?? []
  }

  public static func decode<Message: Decodable>(_ type: Message.Type, from payload: [UInt8]) throws(FrameError) -> Message {
    do {
      return try JSONDecoder().decode(type, from: Data(payload))
    } catch let error as DecodingError {
      throw FrameError(message: "not a \(type) message: \(Self.describe(error))")
    } catch {
      throw FrameError(message: "not a \(type) message: \(error)")
    }
  }

  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case .dataCorrupted(let context): "invalid JSON (\(context.debugDescription))"
    case .keyNotFound(let key, _): "missing '\(key.stringValue)'"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      "wrong value at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
    @unknown default: "\(error)"
    }
  }
}
