import DIScope
import TestSupport
import Testing

@Suite("Child containers")
struct ChildContainerTests {
  @Test func aChildSeesItsParentAndTheParentNeverSeesTheChild() throws {
    let parent = Container()
    parent.register((any Logger).self) { _ in ConsoleLogger() }
    let child = parent.makeChild(named: "test")
    child.register(Db.self) { _ in Db() }
    #expect(try child.resolve((any Logger).self).label == "console")
    #expect(!parent.canResolve(Db.self))
    #expect(child.parent === parent)
    #expect(child.name == "test")
  }

  @Test func aChildOverridesADependencyOfItsParentsPrototype() throws {
    let parent = Container()
    parent.register((any Logger).self) { _ in ConsoleLogger() }
    parent.register(WebService.self, scope: .prototype) { r in
      WebService(logger: try r.resolve((any Logger).self))
    }
    let child = parent.makeChild()
    child.register((any Logger).self) { _ in NullLogger() }
    #expect(try child.resolve(WebService.self).logger.label == "null")
    #expect(try parent.resolve(WebService.self).logger.label == "console")
  }

  @Test func singletonsAreBuiltAndCachedByTheirOwner() throws {
    let parent = Container()
    parent.register((any Logger).self) { _ in ConsoleLogger() }
    parent.register(WebService.self) { r in WebService(logger: try r.resolve((any Logger).self)) }
    let child = parent.makeChild()
    child.register((any Logger).self) { _ in NullLogger() }
    let fromChild = try child.resolve(WebService.self)
    #expect(fromChild.logger.label == "console", "the parent's singleton resolves from the parent")
    #expect(try parent.resolve(WebService.self) === fromChild, "and is cached by the parent")
  }

  @Test func aChildsGraphScopeIsSharedWithinItsResolve() throws {
    let parent = Container()
    parent.register(Db.self, scope: .graph) { _ in Db() }
    let child = parent.makeChild()
    child.register(Pair.self, scope: .prototype) { r in
      Pair(left: try r.resolve(Db.self), right: try r.resolve(Db.self))
    }
    let pair = try child.resolve(Pair.self)
    #expect(pair.left === pair.right)
  }

  @Test func removingInTheChildUncoversTheParent() throws {
    let parent = Container()
    parent.register((any Logger).self) { _ in ConsoleLogger() }
    let child = parent.makeChild()
    let token = child.register((any Logger).self) { _ in NullLogger() }
    #expect(try child.resolve((any Logger).self).label == "null")
    #expect(!parent.remove(token), "the parent does not own the child's token")
    #expect(child.remove(token))
    #expect(try child.resolve((any Logger).self).label == "console")
  }
}

@Suite("Standby mocks and untyped resolves, for tools")
struct StandbyMockTests {
  @Test func aStandbyMockIsPushedOnlyWhenAskedFor() throws {
    let container = Container()
    container.register(Logger.self) { _ in ConsoleLogger() }
    container.registerMock(Logger.self) { NullLogger() }
    #expect(try container.resolve(Logger.self).label == "console")
    #expect(container.standbyMockKeys == [ServiceKey(Logger.self)])
    let token = try #require(container.pushStandbyMock(for: ServiceKey(Logger.self)))
    #expect(try container.resolve(Logger.self).label == "null")
    #expect(container.registration(token)?.isMock == true)
    container.remove(token)
    #expect(try container.resolve(Logger.self).label == "console")
    #expect(container.pushStandbyMock(for: ServiceKey(Db.self)) == nil)
  }

  @Test func aChildFindsItsParentsStandbyMock() throws {
    let parent = Container()
    parent.registerMock(Db.self) { Db() }
    let child = parent.makeChild()
    #expect(child.pushStandbyMock(for: ServiceKey(Db.self)) != nil)
    #expect(child.canResolve(Db.self))
    #expect(!parent.canResolve(Db.self), "pushed into the child that asked")
  }

  /// A standby mock that another replaces is let go of out of the family lock: its factory may
  /// hold the last reference to an object whose deinit uses the container, which would otherwise
  /// deadlock the second `registerMock`.
  @Test func aReplacedStandbyMockMayUseItsContainerAsItGoes() {
    let container = Container()
    let seen = Locked<[[ServiceKey]]>([])
    do {
      let probe = DeinitProbe { seen.withLock { $0.append(container.standbyMockKeys) } }
      container.registerMock(Db.self) { withExtendedLifetime(probe) { Db() } }
    }
    #expect(seen.withLock { $0 }.isEmpty, "the first standby mock's factory holds the probe")
    container.registerMock(Db.self) { Db() }
    #expect(seen.withLock { $0 } == [[ServiceKey(Db.self)]], "it went, and asked its container")
  }

  @Test func resolveAnyReturnsTheInstanceUntyped() throws {
    let container = Container()
    container.install(AppAssembly())
    let any = try container.resolveAny(key: ServiceKey(ControlContext.self))
    #expect(any as? ControlContext === (try container.resolve(ControlContext.self)))
    #expect(throws: ResolutionError.self) { try container.resolveAny(key: ServiceKey(Db.self)) }
  }
}
