import DIScope
import TestSupport
import Testing

/// Graph-scope services resolved through this thread's routes are built once per root resolve and
/// never shared across two.
@Suite("Graph scope through a thread's routes")
struct RoutedGraphTests {
  final class Leaf: Sendable {}
  struct Pair: Sendable {
    let left: Leaf
    let right: Leaf
  }
  struct ValueLeaf: Sendable { let id: Int }
  struct ValuePair: Sendable {
    let left: ValueLeaf
    let right: ValueLeaf
  }

  @Test func aGraphInstanceIsSharedWithinOneResolveAndFreshInTheNext() throws {
    let container = Container()
    container.register(Leaf.self, scope: .graph) { _ in Leaf() }
    container.register(Pair.self, scope: .prototype) { r in
      Pair(left: try r.resolve(Leaf.self), right: try r.resolve(Leaf.self))
    }
    var seen: [Leaf] = []
    for _ in 0..<4 {  // the first resolves make the routes; the later ones follow them
      let pair = try container.resolve(Pair.self)
      #expect(pair.left === pair.right)
      #expect(!seen.contains { $0 === pair.left })
      seen.append(pair.left)
    }
    #expect(try container.resolve(Leaf.self) !== container.resolve(Leaf.self), "a root of its own")
  }

  @Test func aGraphValueThatIsNotAClassIsKeptBoxed() throws {
    let container = Container()
    let counter = Locked(0)
    container.register(ValueLeaf.self, scope: .graph) { _ in
      ValueLeaf(id: counter.withLock { $0 += 1; return $0 })
    }
    container.register(ValuePair.self, scope: .prototype) { r in
      ValuePair(left: try r.resolve(ValueLeaf.self), right: try r.resolve(ValueLeaf.self))
    }
    for _ in 0..<3 {
      let pair = try container.resolve(ValuePair.self)
      #expect(pair.left.id == pair.right.id)
    }
    #expect(counter.withLock { $0 } == 3)
  }

  @Test func aFailedResolveLeavesNothingForTheNext() throws {
    let container = Container()
    let fail = Locked(false)
    container.register(Leaf.self, scope: .graph) { _ in Leaf() }
    container.register(Pair.self, scope: .prototype) { r in
      let left = try r.resolve(Leaf.self)
      if fail.withLock({ $0 }) { throw CancellationError() }
      return Pair(left: left, right: try r.resolve(Leaf.self))
    }
    let before = try container.resolve(Pair.self)
    fail.withLock { $0 = true }
    #expect(throws: ResolutionError.self) { try container.resolve(Pair.self) }
    fail.withLock { $0 = false }
    let after = try container.resolve(Pair.self)
    #expect(after.left === after.right)
    #expect(after.left !== before.left)
  }

  @Test func aChildsGraphServicesSeeItsOwnValues() throws {
    let app = Container()
    app.register(Handler.self, scope: .graph) { r in
      Handler(connection: try r.resolve(Connection.self), id: try r.resolve(RequestID.self))
    }
    app.register(Pair.self, scope: .prototype) { _ in Pair(left: Leaf(), right: Leaf()) }
    for request in 0..<3 {
      let child = app.makeChild(named: "request")
      child.register(Connection.self, value: Connection())
      child.register(RequestID.self, value: RequestID("r\(request)"))
      #expect(try child.resolve(Handler.self).id.value == "r\(request)")
      try child.shutdownSynchronously()
    }
  }

  /// A routed build holds no reference to its registration: the thread's entry does, and what the
  /// thread's cache lets go of during a resolve is kept until the resolve ends. A factory that
  /// removes its own registration mid-build (its entry and its stack both let go) must still
  /// finish with it alive (run under the address sanitizer, this is a use after free otherwise).
  @Test(arguments: [Scope.prototype, .graph])
  func aFactoryThatRemovesItsOwnRegistrationMidBuildFinishesSafely(scope: Scope) throws {
    let container = Container()
    container.register(Leaf.self, scope: scope) { _ in Leaf() }
    let original = container.register(Pair.self, scope: .prototype) { r in
      Pair(left: try r.resolve(Leaf.self), right: try r.resolve(Leaf.self))
    }
    let removing = Locked<RegistrationToken?>(nil)
    let built = Locked(0)
    removing.withLock {
      $0 = container.register(Leaf.self, scope: scope) { _ in
        built.withLock { $0 += 1 }
        if let mine = removing.withLock({ $0 }), built.withLock({ $0 }) > 1 { container.remove(mine) }
        return Leaf()
      }
    }
    _ = try container.resolve(Pair.self)  // the first resolve makes the routes
    let pair = try container.resolve(Pair.self)  // the second follows them, and removes mid-build
    if scope == .graph {
      // The removed registration's instance answers only its own build: the second resolve of
      // the key in the same root finds the registration below it, which builds its own.
      #expect(pair.left !== pair.right)
    }
    #expect(container.registrations(of: ServiceKey(Leaf.self)).count == 1, "the factory's own registration is gone")
    #expect(container.remove(original))
    _ = try container.resolve(Leaf.self)
  }

  /// What the thread's cache lets go of mid-resolve is parked, and released when the root resolve
  /// ends: nothing is kept for longer.
  @Test func whatAResolveLetGoOfIsReleasedWhenItEnds() throws {
    final class Tracked: Sendable {
      let onDeinit: @Sendable () -> Void
      init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
      deinit { onDeinit() }
    }
    let container = Container()
    let released = Locked(false)
    let token = Locked<RegistrationToken?>(nil)
    do {
      let tracked = Tracked { released.withLock { $0 = true } }
      token.withLock {
        $0 = container.register(Leaf.self, scope: .prototype) { _ in
          withExtendedLifetime(tracked) {}
          return Leaf()
        }
      }
    }
    container.register(Pair.self, scope: .prototype) { r in
      let left = try r.resolve(Leaf.self)
      if let leaf = token.withLock({ $0 }) { container.remove(leaf) }
      #expect(!released.withLock { $0 }, "kept while the resolve that used it runs")
      return Pair(left: left, right: left)
    }
    _ = try container.resolve(Leaf.self)  // a route to the factory that holds `tracked`
    _ = try container.resolve(Pair.self)
    #expect(released.withLock { $0 }, "released as the root resolve ended")
  }
}

