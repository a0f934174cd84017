import CDIScopePeer
import DIScopeLocked

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system call that failed: what was attempted, on which path, and errno's words.
public struct SocketError: Error, Sendable, Hashable, CustomStringConvertible {
  public let message: String
  public let code: Int32

  init(_ what: String, code: Int32 = errno) {
    self.code = code
    message = "\(what): \(String(cString: strerror(code)))"
  }

  init(message: String) {
    self.message = message
    code = 0
  }

  public var description: String { message }
}

/// A Unix domain stream socket's file descriptor, and the few calls the debug server and client
/// make on it. Only Unix domain sockets: the debug protocol is never on a network.
struct UnixSocket: Sendable {
  let fd: Int32

  /// Held while a bind changes the process's umask (see `listen(at:)`). It guards no value of
  /// its own; a `Bool` rather than `()`, whose zero size would put it at the address of the lock's
  /// mutex pointer, where the thread sanitizer takes a read of the pointer for a racing write.
  private static let umaskLock = Locked(false)

  /// A socket listening at `path` (which must not exist), 0600 from its creation.
  static func listen(at path: String) throws(SocketError) -> UnixSocket {
    let socket = try make()
    var address = try address(for: path)
    // The socket file is created with the umask's permissions: 0177 makes it 0600 from the
    // start, so no other user can connect in the moment before a chmod. The umask is the
    // process's: two binds at once must not interleave, or the second would restore the first's
    // 0177 for good.
    let (bound, bindErrno) = umaskLock.withLock { _ in
      let oldMask = umask(0o177)
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket.fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
      }
      let bindErrno = errno
      umask(oldMask)
      return (bound, bindErrno)
    }
    guard bound == 0 else {
      socket.close()
      throw SocketError("cannot bind \(path)", code: bindErrno)
    }
    guard Glibc_listen(socket.fd, 16) == 0 else {
      let error = SocketError("cannot listen on \(path)")
      socket.close()
      unlink(path)
      throw error
    }
    return socket
  }

  /// A socket connected to `path`.
  static func connect(to path: String) throws(SocketError) -> UnixSocket {
    let socket = try make()
    var address = try address(for: path)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc_connect(socket.fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else {
      let error = SocketError("cannot connect to \(path)")
      socket.close()
      throw error
    }
    return socket
  }

  private static func make() throws(SocketError) -> UnixSocket {
    #if canImport(Darwin)
      let fd = socket(AF_UNIX, SOCK_STREAM, 0)
    #else
      let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #endif
    guard fd >= 0 else { throw SocketError("cannot make a socket") }
    #if canImport(Darwin)
      var one: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    #endif
    return UnixSocket(fd: fd)
  }

  private static func address(for path: String) throws(SocketError) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard bytes.count < capacity else {
      throw SocketError(message: "the socket path \(path) is \(bytes.count) bytes; Unix sockets allow \(capacity - 1)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in bytes.enumerated() { buffer[index] = byte }
      buffer[bytes.count] = 0
    }
    return address
  }

  /// Waits up to `milliseconds` for a connection; nil when none came.
  func accept(waitingUpTo milliseconds: Int32) -> UnixSocket? {
    guard wait(forReading: true, milliseconds: milliseconds) else { return nil }
    return acceptNow()
  }

  /// Waits for a connection, or until `wake` is readable (then nil): a server that sleeps in
  /// the kernel until someone connects or it is stopped, with no periodic wake-up in the app.
  func accept(orWakingOn wake: Int32) -> UnixSocket? {
    var entries = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
    while poll(&entries, 2, -1) < 0 {
      guard errno == EINTR else { return nil }
    }
    guard entries[1].revents == 0, entries[0].revents & Int16(POLLIN) != 0 else { return nil }
    return acceptNow()
  }

  private func acceptNow() -> UnixSocket? {
    // Close-on-exec from the start: a program another thread of the app starts meanwhile must
    // not inherit the connection.
    let client = systemAccept(fd)
    return client >= 0 ? UnixSocket(fd: client) : nil
  }

  /// Whether the socket became readable (or writable) within `milliseconds`.
  func wait(forReading: Bool, milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(forReading ? POLLIN : POLLOUT), revents: 0)
    return poll(&entry, 1, milliseconds) > 0
  }

  /// Reads what is there (up to `capacity` bytes): empty at the end of the stream.
  func read(capacity: Int = 64 * 1024) throws(SocketError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: capacity)
    while true {
      let count = bytes.withUnsafeMutableBytes { recv(fd, $0.baseAddress, capacity, 0) }
      if count >= 0 { return Array(bytes[0..<count]) }
      if errno == EINTR { continue }
      throw SocketError("cannot read from the peer")
    }
  }

  /// Writes all of `bytes`, waiting as long as the peer reads; never raises SIGPIPE.
  func write(_ bytes: [UInt8]) throws(SocketError) {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        #if canImport(Darwin)
          send(fd, buffer.baseAddress! + offset, bytes.count - offset, 0)
        #else
          send(fd, buffer.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
        #endif
      }
      if count > 0 {
        offset += count
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        throw SocketError("cannot write to the peer")
      }
    }
  }

  /// The user and process at the other end.
  func peer() throws(SocketError) -> (uid: uid_t, pid: pid_t) {
    var uid: uid_t = 0
    var pid: pid_t = 0
    guard discope_peer_credentials(fd, &uid, &pid) == 0 else { throw SocketError("cannot read the peer's credentials") }
    return (uid, pid)
  }

  /// Ends both directions: a thread blocked reading or writing returns.
  func shutdownBoth() { systemShutdown(fd) }

  func close() { systemClose(fd) }
}

// The Glibc functions whose names the type's own methods shadow.
private func Glibc_listen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func Glibc_connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
  connect(fd, address, length)
}
private func systemAccept(_ fd: Int32) -> Int32 { discope_accept_cloexec(fd) }
private func systemClose(_ fd: Int32) { _ = close(fd) }
private func systemShutdown(_ fd: Int32) { _ = shutdown(fd, Int32(SHUT_RDWR)) }
