import DIScope
import Synchronization
import Testing

// The examples of Sources/DIScope/DIScope.docc/RequestScopesAndDisposal.md, compiled and run.
@Suite("Article: Request scopes and disposal")
struct RequestScopeArticle {
  // --- DOCC: disposal-types ---
  final class Pool: Disposable, Sendable {
    let isClosed = Mutex(false)
    func dispose() { isClosed.withLock { $0 = true } }          // called once, at shutdown
  }

  struct RequestID: Sendable { let value: String }

  final class Handler: Sendable {
    let pool: Pool, id: RequestID
    init(pool: Pool, id: RequestID) { (self.pool, self.id) = (pool, id) }
    func handle() -> String { "handled \(id.value)" }
  }
  // --- end ---

  final class Socket: Sendable {
    let isOpen = Mutex(true)
    func close() { isOpen.withLock { $0 = false } }
  }

  @Test func aRequestIsAChildShutDownWhenItsBodyReturns() async throws {
    // --- DOCC: request-scope ---
    let app = Container(name: "app")
    app.register(Pool.self) { _ in Pool() }
    app.register(Handler.self, scope: .prototype) { r in
      Handler(pool: try r.resolve(Pool.self), id: try r.resolve(RequestID.self))
    }
    app.declareSuppliedByChildren(RequestID.self)                 // validate() knows who supplies it
    let answer = try await app.withChild(named: "request") { request in
      request.register(RequestID.self, value: RequestID(value: "r-1"))
      return try request.resolve(Handler.self).handle()
    }                                                             // the request shut down here
    #expect(answer == "handled r-1")
    let pool = try app.resolve(Pool.self)
    try await app.shutdown()                                      // disposes Pool, newest first
    #expect(pool.isClosed.withLock { $0 })
    // --- end ---
    #expect(app.isShutDown)
  }

  @Test func aDisposeClosureForATypeYouDoNotOwn() async throws {
    let container = Container()
    // --- DOCC: dispose-closure ---
    container.register(Socket.self, dispose: { $0.close() }) { _ in Socket() }
    let socket = try container.resolve(Socket.self)
    try await container.shutdown()
    #expect(!socket.isOpen.withLock { $0 })
    // --- end ---
  }
}
