/// The services the workloads resolve. Plain final classes: every system builds the same objects,
/// so what differs between rows is the container, never the work a constructor does.

/// W1, W3, W5: a service resolved as a cached singleton, and the type a mock replaces.
final class Logger: Sendable {
  /// Tells the registered instance from a mock in a quick self-check.
  let isMock: Bool
  init(isMock: Bool = false) { self.isMock = isMock }
}

/// W2, W6: the singleton at the bottom of the chain.
final class Database: Sendable {}

/// W2, W6: a prototype over the singleton.
final class Repository: Sendable {
  let database: Database
  init(database: Database) { self.database = database }
}

/// W2, W6: a prototype over a prototype.
final class Interactor: Sendable {
  let repository: Repository
  init(repository: Repository) { self.repository = repository }
}

/// W2, W6: the service asked for: three prototypes over a singleton, constructor injection.
final class Presenter: Sendable {
  let interactor: Interactor
  init(interactor: Interactor) { self.interactor = interactor }
}

/// The graph-scope memory check: a diamond, so one resolve shares `GraphLeaf` between two paths
/// and the graph scope has something to remember for the length of the resolve.
final class GraphLeaf: Sendable {}

final class GraphLeft: Sendable {
  let leaf: GraphLeaf
  init(leaf: GraphLeaf) { self.leaf = leaf }
}

final class GraphRight: Sendable {
  let leaf: GraphLeaf
  init(leaf: GraphLeaf) { self.leaf = leaf }
}

final class GraphRoot: Sendable {
  let left: GraphLeft
  let right: GraphRight
  init(left: GraphLeft, right: GraphRight) {
    self.left = left
    self.right = right
  }
}

/// W8: a request's own values.
final class RequestID: Sendable {
  let value: Int
  init(_ value: Int) { self.value = value }
}
final class User: Sendable {}

/// W8: the request's graph of four, over the parent's `Database`.
final class RequestRepository: Sendable {
  let database: Database
  let user: User
  init(database: Database, user: User) {
    self.database = database
    self.user = user
  }
}
final class AuditLog: Sendable {
  let requestID: RequestID
  init(requestID: RequestID) { self.requestID = requestID }
}
final class RequestContext: Sendable {
  let requestID: RequestID
  let user: User
  init(requestID: RequestID, user: User) {
    self.requestID = requestID
    self.user = user
  }
}
final class RequestHandler: Sendable {
  let context: RequestContext
  let repository: RequestRepository
  let audit: AuditLog
  init(context: RequestContext, repository: RequestRepository, audit: AuditLog) {
    self.context = context
    self.repository = repository
    self.audit = audit
  }
}

/// W9: a chain of four, every link graph-scoped: D over C over B over A.
final class GraphChainA: Sendable {}
final class GraphChainB: Sendable {
  let a: GraphChainA
  init(a: GraphChainA) { self.a = a }
}
final class GraphChainC: Sendable {
  let b: GraphChainB
  init(b: GraphChainB) { self.b = b }
}
final class GraphChainD: Sendable {
  let c: GraphChainC
  init(c: GraphChainC) { self.c = c }
}
