import DIScope
import Foundation
import TestSupport
import Testing

/// A request's child resolves what it did not register through its parent's per-thread entries,
/// and its own changes leave the parent's entries alone: these check that the shortcut never
/// answers what a lookup would not.
@Suite("Request scopes: a child follows its parent's entries")
struct RequestScopeTests {
  @Test func aChildThatRegistersATypeAfterResolvingItThroughItsParentAnswersWithItsOwn() throws {
    let parent = Container()
    parent.register((any Logger).self) { _ in ConsoleLogger() }
    #expect(try parent.resolve((any Logger).self).label == "console")
    let child = parent.makeChild()
    #expect(try child.resolve((any Logger).self).label == "console", "through the parent's entry")
    child.register((any Logger).self) { _ in NullLogger() }
    #expect(try child.resolve((any Logger).self).label == "null")
    #expect(try parent.resolve((any Logger).self).label == "console")
  }

  /// Past the types a child tracks one by one, every type counts as its own: still right.
  @Test func aChildWithManyTypesOfItsOwnStillSeesEachOfThemAndItsParents() throws {
    let parent = Container()
    parent.register((any Logger).self) { _ in ConsoleLogger() }
    parent.register(Db.self) { _ in Db() }
    let db = try parent.resolve(Db.self)
    let child = parent.makeChild()
    child.register(ContentCache.self) { _ in ContentCache() }
    child.register(RequestID.self) { _ in RequestID("r") }
    child.register(Connection.self) { _ in Connection() }
    child.register(EventLog.self) { _ in EventLog() }
    #expect(try child.resolve(Db.self) === db)
    child.register((any Logger).self) { _ in FileLogger() }  // the fifth
    #expect(try child.resolve((any Logger).self).label == "file")
    #expect(try child.resolve(Db.self) === db)
    #expect(try child.resolve(RequestID.self).value == "r")
  }

  /// A child's own entry for a type it registered and removed routes to its parent's
  /// registration: a change to the parent must reach it, though the child changed nothing.
  @Test func aParentsChangeReachesAChildsOwnEntryForTheParentsRegistration() throws {
    let parent = Container()
    parent.register((any Logger).self) { _ in ConsoleLogger() }
    let child = parent.makeChild()
    let token = child.register((any Logger).self) { _ in NullLogger() }
    child.remove(token)
    #expect(try child.resolve((any Logger).self).label == "console")
    #expect(try child.resolve((any Logger).self).label == "console", "from its own entry now")
    parent.register((any Logger).self) { _ in FileLogger() }
    #expect(try child.resolve((any Logger).self).label == "file")
  }

  @Test func aChildsChangesLeaveWhatItsParentResolvesAlone() throws {
    let parent = Container()
    parent.register(Db.self) { _ in Db() }
    parent.register(WebService.self, scope: .prototype) { r in
      WebService(logger: try r.resolve((any Logger).self))
    }
    parent.register((any Logger).self) { _ in ConsoleLogger() }
    let db = try parent.resolve(Db.self)
    let child = parent.makeChild()
    child.register((any Logger).self) { _ in NullLogger() }
    #expect(try child.resolve(WebService.self).logger.label == "null", "built in the child")
    #expect(try parent.resolve(WebService.self).logger.label == "console")
    #expect(try parent.resolve(Db.self) === db)
    #expect(try child.resolve(Db.self) === db)
  }

  @Test func aShutDownChildResolvesNothingEvenWhatItsParentAnswers() throws {
    let parent = Container()
    parent.register(Db.self) { _ in Db() }
    let child = parent.makeChild()
    #expect(try child.resolve(Db.self) === (try parent.resolve(Db.self)))
    try child.shutdownSynchronously()
    #expect(throws: ResolutionError.self) { try child.resolve(Db.self) }
    #expect(throws: Never.self) { try parent.resolve(Db.self) }
  }

  /// A grandchild resolving a grandparent's type after its parent shut down must not leave an
  /// entry by which the shut-down parent would answer again.
  @Test func aGrandchildNeverReopensItsShutDownParent() throws {
    let root = Container()
    root.register(Db.self) { _ in Db() }
    let parent = root.makeChild()
    let child = parent.makeChild()
    _ = try child.resolve(Db.self)
    try parent.shutdownSynchronously()
    #expect(throws: ResolutionError.self) { try parent.resolve(Db.self) }
    _ = try? child.resolve(Db.self)
    #expect(throws: ResolutionError.self) { try parent.resolve(Db.self) }
  }

  /// Whether a type has something to dispose is remembered per class: a subclass that is
  /// `Disposable` under a base that is not is disposed, the base alone is not.
  @Test func disposalIsDecidedByTheInstancesOwnClassEveryTime() throws {
    let log = Locked<[String]>([])
    for round in 0..<3 {
      let child = Container().makeChild()
      child.register(PlainBase.self, name: "plain") { _ in PlainBase() }
      child.register(PlainBase.self, name: "disposable") { _ in DisposableSub(log: log) }
      _ = try child.resolve(PlainBase.self, name: "plain")
      _ = try child.resolve(PlainBase.self, name: "disposable")
      try child.shutdownSynchronously()
      #expect(log.withLock { $0.count } == round + 1)
    }
  }

  /// Requests on several threads at once, each a child of one app: each sees its own values,
  /// the app's singleton is built once, and each child disposes only what it built.
  @Test func concurrentRequestsEachSeeTheirOwnValues() throws {
    let app = Container()
    let built = Locked(0)
    app.register(Connection.self) { _ in
      built.withLock { $0 += 1 }
      return Connection()
    }
    app.register(Handler.self, scope: .prototype) { r in
      Handler(connection: try r.resolve(Connection.self), id: try r.resolve(RequestID.self))
    }
    let failures = Locked<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for request in 0..<300 {
        let child = app.makeChild(named: "request")
        let id = "\(thread)-\(request)"
        child.register(RequestID.self) { _ in RequestID(id) }
        do {
          let handler = try child.resolve(Handler.self)
          if handler.id.value != id { failures.withLock { $0.append("\(id) saw \(handler.id.value)") } }
          try child.shutdownSynchronously()
        } catch {
          failures.withLock { $0.append("\(id): \(error)") }
        }
      }
    }
    #expect(failures.withLock { $0 }.isEmpty)
    #expect(built.withLock { $0 } == 1)
    #expect(try !app.resolve(Connection.self).closed.withLock { $0 }, "the app's, not a request's")
  }
}

/// `register(_:value:)`: a value given as it is, answered as a singleton of its container.
@Suite("Registering a value")
struct RegisteredValueTests {
  @Test func aValueAnswersItselfAndStacksLikeAnyRegistration() throws {
    let parent = Container()
    parent.register(RequestID.self) { _ in RequestID("parent") }
    let child = parent.makeChild()
    let id = RequestID("r-1")
    let token = child.register(RequestID.self, value: id)
    #expect(try child.resolve(RequestID.self) === id)
    #expect(try child.resolve(RequestID.self) === id)
    child.register(Int.self, name: "attempt", value: 3)
    #expect(try child.resolve(Int.self, name: "attempt") == 3)
    #expect(child.remove(token))
    #expect(try child.resolve(RequestID.self).value == "parent")
  }

  @Test func aValueIsTheCallersAndIsNeverDisposed() throws {
    let child = Container().makeChild()
    let connection = Connection()
    child.register(Connection.self, value: connection)
    #expect(try child.resolve(Connection.self) === connection)
    try child.shutdownSynchronously()
    #expect(!connection.closed.withLock { $0 })
  }

  @Test func observersSeeARegistrationNotAMock() throws {
    let events = EventLog()
    let container = Container()
    let observation = container.observe { events.append($0) }
    defer { observation.cancel() }
    container.register(RequestID.self, value: RequestID("r-2"))
    #expect(try container.resolve(RequestID.self).value == "r-2")
    #expect(events.all.contains { if case .registered = $0 { true } else { false } })
    #expect(!events.all.contains { if case .mockPushed = $0 { true } else { false } })
    #expect(events.steps.count == 1)
  }
}

/// `@unchecked Sendable`: it has no state (a non-final class cannot be checked `Sendable`).
class PlainBase: @unchecked Sendable {}
/// `@unchecked Sendable`: its only state is a `Locked` log.
final class DisposableSub: PlainBase, Disposable, @unchecked Sendable {
  let log: Locked<[String]>
  init(log: Locked<[String]>) { self.log = log }
  func dispose() throws { log.withLock { $0.append("disposed") } }
}
