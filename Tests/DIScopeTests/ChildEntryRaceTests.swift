import DIScope
import Foundation
import TestSupport
import Testing

/// A child resolves what it did not register through its parent's per-thread entries (see
/// `entryOwner(for:)`). Those entries may only ever remember what the parent itself answers: not
/// a registration the child made since — in order on one thread, or racing the resolve on another.
@Suite("A child's registrations never answer from its parent's entries")
struct ChildEntryRaceTests {
  final class Tagged: Sendable {
    let tag: String
    init(_ tag: String) { self.tag = tag }
  }

  enum Order: String, CaseIterable, Sendable {
    case resolveThenRegister, registerThenResolve, registerOnly, parentFirst
  }

  @Test(arguments: Order.allCases)
  func onOneThread(order: Order) throws {
    let app = Container()
    app.register(Tagged.self, scope: .prototype) { _ in Tagged("app") }
    for round in 0..<4 {
      // A change in the app: its entries are all looked up again.
      app.register(Int.self, name: "bump", value: round)
      let child = app.makeChild()
      switch order {
      case .resolveThenRegister:
        #expect(try child.resolve(Tagged.self).tag == "app")
        child.register(Tagged.self, scope: .prototype) { _ in Tagged("child") }
      case .registerThenResolve:
        child.register(Tagged.self, scope: .prototype) { _ in Tagged("child") }
        #expect(try child.resolve(Tagged.self).tag == "child")
      case .registerOnly:
        child.register(Tagged.self, scope: .prototype) { _ in Tagged("child") }
      case .parentFirst:
        #expect(try app.resolve(Tagged.self).tag == "app")
        child.register(Tagged.self, scope: .prototype) { _ in Tagged("child") }
      }
      #expect(try child.resolve(Tagged.self).tag == "child", "round \(round)")
      #expect(try app.resolve(Tagged.self).tag == "app", "round \(round)")
      #expect(try app.resolve(Tagged.self).tag == "app", "round \(round), routed")
    }
  }

  /// Thread A resolves the app's service from a fresh child while thread B registers that
  /// service in the child. Whichever A gets, the app answers with its own registration after.
  @Test(arguments: [Scope.prototype, .singleton, .weak])
  func aRegistrationRacingAResolveInTheChild(scope: Scope) async throws {
    let app = Container()
    app.register(Tagged.self, scope: scope) { _ in Tagged("app") }
    let rounds = scope == .prototype ? 3_000 : 1_000
    let wrong = Locked<[String]>([])
    // A and B take turns: B registers in round r's child when `turn` is 2r + 1; A's resolve may
    // run before, during or after that.
    let turn = Locked(0)
    let current = Locked<Container?>(nil)
    let b = Thread {
      for round in 0..<rounds {
        while turn.withLock({ $0 }) != 2 * round + 1 {}
        let child = current.withLock { $0 }!
        child.register(Tagged.self, scope: scope) { r in
          _ = try r.resolve(Int.self, name: "bump")
          return Tagged("child")
        }
        turn.withLock { $0 += 1 }
      }
    }
    let finished = Locked(false)
    let a = Thread {
      for round in 0..<rounds {
        app.register(Int.self, name: "bump", value: round)
        do {
          let child = app.makeChild()
          current.withLock { $0 = child }
          turn.withLock { $0 += 1 }
          _ = try? child.resolve(Tagged.self)
          while turn.withLock({ $0 }) != 2 * round + 2 {}
          current.withLock { $0 = nil }
        }
        // The child is gone (a singleton of its own with it); the app's own answers.
        let tag = (try? app.resolve(Tagged.self))?.tag ?? "nothing"
        if tag != "app" { wrong.withLock { $0.append("round \(round): \(tag)") } }
      }
      finished.withLock { $0 = true }
    }
    b.start()
    a.start()
    while !finished.withLock({ $0 }) { try await Task.sleep(nanoseconds: 5_000_000) }
    #expect(wrong.withLock { $0 }.isEmpty, "the app answered with a child's registration")
  }
}
