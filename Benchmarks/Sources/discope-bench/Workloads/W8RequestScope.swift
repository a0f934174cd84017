import BenchmarkHarness
import DIScope
import Swinject

/// W8: a request scope. Make a child container, register the request's two values (its id and
/// its user) in it, resolve a graph of four services that uses them and a singleton of the
/// parent, and release the child (disposing what it built).
enum RequestScope {
  /// The app: its database, and the request's graph of four over the request's values.
  static func app() -> DIScope.Container {
    let app = DIScope.Container()
    app.register(Database.self) { _ in Database() }
    app.register(RequestRepository.self, scope: .graph) { r in
      RequestRepository(database: try r.resolve(Database.self), user: try r.resolve(User.self))
    }
    app.register(AuditLog.self, scope: .graph) { r in AuditLog(requestID: try r.resolve(RequestID.self)) }
    app.register(RequestContext.self, scope: .graph) { r in
      RequestContext(requestID: try r.resolve(RequestID.self), user: try r.resolve(User.self))
    }
    app.register(RequestHandler.self, scope: .prototype) { r in
      RequestHandler(
        context: try r.resolve(RequestContext.self), repository: try r.resolve(RequestRepository.self),
        audit: try r.resolve(AuditLog.self))
    }
    return app
  }

  static func workload() -> Workload {
    let app = app()

    let database = Database()  // the hand-written app's one shared database

    let swinject = Swinject.Container()
    swinject.register(Database.self) { _ in Database() }.inObjectScope(.container)
    swinject.register(RequestRepository.self) { r in
      RequestRepository(database: r.resolve(Database.self)!, user: r.resolve(User.self)!)
    }.inObjectScope(.graph)
    swinject.register(AuditLog.self) { r in AuditLog(requestID: r.resolve(RequestID.self)!) }
      .inObjectScope(.graph)
    swinject.register(RequestContext.self) { r in
      RequestContext(requestID: r.resolve(RequestID.self)!, user: r.resolve(User.self)!)
    }.inObjectScope(.graph)
    swinject.register(RequestHandler.self) { r in
      RequestHandler(
        context: r.resolve(RequestContext.self)!, repository: r.resolve(RequestRepository.self)!,
        audit: r.resolve(AuditLog.self)!)
    }.inObjectScope(.transient)

    return Workload(
      id: "W8", title: "request scope: a child, two request values, a graph of four, released",
      notes: [
        "hand-written: the request's values and four objects made by hand over one shared Database.",
        "DIScope: `makeChild`, the request's two values registered with `register(_:value:)` (the "
          + "documented idiom for a request's values), `resolve`, `shutdownSynchronously()` (disposes "
          + "what the child built), and the child released.",
        "Swinject: `Container(parent:)`, two `register`s, `resolve` (a child container cannot be "
          + "shut down: nothing is disposed).",
      ],
      contenders: [
        Contender(SystemLabel.handWritten, role: .baseline) { iterations, sink in
          for request in 0..<iterations {
            let id = RequestID(request)
            let user = User()
            let handler = RequestHandler(
              context: RequestContext(requestID: id, user: user),
              repository: RequestRepository(database: database, user: user), audit: AuditLog(requestID: id))
            sink.consume(handler)
          }
        },
        Contender(SystemLabel.discope, role: .subject) { iterations, sink in
          for request in 0..<iterations {
            let child = app.makeChild(named: "request")
            let id = RequestID(request)
            let user = User()
            child.register(RequestID.self, value: id)
            child.register(User.self, value: user)
            sink.consume(try child.resolve(RequestHandler.self))
            try child.shutdownSynchronously()
          }
        },
        Contender(SystemLabel.swinjectChild, role: .rival) { iterations, sink in
          for request in 0..<iterations {
            let child = Swinject.Container(parent: swinject)
            let id = RequestID(request)
            let user = User()
            child.register(RequestID.self) { _ in id }
            child.register(User.self) { _ in user }
            sink.consume(child.resolve(RequestHandler.self)!)
          }
        },
      ])
  }
}
