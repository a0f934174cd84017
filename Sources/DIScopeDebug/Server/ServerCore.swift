import DIScope
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
  private let logger: @Sendable (String) -> Void
  private let clients = Guarded<[Int: ClientConnection]>([:])
  private let nextClient = Atomic<Int>(1)

  init(container: Container, identity: AppIdentity, helloTimeout: Duration, log: @escaping @Sendable (String) -> Void) {
    self.container = container
    self.identity = identity
    isReadOnly = identity.isReadOnly
    self.helloTimeout = helloTimeout
    logger = log
  }

  func log(_ message: String) { logger(message) }

  func add(socket: UnixSocket) {
    let id = nextClient.wrappingAdd(1, ordering: .relaxed).oldValue
    let connection = ClientConnection(id: id, socket: socket, server: self)
    clients.withLock { $0[id] = connection }
    connection.start()
  }

  func remove(_ connection: ClientConnection) {
    _ = clients.withLock { $0.removeValue(forKey: connection.id) }
  }

  var clientCount: Int { clients.withLock { $0.count } }

  func stopAll(reason: String) {
    for client in clients.withLock({ Array($0.values) }) { client.stop(reason: reason) }
  }
}
