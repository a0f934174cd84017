import DIScopeLocked

/// A socket shared by threads, closed once: after `close()`, `shutdown()` and `write` do nothing.
///
/// The descriptor's number is reused by the next socket or file the process opens, so a call on
/// a socket another thread closed would act on someone else's connection (a shutdown would cut
/// the next client off). Every call that may come after the close goes through the lock.
final class SocketHandle: Sendable {
  let socket: UnixSocket
  private let isOpen = Locked(true)

  init(_ socket: UnixSocket) { self.socket = socket }

  /// Ends both directions, waking a thread blocked reading or writing; nothing once closed.
  func shutdown() {
    isOpen.withLock { if $0 { socket.shutdownBoth() } }
  }

  /// Closes the descriptor, once.
  func close() {
    isOpen.withLock { open in
      guard open else { return }
      open = false
      socket.close()
    }
  }

  /// Writes all of `bytes`; throws once closed. Holds the lock while writing: only for a peer
  /// that reads (the client side, whose server always does).
  func write(_ bytes: [UInt8]) throws(SocketError) {
    let result: Result<Void, SocketError> = isOpen.withLock { open in
      guard open else { return .failure(SocketError(message: "the connection is closed")) }
      do throws(SocketError) {
        try socket.write(bytes)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
  }
}
