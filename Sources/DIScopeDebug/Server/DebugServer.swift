import DIScope
import DIScopeLocked
import DisScript
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Serves a container to `discope attach` from another terminal, over a Unix domain socket only
/// this user can reach. The app keeps running as it was: a client sees its stacks and events and
/// runs `.dis` commands in it, and never makes a resolve wait (see `Docs/Attach.md`).
///
/// ```swift
/// import DIScopeDebug
///
/// let server = try DebugServer.start(container)          // $XDG_RUNTIME_DIR/discope/NAME-PID.sock
/// // or, shipped in the app and off unless DISCOPE_ATTACH=1:
/// let maybe = try DebugServer.startIfRequested(container)
/// // ... later, optional (a normal exit removes the socket too):
/// server.stop()
/// ```
///
/// With `readOnly: true` a client can watch, `show`, `why` and `expect`, but every command that
/// would change the container or run the app's factories is refused.
///
/// A server serves until ``stop()`` or the process exits, whether or not its value is kept.
public final class DebugServer: Sendable {
  /// The socket clients attach to.
  public let socketPath: String
  /// The app as clients see it.
  public let identity: AppIdentity
  private let core: ServerCore
  private let listener: UnixSocket
  private let isStopped = Atomic<Bool>(false)
  /// A pipe whose write end `stop()` writes to, waking the accept thread from its poll.
  private let wakeReader: Int32
  private let wakeWriter: Int32
  /// Whether the pipe is open: the accept thread closes it as it ends, and a descriptor written
  /// to after its close could be anything the app opened next.
  private let isWakeOpen = Locked(true)
  /// Holder tracking from the server's start (see `start(_:socketPath:readOnly:tracksHolders:log:)`):
  /// an observer that only tracks holders (`Container.observeForHolderTracking()`), cancelled by
  /// `stop()`.
  private let holderTracking: Observation?

  private init(
    socketPath: String, core: ServerCore, listener: UnixSocket, wake: (reader: Int32, writer: Int32),
    holderTracking: Observation?
  ) {
    self.holderTracking = holderTracking
    self.socketPath = socketPath
    self.core = core
    identity = core.identity
    self.listener = listener
    wakeReader = wake.reader
    wakeWriter = wake.writer
  }

  /// Starts serving `container`. `socketPath: nil` picks `NAME-PID.sock` in this user's socket
  /// directory (``SocketDirectory/standard``); NAME is the container's name, or the process's
  /// when the container has the default name `root`. `log` hears about clients coming, going
  /// and being refused (standard error by default).
  ///
  /// With `tracksHolders` (the default) the container tracks holders from now on, whether a
  /// client is attached or not (``Container/tracksHolders``), so that `why`, `show stale` and
  /// leaving a session know what each instance built since holds; what was built before is
  /// said to be unknown. It keeps no instance alive (what is recorded is numbers and types), and
  /// costs a resolve nothing but while a shared instance is built, whose steps are recorded (W7
  /// in `Scripts/bench`). Start the server before the app resolves, and every instance is known.
  ///
  /// Throws when this container is served already, when the path is served by a live process,
  /// or when the path cannot be used; a socket left by a process that is gone is replaced.
  public static func start(
    _ container: Container, socketPath: String? = nil, readOnly: Bool = false, tracksHolders: Bool = true,
    log: @escaping @Sendable (String) -> Void = DebugServer.standardErrorLog
  ) throws(DebugServerError) -> DebugServer {
    try start(
      container, socketPath: socketPath, readOnly: readOnly, tracksHolders: tracksHolders, helloTimeout: .seconds(5),
      log: log)
  }

  static func start(
    _ container: Container, socketPath: String?, readOnly: Bool, tracksHolders: Bool = true, helloTimeout: Duration,
    log: @escaping @Sendable (String) -> Void
  ) throws(DebugServerError) -> DebugServer {
    let containerID = ObjectIdentifier(container)
    // Checked and reserved in one step: two threads starting the same container at once.
    if let served = Running.servers.withLock({ servers -> Running.Server? in
      if let served = servers.first(where: { $0.container == containerID }) { return served }
      servers.append(Running.Server(container: containerID, path: nil, pid: getpid()))
      return nil
    }) {
      throw DebugServerError(
        message: "this container is served already" + (served.path.map { ", at \($0)" } ?? " (its server is starting)"),
        hint: "keep the server you have, or stop() it before starting another")
    }
    var isStarted = false
    defer { if !isStarted { Running.removeReservation(of: containerID) } }
    let pid = getpid()
    let name = container.name == "root" ? Self.processName : container.name
    let path: String
    if let socketPath {
      path = socketPath
    } else {
      let directory = SocketDirectory.standard
      do {
        try directory.prepare()
      } catch {
        throw DebugServerError(message: "cannot use the socket directory: \(error)", hint: "pass socketPath: to choose another place")
      }
      path = directory.socketPath(name: name, pid: pid)
    }
    try clearStaleSocket(at: path)
    let listener: UnixSocket
    do {
      listener = try UnixSocket.listen(at: path)
    } catch {
      throw DebugServerError(message: "cannot serve at \(path): \(error)", hint: "check that its directory exists and is yours")
    }
    var wake: [Int32] = [-1, -1]
    guard pipe(&wake) == 0 else {
      listener.close()
      unlink(path)
      throw DebugServerError(message: "cannot make the server's wake-up pipe: \(SocketError("pipe").message)", hint: nil)
    }
    for end in wake { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let identity = AppIdentity(
      name: name, pid: pid, executable: Self.executablePath, since: Double(now.tv_sec), isReadOnly: readOnly,
      container: container.name)
    // Observed from now on, so that holders are tracked, by an observer that takes no event and
    // counts none: resolves keep their fast paths but on a thread building a shared instance.
    let holderTracking = tracksHolders ? container.observeForHolderTracking() : nil
    let server = DebugServer(
      socketPath: path, core: ServerCore(container: container, identity: identity, helloTimeout: helloTimeout, log: log),
      listener: listener, wake: (wake[0], wake[1]), holderTracking: holderTracking)
    Running.add(container: containerID, path: path)
    isStarted = true
    guard DetachedThread.start({ [server] in server.acceptLoop() }) else {
      holderTracking?.cancel()
      Running.remove(path: path)
      isStarted = false
      listener.close()
      unlink(path)
      throw DebugServerError(message: "cannot start the server's thread", hint: "the process is out of threads")
    }
    log("serving \(name) (pid \(pid)) at \(path)\(readOnly ? " (read-only)" : "")")
    return server
  }

  /// Starts serving only when the environment says `DISCOPE_ATTACH=1`, so that an app can ship
  /// the call and leave it off; nil otherwise.
  ///
  /// ```swift
  /// let debugServer = try DebugServer.startIfRequested(container)   // DISCOPE_ATTACH=1 ./app
  /// ```
  public static func startIfRequested(
    _ container: Container, socketPath: String? = nil, readOnly: Bool = false, tracksHolders: Bool = true,
    log: @escaping @Sendable (String) -> Void = DebugServer.standardErrorLog
  ) throws(DebugServerError) -> DebugServer? {
    guard let value = getenv("DISCOPE_ATTACH"), String(cString: value) == "1" else { return nil }
    return try start(container, socketPath: socketPath, readOnly: readOnly, tracksHolders: tracksHolders, log: log)
  }

  /// Stops serving: attached clients hear `bye` and are detached (the container no longer observed for them, what
  /// their sessions changed in the container undone), and the socket file is removed. Calling it again does nothing.
  public func stop() {
    guard !isStopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
    unlink(socketPath)
    isWakeOpen.withLock { isOpen in
      guard isOpen else { return }
      var byte: UInt8 = 1
      _ = write(wakeWriter, &byte, 1)
    }
    Running.remove(path: socketPath)
    core.stopAll(reason: "the app stopped its debug server")
    holderTracking?.cancel()
    core.log("stopped serving at \(socketPath)")
  }

  /// How many clients are attached now.
  public var attachedClientCount: Int { core.clientCount }

  /// Writes `discope-debug: MESSAGE` to standard error.
  public static let standardErrorLog: @Sendable (String) -> Void = { message in
    let line = Array("discope-debug: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }

  private func acceptLoop() {
    defer {
      listener.close()
      isWakeOpen.withLock { isOpen in
        isOpen = false
        close(wakeReader)
        close(wakeWriter)
      }
    }
    while !isStopped.load(ordering: .acquiring) {
      guard let client = listener.accept(orWakingOn: wakeReader) else {
        // Woken by stop(), or accept failed (out of descriptors: the connection stays pending
        // and poll would wake again at once): wait a little rather than spin.
        if !isStopped.load(ordering: .acquiring) { usleepMilliseconds(100) }
        continue
      }
      guard !isStopped.load(ordering: .acquiring) else {
        client.close()
        break
      }
      admit(client)
    }
  }

  /// Lets in the same user (or root); refuses anyone else with a reason, and logs it.
  private func admit(_ client: UnixSocket) {
    let me = getuid()
    do {
      let peer = try client.peer()
      guard peer.uid == me || peer.uid == 0 else {
        let reason = "uid \(peer.uid) (pid \(peer.pid)) is not the app's user (uid \(me)); only the same user or root may attach"
        try? client.write(Frame.encode(MessageCoding.encode(ServerMessage.refused(reason: reason))))
        client.close()
        core.log("refused a client: \(reason)")
        return
      }
    } catch {
      client.close()
      core.log("refused a client: \(error)")
      return
    }
    if let refusal = core.add(socket: client) {
      try? client.write(Frame.encode(MessageCoding.encode(ServerMessage.refused(reason: refusal))))
      client.close()
      core.log("refused a client: \(refusal)")
    }
  }

  /// Replaces a socket whose process is gone; refuses a path a live process serves, or that is
  /// not a socket.
  private static func clearStaleSocket(at path: String) throws(DebugServerError) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    guard (info.st_mode & S_IFMT) == S_IFSOCK else {
      throw DebugServerError(message: "\(path) exists and is not a socket", hint: "choose another socketPath:")
    }
    let probe: SocketError?
    do throws(SocketError) {
      try UnixSocket.connect(to: path).close()
      probe = nil
    } catch {
      probe = error
    }
    guard let probe else {
      throw DebugServerError(
        message: "\(path) is served by a running process", hint: "stop that process's server, or choose another socketPath:")
    }
    guard probe.code == ECONNREFUSED else {
      throw DebugServerError(message: "cannot tell whether \(path) is in use: \(probe)", hint: "choose another socketPath:")
    }
    // Nobody listens: the socket of a process that is gone.
    unlink(path)
  }

  private static var processName: String {
    let path = CommandLine.arguments.first ?? "app"
    return path.split(separator: "/").last.map(String.init) ?? "app"
  }

  private static var executablePath: String {
    #if os(Linux) || os(Android)
      // The kernel's own answer, whatever the process was started as.
      var buffer = [CChar](repeating: 0, count: 4096)
      let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      guard count > 0 else { return CommandLine.arguments.first ?? "" }
      return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #elseif canImport(Darwin)
      // No /proc on Apple platforms: dyld's record of the main executable.
      var size: UInt32 = 4096
      var buffer = [CChar](repeating: 0, count: Int(size))
      guard _NSGetExecutablePath(&buffer, &size) == 0 else { return CommandLine.arguments.first ?? "" }
      let length = buffer.firstIndex(of: 0) ?? buffer.count
      return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #else
      return CommandLine.arguments.first ?? ""
    #endif
  }
}

/// The servers of this process, so that a container is served once and a normal exit removes
/// every socket.
enum Running {
  struct Server: Sendable {
    let container: ObjectIdentifier
    /// Nil while the server is starting (the container is reserved).
    var path: String?
    /// The process that made it: a child forked from the app must not remove the app's socket.
    let pid: Int32
  }

  static let servers = Locked<[Server]>([])
  private static let exitHook = Atomic<Bool>(false)

  /// Turns the container's reservation into its server at `path`.
  static func add(container: ObjectIdentifier, path: String) {
    servers.withLock { servers in
      servers.removeAll { $0.container == container && $0.path == nil }
      servers.append(Server(container: container, path: path, pid: getpid()))
    }
    if !exitHook.exchange(true, ordering: .acquiringAndReleasing) {
      atexit {
        let me = getpid()
        for server in Running.servers.withLock({ $0 }) where server.pid == me {
          if let path = server.path { unlink(path) }
        }
      }
    }
  }

  static func removeReservation(of container: ObjectIdentifier) {
    servers.withLock { $0.removeAll { $0.container == container && $0.path == nil } }
  }

  static func remove(path: String) {
    servers.withLock { $0.removeAll { $0.path == path } }
  }
}
