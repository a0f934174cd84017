import DIScope
import TestSupport
import Testing

/// A routed build lends its registration unretained (see `routedBuild`): these are the ways the
/// registration can lose its last holder before the build is over — a deinit at the root's end
/// that removes it, a nested root that releases what was parked, a cancelled observer's handler
/// let go of mid-step — each with an observer that reads the registration afterwards. Run under
/// the address sanitizer, a read after its release is a crash; here, a wrong step.
@Suite("What a routed build lends outlives its use")
struct RoutedBuildLifetimeTests {
  final class Top: Sendable {}
  final class Other: Sendable {}
  struct Boom: Error {}

  /// Every step of `Top`'s root resolves, as observers see them once the resolve is over.
  private static func topRootSteps(of container: Container) -> (Observation, Locked<[String]>) {
    let steps = Locked<[String]>([])
    let observation = container.observe { event in
      guard case .resolved(let step) = event, step.depth == 0, step.key == ServiceKey(Top.self)
      else { return }
      // Reads the registration the step holds: its scope, key and position in its stack.
      let info = step.registration
      steps.withLock {
        $0.append("\(step.outcome) \(info.map { "\($0.scope)" } ?? "-") depth \(step.depth)")
      }
    }
    return (observation, steps)
  }

  @Test func anObservedPrototypeRemovedByAGraphInstancesDeinitAtTheRootsEnd() throws {
    let container = Container()
    let (observation, steps) = Self.topRootSteps(of: container)
    defer { observation.cancel() }
    let armed = Locked(false)
    let token = Locked<RegistrationToken?>(nil)
    container.register(DeinitProbe.self, scope: .graph) { _ in
      DeinitProbe {
        if armed.withLock({ $0 }), let mine = token.withLock({ $0 }) { container.remove(mine) }
      }
    }
    token.withLock {
      $0 = container.register(Top.self, scope: .prototype) { r in
        _ = try r.resolve(DeinitProbe.self)
        return Top()
      }
    }
    _ = try container.resolve(Top.self)  // makes this thread's route
    armed.withLock { $0 = true }
    // Follows the route; the graph instance goes as the root ends, and removes `Top` with it.
    _ = try container.resolve(Top.self)
    #expect(container.registrations(of: ServiceKey(Top.self)).isEmpty)
    #expect(steps.withLock { $0 } == ["created prototype depth 0", "created prototype depth 0"])
  }

  @Test func anObservedPrototypeThatRemovedItselfReleasedByANestedRootInADeinit() throws {
    let container = Container()
    let (observation, steps) = Self.topRootSteps(of: container)
    defer { observation.cancel() }
    let armed = Locked(false)
    let token = Locked<RegistrationToken?>(nil)
    container.register(Other.self, scope: .prototype) { _ in Other() }
    container.register(DeinitProbe.self, scope: .graph) { _ in
      // A root resolve of its own, at the end of `Top`'s: it ends by releasing what was parked.
      DeinitProbe { if armed.withLock({ $0 }) { _ = try? container.resolve(Other.self) } }
    }
    token.withLock {
      $0 = container.register(Top.self, scope: .prototype) { r in
        if armed.withLock({ $0 }), let mine = token.withLock({ $0 }) { container.remove(mine) }
        _ = try r.resolve(DeinitProbe.self)
        return Top()
      }
    }
    _ = try container.resolve(Other.self)
    _ = try container.resolve(Top.self)
    armed.withLock { $0 = true }
    _ = try container.resolve(Top.self)
    #expect(!container.canResolve(Top.self))
    #expect(steps.withLock { $0 } == ["created prototype depth 0", "created prototype depth 0"])
  }

  @Test func anObservedPrototypeThatRemovedItselfThenAValidationInADeinit() throws {
    let container = Container()
    let (observation, steps) = Self.topRootSteps(of: container)
    defer { observation.cancel() }
    let armed = Locked(false)
    let validated = Locked(false)
    let token = Locked<RegistrationToken?>(nil)
    container.register(DeinitProbe.self, scope: .graph) { _ in
      DeinitProbe {
        // Once: validation builds a probe of its own, whose deinit comes here too.
        guard armed.withLock({ armed in defer { armed = false }; return armed }) else { return }
        // Validation lets go of every entry of this thread.
        validated.withLock { $0 = container.validate().isEmpty }
      }
    }
    token.withLock {
      $0 = container.register(Top.self, scope: .prototype) { r in
        if armed.withLock({ $0 }), let mine = token.withLock({ $0 }) { container.remove(mine) }
        _ = try r.resolve(DeinitProbe.self)
        return Top()
      }
    }
    _ = try container.resolve(Top.self)
    armed.withLock { $0 = true }
    _ = try container.resolve(Top.self)
    #expect(validated.withLock { $0 })
    #expect(steps.withLock { $0 } == ["created prototype depth 0", "created prototype depth 0"])
  }

  /// The thread's cache of observers is the last holder of a cancelled observer's handler, and
  /// is refreshed inside the root's step, after the chain is empty.
  @Test func aCancelledObserversHandlerWhoseCaptureRemovesTheRegistrationBeingReported() throws {
    let container = Container()
    let (observation, steps) = Self.topRootSteps(of: container)
    defer { observation.cancel() }
    let armed = Locked(false)
    let token = Locked<RegistrationToken?>(nil)
    let cancelling = Locked<Observation?>(nil)
    do {
      let probe = DeinitProbe {
        if armed.withLock({ $0 }), let mine = token.withLock({ $0 }) { container.remove(mine) }
      }
      cancelling.withLock { $0 = container.observe { _ in withExtendedLifetime(probe) {} } }
    }
    container.register(Other.self, scope: .prototype) { _ in Other() }
    token.withLock {
      $0 = container.register(Top.self, scope: .prototype) { r in
        _ = try r.resolve(Other.self)  // a step at depth 1: the thread keeps the observers
        if armed.withLock({ $0 }) { cancelling.withLock { $0 }?.cancel() }
        return Top()
      }
    }
    _ = try container.resolve(Top.self)
    armed.withLock { $0 = true }
    _ = try container.resolve(Top.self)
    #expect(!container.canResolve(Top.self), "the handler's capture went, and removed it")
    #expect(steps.withLock { $0 } == ["created prototype depth 0", "created prototype depth 0"])
  }

  @Test(arguments: [Scope.prototype, .graph, .singleton])
  func whatAFailedRootParkedIsReleasedWhenItEnds(scope: Scope) throws {
    let container = Container()
    let released = Locked(false)
    let armed = Locked(false)
    let token = Locked<RegistrationToken?>(nil)
    if scope == .singleton {
      // A singleton is routed when it is pushed over one this thread resolved.
      container.register(Top.self) { _ in Top() }
      _ = try container.resolve(Top.self)
    }
    do {
      let probe = DeinitProbe { released.withLock { $0 = true } }
      token.withLock {
        $0 = container.register(Top.self, scope: scope) { _ in
          withExtendedLifetime(probe) {}
          if armed.withLock({ $0 }), let mine = token.withLock({ $0 }) {
            container.remove(mine)
            throw Boom()
          }
          return Top()
        }
      }
    }
    if scope != .singleton { _ = try container.resolve(Top.self) }
    armed.withLock { $0 = true }
    #expect(throws: ResolutionError.self) { try container.resolve(Top.self) }
    #expect(released.withLock { $0 }, "released as the failed root resolve ended")
  }

  @Test(arguments: [Scope.prototype, .graph])
  func aFactoryThatMocksItsOwnKeyAndRemovesTheMock(scope: Scope) throws {
    let container = Container()
    let armed = Locked(false)
    let answeredByMock = Locked(false)
    container.register(Other.self, scope: scope) { r in
      if armed.withLock({ $0 }) {
        armed.withLock { $0 = false }
        let mock = Other()
        let token = container.mock(Other.self, with: mock)
        answeredByMock.withLock { $0 = (try? r.resolve(Other.self)) === mock }
        container.remove(token)
      }
      return Other()
    }
    container.register(Top.self, scope: .prototype) { r in
      _ = try r.resolve(Other.self)
      return Top()
    }
    _ = try container.resolve(Top.self)
    armed.withLock { $0 = true }
    _ = try container.resolve(Top.self)
    _ = try container.resolve(Top.self)
    #expect(answeredByMock.withLock { $0 })
    #expect(container.registrations(of: ServiceKey(Other.self)).count == 1)
  }
}
