import DIScope
import Synchronization
import TestSupport
import Testing

/// `liveChildren`: the children alive now, listed from their first change (or as made while the
/// family is observed), held by none.
@Suite struct LiveChildrenTests {
  typealias Tally = AliveTally
  typealias RequestObject = TalliedObject

  @Test func childrenMadeWhileObservedAreListedUntilTheyGo() throws {
    let app = Container(name: "app")
    let unwatched = app.makeChild(named: "before")
    let observation = app.observe { _ in }
    defer { observation.cancel() }
    var first: Container? = app.makeChild(named: "request")
    let second = app.makeChild(named: "request")
    let grandchild = second.makeChild(named: "task")
    #expect(app.liveChildren.map(\.number) == [first!.number, second.number, grandchild.number])
    #expect(second.liveChildren.map(\.name) == ["task"])
    #expect(grandchild.liveChildren.isEmpty)
    first = nil
    #expect(app.liveChildren.map(\.number) == [second.number, grandchild.number])
    withExtendedLifetime(unwatched) {}
  }

  @Test func aShutDownChildIsNotListed() throws {
    let app = Container(name: "app")
    let observation = app.observe { _ in }
    defer { observation.cancel() }
    let request = app.makeChild(named: "request")
    try request.shutdownSynchronously()
    #expect(app.liveChildren.isEmpty)
  }

  @Test func listingKeepsNoChildNorWhatItCachedAlive() async throws {
    let tally = Tally()
    let app = Container(name: "app")
    let observation = app.observe { _ in }
    defer { observation.cancel() }
    // Many children, each let go of without a shutdown: each takes itself out as it goes.
    for _ in 0..<200 {
      let request = app.makeChild(named: "request")
      request.register(RequestObject.self) { _ in RequestObject(tally: tally) }
      _ = try request.resolve(RequestObject.self)
      #expect(app.liveChildren.contains { $0 === request })
    }
    #expect(tally.alive.load(ordering: .relaxed) == 0)
    #expect(app.liveChildren.isEmpty)
  }

  /// A request served before any debugger attached: its child is listed as soon as it holds
  /// something of its own, observed or not, and leaves the list when it shuts down or goes.
  @Test func aChildMadeBeforeAnyObserverIsListedOnceItHoldsSomething() throws {
    let app = Container(name: "app")
    let session = app.makeChild(named: "session")
    let resolvingOnly = app.makeChild(named: "view")
    #expect(app.liveChildren.isEmpty)
    session.register(Int.self, value: 7)
    var request: Container? = app.makeChild(named: "request")
    request!.register(Db.self) { _ in Db() }
    #expect(app.liveChildren.map(\.number) == [session.number, request!.number])
    let observation = app.observe { _ in }
    defer { observation.cancel() }
    #expect(app.liveChildren.map(\.name) == ["session", "request"])
    request = nil  // let go of without a shutdown: its deinit takes it out
    #expect(app.liveChildren.map(\.name) == ["session"])
    try session.shutdownSynchronously()
    session.register(Int.self, value: 8)  // a change after the shutdown lists nothing
    #expect(app.liveChildren.isEmpty)
    withExtendedLifetime(resolvingOnly) {}
  }

  /// Threads serving requests while a debugger lists them: every listed child is alive and
  /// whole, none is kept, and no child that lives is missed. Unobserved, the children are listed
  /// by their first registration and leave by their deinit (none is shut down), both racing the
  /// listing.
  @Test(arguments: [true, false])
  func listingWhileThreadsMakeAndDropChildren(observed: Bool) async throws {
    let tally = Tally()
    let app = Container(name: "app")
    let observation = observed ? app.observe { _ in } : nil
    defer { observation?.cancel() }
    let kept = app.makeChild(named: "session")
    kept.register(Int.self, value: 1)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<300 {
            let request = app.makeChild(named: "request")
            request.register(RequestObject.self) { _ in RequestObject(tally: tally) }
            _ = try? request.resolve(RequestObject.self)
          }
        }
      }
      group.addTask {
        for _ in 0..<100 {
          let listed = app.liveChildren
          #expect(listed.allSatisfy { $0.name == "request" || $0 === kept })
          #expect(listed.contains { $0 === kept })
        }
      }
    }
    #expect(app.liveChildren.map(\.name) == ["session"])
    #expect(tally.alive.load(ordering: .relaxed) == 0)
  }

  @Test func aChildHasANumberOfItsOwnAsTracesShowIt() throws {
    let app = Container(name: "app")
    let a = app.makeChild(named: "request")
    let b = app.makeChild(named: "request")
    #expect(a.number != b.number && a.number != app.number)
    let steps = Mutex<[ResolutionStep]>([])
    let observation = app.observe { event in
      if case .resolved(let step) = event { steps.withLock { $0.append(step.withoutInstance()) } }
    }
    defer { observation.cancel() }
    b.register(Int.self, value: 3)
    _ = try b.resolve(Int.self)
    #expect(steps.withLock { $0.last?.containerNumber } == b.number)
  }
}
