import DIScope
import DIScopeLocked
import DisScript
import Dispatch
import Synchronization

/// What a server's connections share: the container, the app's identity, the command queue and
/// the list of clients.
final class ServerCore: Sendable {
  let container: Container
  let identity: AppIdentity
  let isReadOnly: Bool
  /// Commands from every client run here, one at a time.
  let commands = DispatchQueue(label: "discope.debug.commands")
  let helloTimeout: Duration
  /// The app's events for every client: one observer of the container while any is attached.
  let events: ServerEvents
  private let logger: @Sendable (String) -> Void
  private let clients = Locked<[Int: ClientConnection]>([:])
  private let nextClient = Atomic<Int>(1)

  init(container: Container, identity: AppIdentity, helloTimeout: Duration, log: @escaping @Sendable (String) -> Void) {
    self.container = container
    self.identity = identity
    isReadOnly = identity.isReadOnly
    self.helloTimeout = helloTimeout
    events = ServerEvents(container: container)
    logger = log
  }

  func log(_ message: String) { logger(message) }

  /// The journals of the sessions attached now, by client: a session leaving asks them about a
  /// registration it pushed that another session removed (see `SessionJournal.undo(others:)`).
  let journals = LiveJournals()

  /// Serves a client, unless the server has stopped (a connection accepted as `stop()` ran)
  /// or serves as many clients as it will; returns why not.
  func add(socket: UnixSocket) -> String? {
    let id = nextClient.wrappingAdd(1, ordering: .relaxed).oldValue
    let connection = ClientConnection(id: id, socket: socket, server: self)
    let refusal = clients.withLock { clients -> String? in
      if isStopped { return "the server is stopping" }
      if clients.count >= Self.maximumClients { return "\(Self.maximumClients) clients are attached already" }
      clients[id] = connection
      return nil
    }
    if refusal == nil { connection.start() }
    return refusal
  }

  /// How many clients may be attached at once: each holds two threads and a descriptor of the
  /// app's.
  static let maximumClients = 16
  /// Set by `stopAll`, under the clients' lock, so that no client is added after it.
  nonisolated(unsafe) private var isStopped = false

  func remove(_ connection: ClientConnection) {
    _ = clients.withLock { $0.removeValue(forKey: connection.id) }
  }

  var clientCount: Int { clients.withLock { $0.count } }

  func stopAll(reason: String) {
    let all = clients.withLock { clients -> [ClientConnection] in
      isStopped = true
      return Array(clients.values)
    }
    for client in all { client.stop(reason: reason) }
  }
}
