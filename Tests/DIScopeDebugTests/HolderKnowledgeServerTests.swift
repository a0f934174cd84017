import DIScope
import Testing

@testable import DIScopeDebug

/// Issue 44: an app that serves `discope attach` tracks holders from the server's start, and
/// leaving a session says which instances still hold what it put in, and how to rebuild them.
@Suite(.serialized)
struct HolderKnowledgeServerTests {
  /// Greeter (singleton), its standby mock, and Shop as a singleton holding a Greeter.
  static func shopWithASingletonHolder() -> (Container, shop: RegistrationToken) {
    let container = Container(name: "shop")
    container.register(Greeter.self) { _ in Hello() }
    container.registerMock(Greeter.self) { MockHello() }
    let shop = container.register(Shop.self) { r in Shop(greeter: try r.resolve(Greeter.self)) }
    return (container, shop)
  }

  @Test func theServerTracksHoldersFromItsStartUntilItStops() throws {
    let (container, shop) = Self.shopWithASingletonHolder()
    #expect(!container.tracksHolders)
    let server = try SessionJournalTests.start(container)
    #expect(container.tracksHolders, "no client attached, yet tracked")
    _ = try container.resolve(Shop.self)
    let scan = container.scanStaleReferences()
    #expect(scan.verdict == .none && scan.isComplete, "built since the start: known")
    #expect(container.explain(Shop.self).holds?.count == 1)
    _ = container.mock(Greeter.self, with: MockHello())
    #expect(container.scanStaleReferences().found.map(\.holder.registration.token) == [shop])
    server.stop()
    #expect(!container.tracksHolders)
  }

  @Test func aServerStartedWithoutTrackingLeavesWhatIsBuiltUnknown() throws {
    let (container, shop) = Self.shopWithASingletonHolder()
    let server = try DebugServer.start(
      container, socketPath: DebugServerTests.directory() + "/app.sock", tracksHolders: false, log: { _ in })
    defer { server.stop() }
    #expect(!container.tracksHolders)
    _ = try container.resolve(Shop.self)
    let scan = container.scanStaleReferences()
    #expect(scan.verdict == .unknown)
    #expect(scan.untracked.map(\.instance.registration.token).contains(shop))
    #expect(scan.untracked.allSatisfy { $0.reason == .notTracked })
  }

  /// The issue's case: a mock pushed, the holder rebuilt with it, then leaving: the mock is
  /// removed, and the holder still holds it, so the app is not "as it was".
  @Test func leavingNamesAHolderThatStillHoldsWhatTheSessionPutIn() throws {
    let (container, shop) = Self.shopWithASingletonHolder()
    _ = try container.resolve(Shop.self)  // built before the server: holds the app's own Hello
    let server = try SessionJournalTests.start(container)
    defer { server.stop() }
    let client = try DebugClient.connect(to: server.socketPath)
    for command in ["mock Greeter", "cache \(shop) off", "cache \(shop) on", "resolve Shop"] {
      let outcome = try client.run(command).outcome
      #expect(!outcome.isFailure, "\(command): \(outcome.output)")
    }
    let report = try #require(client.detach(keepChanges: false))
    #expect(report.undone.count == 1, "\(report)")
    #expect(!report.leftAsItWas, "\(report)")
    let holding = try #require(report.stillHolding)
    #expect(holding.count == 1, "\(holding)")
    // It names where the app registered the holder: this file, the one to open to rebuild it.
    #expect(
      holding.first?.hasPrefix("Shop#") == true
        && holding.first?.contains("(\(shop), singleton, made at HolderKnowledgeServerTests.swift:") == true,
      "\(holding)")
    #expect(try container.resolve(Shop.self).greeter is MockHello, "what the report says: the app's Shop holds the mock")
  }

  /// The offer: undone first, the session still attached; the holder offered is rebuilt at the
  /// client's word (its cache dropped, so the next resolve builds it with the app's own Hello),
  /// once, and only while it is the instance offered; then the detach finds nothing to undo.
  @Test func aHolderOfferedAfterTheUndoIsRebuiltAtTheClientsWord() throws {
    let (container, shop) = Self.shopWithASingletonHolder()
    let server = try SessionJournalTests.start(container)
    defer { server.stop() }
    let client = try DebugClient.connect(to: server.socketPath)
    for command in ["mock Greeter", "resolve Shop"] {
      #expect(!(try client.run(command).outcome.isFailure), "\(command)")
    }
    let held = try container.resolve(Shop.self)
    #expect(held.greeter is MockHello)
    let undone = try client.undoChanges()
    #expect(undone.undone.count == 1, "\(undone)")
    let offered = try #require(undone.rebuildable)
    #expect(offered.map(\.token) == ["\(shop)"], "\(offered)")
    #expect(offered.first?.heldService == "Greeter" && offered.first?.answeringNow == "t1 Greeter", "\(offered)")
    #expect(try container.resolve(Shop.self) === held, "offered, not rebuilt yet")

    let lines = try client.rebuild(offered)
    #expect(lines.first?.hasPrefix("rebuilt Shop#") == true, "\(lines)")
    #expect(lines.last?.contains("a rebuild cannot reach it") == true, "\(lines)")
    let rebuilt = try container.resolve(Shop.self)
    #expect(rebuilt !== held && rebuilt.greeter is Hello, "built again with the app's own Greeter")
    #expect(held.greeter is MockHello, "what already held the old one keeps it, as the note says")
    // Asked again: the instance offered is gone, and the new one is never dropped.
    #expect(try client.rebuild(offered).first?.contains("not rebuilt") == true)
    #expect(try container.resolve(Shop.self) === rebuilt)

    let left = try #require(client.detach(keepChanges: false))
    #expect(left.isEmpty, "nothing left to undo: \(left)")
  }

  @Test func leavingWithNothingHoldingWhatTheSessionPutInIsAsItWas() throws {
    let (container, _) = Self.shopWithASingletonHolder()
    _ = try container.resolve(Shop.self)
    let server = try SessionJournalTests.start(container)
    defer { server.stop() }
    let client = try DebugClient.connect(to: server.socketPath)
    #expect(!(try client.run("mock Greeter").outcome.isFailure))
    let report = try #require(client.detach(keepChanges: false))
    #expect(report.undone.count == 1, "\(report)")
    #expect(report.stillHolding == nil, "\(report)")
    #expect(report.leftAsItWas)
    #expect(try container.resolve(Shop.self).greeter is Hello)
  }
}
