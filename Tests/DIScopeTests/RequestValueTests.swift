import DIScope
import Foundation
import TestSupport
import Testing

/// A child's own values (`register(_:value:)`) are answered from where the child keeps them, with
/// no lock and no per-thread entry: these check that the shortcut answers exactly what the stacks
/// would, through every change to them, from any thread.
@Suite("Request values: a child's own values answered in place")
struct RequestValueTests {
  @Test func aValueFollowsEveryChangeToItsStack() throws {
    let child = Container().makeChild(named: "request")
    let first = RequestID("first")
    let value = child.register(RequestID.self, value: first)
    #expect(try child.resolve(RequestID.self) === first)

    let factory = child.register(RequestID.self) { _ in RequestID("factory") }
    #expect(try child.resolve(RequestID.self).value == "factory", "a factory pushed over it")
    child.remove(factory)
    #expect(try child.resolve(RequestID.self) === first, "uncovered again")

    let mock = RequestID("mock")
    let mockToken = child.mock(RequestID.self, with: mock)
    #expect(try child.resolve(RequestID.self) === mock)
    child.remove(mockToken)
    #expect(try child.resolve(RequestID.self) === first)

    let second = RequestID("second")
    let secondToken = child.register(RequestID.self, value: second)
    #expect(try child.resolve(RequestID.self) === second, "a value over a value")
    child.remove(value)
    #expect(try child.resolve(RequestID.self) === second, "removing the one below changes nothing")
    child.remove(secondToken)
    #expect(throws: ResolutionError.self) { try child.resolve(RequestID.self) }
  }

  @Test func aValueAnswersThroughScopeAndCachingChangesAsTheStackDoes() throws {
    let child = Container().makeChild()
    let id = RequestID("r")
    let token = child.register(RequestID.self, value: id)
    #expect(try child.resolve(RequestID.self) === id)
    child.setCaching(false, for: token)
    #expect(try child.resolve(RequestID.self) === id)
    try child.setScope(.prototype, for: token)
    #expect(try child.resolve(RequestID.self) === id)
  }

  @Test func valuesOfEveryKindReadBackAsThemselves() throws {
    let child = Container().makeChild()
    child.register(Int.self, value: 42)
    child.register(String.self, value: String(repeating: "long enough not to fit inline ", count: 3))
    child.register((any Logger).self, value: FileLogger())
    child.register([Int].self, value: [1, 2, 3])
    #expect(try child.resolve(Int.self) == 42)
    #expect(try child.resolve(String.self).hasPrefix("long enough"))
    #expect(try child.resolve((any Logger).self).label == "file")
    #expect(try child.resolve([Int].self) == [1, 2, 3], "a fifth type: past the tracked ones")
    #expect(try child.resolve(Int.self) == 42)
  }

  @Test func aNamedValueAndABareOneAreDifferentKeys() throws {
    let child = Container().makeChild()
    child.register(RequestID.self, value: RequestID("bare"))
    child.register(RequestID.self, name: "trace", value: RequestID("named"))
    #expect(try child.resolve(RequestID.self).value == "bare")
    #expect(try child.resolve(RequestID.self, name: "trace").value == "named")
  }

  @Test func aGrandchildSeesItsParentsValueUnlessItHasItsOwn() throws {
    let app = Container()
    let request = app.makeChild(named: "request")
    let id = RequestID("request")
    request.register(RequestID.self, value: id)
    let task = request.makeChild(named: "task")
    #expect(try task.resolve(RequestID.self) === id)
    let own = RequestID("task")
    task.register(RequestID.self, value: own)
    #expect(try task.resolve(RequestID.self) === own)
    #expect(try request.resolve(RequestID.self) === id)
  }

  @Test func aShutDownChildRefusesItsOwnValues() throws {
    let child = Container().makeChild(named: "request")
    child.register(RequestID.self, value: RequestID("r"))
    #expect(try child.resolve(RequestID.self).value == "r")
    try child.shutdownSynchronously()
    let error = #expect(throws: ResolutionError.self) { try child.resolve(RequestID.self) }
    #expect(error.map { "\($0)" }?.contains("shut down") == true)
  }

  @Test func validationAndObserversStillSeeEveryValueStep() throws {
    let app = Container()
    app.register(Handler.self, scope: .prototype) { r in
      Handler(connection: try r.resolve(Connection.self), id: try r.resolve(RequestID.self))
    }
    let child = app.makeChild()
    child.register(Connection.self, value: Connection())
    child.register(RequestID.self, value: RequestID("v"))
    #expect(child.validate().isEmpty)
    let events = EventLog()
    let observation = child.observe { events.append($0) }
    defer { observation.cancel() }
    _ = try child.resolve(Handler.self)
    #expect(events.steps.count == 3, "the handler and both values it resolved")
  }

  /// One thread keeps pushing and removing values over a child's type while others resolve it:
  /// each resolve answers one of the values that was live, and nothing is read after it is freed
  /// (run under the thread sanitizer by `Scripts/test`).
  @Test func resolvesRacingValueChangesAnswerALiveValue() throws {
    let child = Container().makeChild(named: "request")
    let base = RequestID("base")
    child.register(RequestID.self, value: base)
    let done = Locked(false)
    let failures = Locked<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 3) { thread in
      if thread == 0 {
        for round in 0..<2_000 {
          let token = child.register(RequestID.self, value: RequestID("pushed-\(round)"))
          if round.isMultiple(of: 3) {
            let over = child.register(RequestID.self) { _ in RequestID("factory") }
            child.remove(over)
          }
          child.remove(token)
        }
        done.withLock { $0 = true }
        return
      }
      while !done.withLock({ $0 }) {
        do {
          let value = try child.resolve(RequestID.self).value
          if !(value == "base" || value == "factory" || value.hasPrefix("pushed-")) {
            failures.withLock { $0.append(value) }
          }
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }
    }
    #expect(failures.withLock { $0 }.isEmpty)
    #expect(try child.resolve(RequestID.self) === base)
  }

  @Test func aValueRegisteredAfterTheShutdownIsRefusedAllTheSame() throws {
    let child = Container().makeChild(named: "request")
    try child.shutdownSynchronously()
    child.register(RequestID.self, value: RequestID("late"))
    #expect(throws: ResolutionError.self) { try child.resolve(RequestID.self) }
  }

  @Test func aMockPushedAfterTheShutdownIsRefusedAllTheSame() throws {
    let container = Container()
    try container.shutdownSynchronously()
    container.mock(Db.self, with: Db())
    #expect(throws: ResolutionError.self) { try container.resolve(Db.self) }
  }
}
