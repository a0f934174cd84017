import DIScope
import DIScopeLocked
import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a client could not attach, or lost the app.
public struct DebugClientError: Error, Sendable, Hashable, CustomStringConvertible {
  public let message: String
  public var description: String { message }
}

/// A connection to an app's ``DebugServer``: its hello, its events as they come, and commands
/// run in it one at a time. The playground's `discope attach` is built on it; so can any tool.
///
/// ```swift
/// let client = try DebugClient.connect(to: "/run/user/1000/discope/shop-4242.sock")
/// print(client.app.name, client.app.pid)
/// let reply = try client.run("resolve Logger")
/// print(reply.outcome.output)
/// for event in client.takeUpdates().events { print(event) }
/// let report = client.detach(keepChanges: false)   // what the session changed, undone
/// ```
public final class DebugClient: Sendable {
  /// What arrived since the last ``takeUpdates()``.
  public struct Updates: Sendable {
    public var events: [EventRecord] = []
    /// Events the server dropped because this client read too slowly.
    public var dropped = 0
    /// The newest snapshot of the stacks, if one came.
    public var snapshot: ContainerSnapshot?
    public var completion: CompletionRecord?
    /// Set once the connection is over, with why (`app ended (pid 4242)`, or the server's reason).
    public var ended: ConnectionEnd?
    /// Whether anything at all arrived.
    public var isEmpty: Bool { events.isEmpty && dropped == 0 && snapshot == nil && completion == nil && ended == nil }
  }

  /// A command's reply.
  public struct Reply: Sendable {
    public var outcome: OutcomeRecord
    public var completion: CompletionRecord
  }

  /// The app, as its server introduced it.
  public let app: AppIdentity
  /// How many events wait for ``takeUpdates()`` before the oldest are let go.
  static let maximumHeldEvents = 20_000
  public let socketPath: String
  private let socket: UnixSocket
  /// For the calls from other threads, which may come after the reader closed it.
  private let handle: SocketHandle
  private struct State {
    var updates = Updates()
    var isEnded = false
    var nextID = 1
    var waiting: [Int: DispatchSemaphore] = [:]
    var results: [Int: Reply] = [:]
    var explanations: [Int: (title: String, lines: [String])] = [:]
    var leaveReport: LeaveReport?
    var undoReports: [Int: LeaveReport] = [:]
    var rebuilt: [Int: [String]] = [:]
  }
  private let state = Locked(State())
  /// Bumped whenever something arrives, for a screen that polls.
  private let arrivals = Atomic<Int>(0)

  private init(app: AppIdentity, socketPath: String, socket: UnixSocket) {
    self.app = app
    self.socketPath = socketPath
    self.socket = socket
    handle = SocketHandle(socket)
  }

  /// What the file at `path` is when it exists and is no socket (`a folder`, `a character
  /// device`), or nil.
  static func notASocket(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFSOCK: return nil
    case S_IFDIR: return "a folder"
    case S_IFREG: return "a regular file"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFIFO: return "a named pipe"
    default: return "a file of another kind"
    }
  }

  /// Connects, and checks the server speaks this protocol. `asciiOnly` asks for trace lines in
  /// ASCII. Throws with the reason when the app refuses (another user, another version) or
  /// does not answer.
  public static func connect(to path: String, asciiOnly: Bool = false, clientName: String = "discope")
    throws(DebugClientError) -> DebugClient
  {
    let socket: UnixSocket
    do {
      socket = try UnixSocket.connect(to: path)
    } catch {
      // What is there is no socket (a folder, a file, a device): "connection refused" would
      // send the user looking for an app that never served there.
      if let what = notASocket(path) {
        throw DebugClientError(
          message: "cannot attach: '\(path)' is \(what), not an app's socket. To fix, name the socket an app "
            + "serves on, or its pid or name ('discope attach --list' lists the apps)")
      }
      let hint =
        switch error.code {
        case ENOENT: " (no app serves there: is it running DebugServer.start(container)? 'discope attach --list' lists the apps)"
        case ECONNREFUSED: " (the app that served there is gone)"
        case EACCES, EPERM: " (only the app's own user, or root, may attach)"
        default: ""
        }
      throw DebugClientError(message: "cannot attach: \(error.message)\(hint)")
    }
    var decoder = FrameDecoder()
    let deadline = ContinuousClock.now + .seconds(5)
    var first: ServerMessage?
    while first == nil {
      guard ContinuousClock.now < deadline else {
        socket.close()
        throw DebugClientError(message: "\(path) did not say hello within 5 s: is it a DIScope debug server?")
      }
      guard socket.wait(forReading: true, milliseconds: 200) else { continue }
      let bytes = (try? socket.read()) ?? []
      if bytes.isEmpty {
        socket.close()
        throw DebugClientError(message: "\(path) closed the connection before saying hello")
      }
      decoder.append(bytes)
      do {
        if let payload = try decoder.next() { first = try MessageCoding.decode(ServerMessage.self, from: payload) }
      } catch {
        socket.close()
        throw DebugClientError(message: "\(path) is not a DIScope debug server: \(error)")
      }
    }
    switch first! {
    case .hello(let version, let app):
      guard version == DebugProtocol.version else {
        socket.close()
        throw DebugClientError(
          message: "the app (pid \(app.pid)) speaks debug protocol \(version), this \(clientName) speaks "
            + "\(DebugProtocol.version): use a discope built with the same DIScope version as the app")
      }
      try? socket.write(
        Frame.encode(MessageCoding.encode(ClientMessage.hello(protocolVersion: DebugProtocol.version, client: clientName, asciiOnly: asciiOnly))))
      let client = DebugClient(app: app, socketPath: path, socket: socket)
      let rest = decoder
      DetachedThread.start { [client] in client.readLoop(rest) }
      return client
    case .refused(let reason):
      socket.close()
      throw DebugClientError(message: "the app refused: \(reason)")
    default:
      socket.close()
      throw DebugClientError(message: "\(path) did not start with hello: is it a DIScope debug server?")
    }
  }

  /// Runs one `.dis` command in the app and waits for its outcome. With `site` (where a script
  /// wrote the command), the registrations it makes in the app keep it, as a local session's do.
  public func run(
    _ source: String, at site: RegistrationSite? = nil, timeout: Duration = .seconds(120)
  ) throws(DebugClientError) -> Reply {
    let (id, semaphore) = try request { .run(id: $0, source: source, site: site.map(SiteRecord.init)) }
    _ = semaphore.wait(timeout: .now() + .milliseconds(Int(timeout.components.seconds) * 1000))
    let reply = state.withLock { state -> Reply? in
      state.waiting[id] = nil
      return state.results.removeValue(forKey: id)
    }
    guard let reply else { throw DebugClientError(message: endedReason ?? "the app did not answer within \(timeout)") }
    return reply
  }

  /// Why `service` resolves as it does in the app, a line each (empty when it has no such service).
  public func explain(_ service: String) throws(DebugClientError) -> (title: String, lines: [String]) {
    let (id, semaphore) = try request { .explain(id: $0, service: service) }
    _ = semaphore.wait(timeout: .now() + .seconds(30))
    let reply = state.withLock { state -> (title: String, lines: [String])? in
      state.waiting[id] = nil
      return state.explanations.removeValue(forKey: id)
    }
    guard let reply else { throw DebugClientError(message: endedReason ?? "the app did not answer") }
    return reply
  }

  /// Undoes what this client's session changed in the app, and stays attached: a client that
  /// offers to rebuild what still holds the session's changes (``LeaveReport/rebuildable``) asks
  /// this, then ``rebuild(_:)``, then ``detach(keepChanges:)``.
  public func undoChanges() throws(DebugClientError) -> LeaveReport {
    let (id, semaphore) = try request { .undoChanges(id: $0) }
    _ = semaphore.wait(timeout: .now() + .seconds(30))
    let report = state.withLock { state -> LeaveReport? in
      state.waiting[id] = nil
      return state.undoReports.removeValue(forKey: id)
    }
    guard let report else { throw DebugClientError(message: endedReason ?? "the app did not answer") }
    return report
  }

  /// Asks the app to rebuild `holders` (from ``undoChanges()``'s report); returns what it did, a
  /// line each.
  public func rebuild(_ holders: [HolderToRebuild]) throws(DebugClientError) -> [String] {
    let (id, semaphore) = try request { .rebuild(id: $0, holders: holders) }
    _ = semaphore.wait(timeout: .now() + .seconds(30))
    let lines = state.withLock { state -> [String]? in
      state.waiting[id] = nil
      return state.rebuilt.removeValue(forKey: id)
    }
    guard let lines else { throw DebugClientError(message: endedReason ?? "the app did not answer") }
    return lines
  }

  /// Asks for the stacks again (after events were dropped).
  public func refresh() { send(.refresh) }

  /// Leaves the app: what this client's session changed there is undone, or, with
  /// `keepChanges`, stays. The app goes on. Returns what the app did about the changes; nil when
  /// it did not say within 5 s (the connection was over already, or the app is stuck: it undoes
  /// them all the same once its command queue runs).
  @discardableResult
  public func detach(keepChanges: Bool) -> LeaveReport? {
    if !isEnded { send(.detach(keepChanges: keepChanges)) }
    // The server answers once it has undone the changes, then closes; wait for it, not forever.
    let deadline = ContinuousClock.now + .seconds(5)
    while !isEnded && ContinuousClock.now < deadline { usleepMilliseconds(10) }
    handle.shutdown()
    return state.withLock { $0.leaveReport }
  }

  /// Cuts the connection without detaching, as a client killed would (for tests of what the
  /// app does then).
  func dropConnection() { handle.shutdown() }

  /// Takes what arrived since the last call.
  public func takeUpdates() -> Updates {
    state.withLock { state in
      defer {
        let ended = state.updates.ended
        state.updates = Updates()
        state.updates.ended = ended
      }
      return state.updates
    }
  }

  /// How many messages have arrived so far (a cheap "anything new?").
  public var arrivalCount: Int { arrivals.load(ordering: .relaxed) }

  /// Whether the connection is over.
  public var isEnded: Bool { state.withLock { $0.isEnded } }

  private var endedReason: String? { state.withLock { $0.isEnded ? $0.updates.ended?.description : nil } }

  private func request(_ message: (Int) -> ClientMessage) throws(DebugClientError) -> (Int, DispatchSemaphore) {
    let semaphore = DispatchSemaphore(value: 0)
    let id = state.withLock { state -> Int? in
      guard !state.isEnded else { return nil }
      defer { state.nextID += 1 }
      state.waiting[state.nextID] = semaphore
      return state.nextID
    }
    guard let id else { throw DebugClientError(message: endedReason ?? "the connection is over") }
    send(message(id))
    return (id, semaphore)
  }

  private func send(_ message: ClientMessage) {
    try? handle.write(Frame.encode(MessageCoding.encode(message)))
  }

  private func readLoop(_ decoder: FrameDecoder) {
    var decoder = decoder
    var reason: ConnectionEnd?
    reading: while true {
      do {
        while let payload = try decoder.next() {
          let message = try MessageCoding.decode(ServerMessage.self, from: payload)
          if case .bye(let why) = message {
            reason = .bye(reason: why, pid: app.pid)
          }
          receive(message)
        }
      } catch {
        reason = .unreadable(detail: "\(error)")
        break reading
      }
      let bytes = (try? socket.read()) ?? []
      if bytes.isEmpty { break }
      decoder.append(bytes)
    }
    handle.close()
    let waiting = state.withLock { state -> [DispatchSemaphore] in
      state.isEnded = true
      if state.updates.ended == nil { state.updates.ended = reason ?? .appEnded(pid: app.pid) }
      return Array(state.waiting.values)
    }
    arrivals.add(1, ordering: .relaxed)
    for semaphore in waiting { semaphore.signal() }
  }

  private func receive(_ message: ServerMessage) {
    var wake: DispatchSemaphore?
    state.withLock { state in
      switch message {
      case .events(let events):
        state.updates.events += events
        // Nobody took them (a REPL waiting at its prompt): keep the newest, and say where the
        // rest went, rather than grow for as long as the app runs.
        if state.updates.events.count > Self.maximumHeldEvents {
          let excess = state.updates.events.count - Self.maximumHeldEvents / 2
          state.updates.events.removeFirst(excess)
          state.updates.events.insert(.gap(count: excess), at: 0)
          state.updates.dropped += excess
        }
      case .dropped(let count):
        state.updates.dropped += count
        // In the stream, where they were lost: a trace drops the steps it was waiting on.
        state.updates.events.append(.gap(count: count))
      case .snapshot(let snapshot): state.updates.snapshot = snapshot
      case .completion(let words): state.updates.completion = words
      case .result(let id, let outcome, let completion):
        // Kept only for a caller still waiting (one that timed out would never take it).
        if let waiting = state.waiting[id] {
          state.results[id] = Reply(outcome: outcome, completion: completion)
          wake = waiting
        }
        state.updates.completion = completion
      case .explanation(let id, let title, let lines):
        if let waiting = state.waiting[id] {
          state.explanations[id] = (title, lines)
          wake = waiting
        }
      case .left(let report): state.leaveReport = report
      case .undone(let id, let report):
        if let waiting = state.waiting[id] {
          state.undoReports[id] = report
          wake = waiting
        }
      case .rebuilt(let id, let lines):
        if let waiting = state.waiting[id] {
          state.rebuilt[id] = lines
          wake = waiting
        }
      case .refused(let reason): state.updates.ended = .refused(reason: reason)
      case .bye(let reason): state.updates.ended = .bye(reason: reason, pid: app.pid)
      case .hello: break
      }
    }
    arrivals.add(1, ordering: .relaxed)
    wake?.signal()
  }
}

func usleepMilliseconds(_ milliseconds: Int) {
  var time = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
  nanosleep(&time, nil)
}
