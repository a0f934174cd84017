import DIScope
import Foundation
import TestSupport
import Testing

/// A child keeps its plain values as they are, not as registrations, until something reads its
/// stacks: these check that nothing a user can see tells the difference (tokens, order, instance
/// numbers, removal, shutdown, lifetime), and that making them registrations while other threads
/// read them is safe.
@Suite("Inline values: a child's values become registrations only when read as such")
struct InlineValueTests {
  @Test func valuesShowInTheirPlaceAmongTheChildsRegistrations() throws {
    let child = Container().makeChild(named: "request")
    let id = child.register(RequestID.self, value: RequestID("r-1"))
    let connection = child.register(Connection.self) { _ in Connection() }
    let user = child.register(Int.self, value: 7)
    #expect(id < connection && connection < user, "tokens count on across values and factories")

    let stacks = child.stacks
    #expect(stacks.map(\.key) == [ServiceKey(RequestID.self), ServiceKey(Connection.self), ServiceKey(Int.self)])
    let idInfo = try #require(child.registration(id))
    #expect(idInfo.scope == .singleton && idInfo.isCaching && !idInfo.isMock)
    #expect(idInfo.cachedInstanceNumber != nil, "a value is cached as it is pushed")
    #expect(child.registration(user)?.cachedInstanceNumber != nil)
    #expect(child.registration(connection)?.cachedInstanceNumber == nil, "a factory builds on demand")
    #expect(try child.resolve(Int.self) == 7)
  }

  @Test func aValueIsNumberedWhenItIsPushedNotWhenItIsFirstShown() throws {
    let app = Container()
    app.register(Db.self) { _ in Db() }
    let child = app.makeChild()
    let token = child.register(RequestID.self, value: RequestID("early"))
    _ = try child.resolve(Db.self)  // built after the value was pushed
    let db = try #require(app.answeringRegistration(for: ServiceKey(Db.self))?.cachedInstanceNumber)
    let value = try #require(child.registration(token)?.cachedInstanceNumber)
    #expect(value < db)
  }

  @Test func anInlineValueIsRemovedByItsToken() throws {
    let app = Container()
    let parentID = RequestID("parent")
    app.register(RequestID.self, value: parentID)
    let child = app.makeChild()
    let token = child.register(RequestID.self, value: RequestID("child"))
    #expect(try child.resolve(RequestID.self).value == "child")
    #expect(child.remove(token))
    #expect(try child.resolve(RequestID.self) === parentID, "the parent's answers again")
    #expect(!child.remove(token), "only once")
    #expect(child.registrations(of: ServiceKey(RequestID.self)).isEmpty)
  }

  @Test func aShutDownChildShowsItsValuesUncached() throws {
    let child = Container().makeChild()
    let token = child.register(RequestID.self, value: RequestID("r"))
    try child.shutdownSynchronously()
    let info = try #require(child.registration(token), "still registered")
    #expect(info.cachedInstanceNumber == nil, "a shutdown lets go of every value")
    #expect(throws: ResolutionError.self) { try child.resolve(RequestID.self) }
  }

  @Test func anErrorAboutAValueNamesItsRegistration() throws {
    let app = Container()
    app.register(Handler.self, scope: .prototype) { r in
      Handler(connection: try r.resolve(Connection.self), id: try r.resolve(RequestID.self))
    }
    let child = app.makeChild(named: "request")
    child.register(RequestID.self, value: RequestID("r"))
    let error = try #require(throws: ResolutionError.self) { try child.resolve(Handler.self) }
    #expect(error.key == ServiceKey(Connection.self), "the missing one, not the inline value")
    #expect(try child.resolve(RequestID.self).value == "r")
  }

  @Test(arguments: [false, true])
  func aValueLivesAsLongAsTheChildAndNoLonger(madeARegistration: Bool) throws {
    weak var weakValue: RequestID?
    var child: Container? = Container().makeChild()
    do {
      let value = RequestID("held")
      weakValue = value
      child!.register(RequestID.self, value: value)
    }
    if madeARegistration { _ = child!.stacks }
    #expect(try child!.resolve(RequestID.self) === weakValue)
    #expect(weakValue != nil, "the child holds it")
    child = nil
    #expect(weakValue == nil, "and lets go of it when it goes")
  }

  /// Threads resolve a child's values while another reads its stacks, which makes the values
  /// registrations under their feet: every resolve answers the value pushed (run under the thread
  /// sanitizer by `Scripts/test`).
  @Test func valuesMadeRegistrationsWhileThreadsResolveThem() throws {
    let app = Container()
    app.register(Handler.self, scope: .prototype) { r in
      Handler(connection: try r.resolve(Connection.self), id: try r.resolve(RequestID.self))
    }
    let failures = Locked<[String]>([])
    for round in 0..<200 {
      let child = app.makeChild(named: "request-\(round)")
      let id = RequestID("r-\(round)")
      let connection = Connection()
      child.register(RequestID.self, value: id)
      child.register(Connection.self, value: connection)
      DispatchQueue.concurrentPerform(iterations: 3) { thread in
        if thread == 0 {
          if child.stacks.count != 2 { failures.withLock { $0.append("stacks of round \(round)") } }
          return
        }
        for _ in 0..<50 {
          do {
            let handler = try child.resolve(Handler.self)
            if handler.id !== id || handler.connection !== connection {
              failures.withLock { $0.append("round \(round) answered another value") }
            }
          } catch {
            failures.withLock { $0.append("\(error)") }
          }
        }
      }
    }
    #expect(failures.withLock { $0 }.isEmpty)
  }
}
