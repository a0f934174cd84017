import DIScope
import DisScript
import Foundation
import Synchronization
import Testing

@testable import DIScopeDebug

/// The server's one intake (`ServerEvents`): every attached client takes its events from it, so
/// the app's container has one observer for all of them, and none while no client is attached.
@Suite(.serialized)
struct ServerEventsTests {
  @Test(arguments: [false, true])
  func anyNumberOfClientsMakeOneObserverAndNoClientNone(tracksHolders: Bool) throws {
    let container = DebugServerTests.appContainer()
    let server = try DebugServer.start(
      container, socketPath: DebugServerTests.directory() + "/one.sock", tracksHolders: tracksHolders, log: { _ in })
    defer { server.stop() }
    // Holder tracking is an observer of its own, paused for good; it is there with no client.
    let idle = tracksHolders ? 1 : 0
    #expect(container.observerCount == idle)
    let clients = try (0..<3).map { _ in try DebugClient.connect(to: server.socketPath) }
    #expect(DebugServerTests.eventually { server.attachedClientCount == 3 })
    // At attach, each client's completion is read from a session made and let go at once.
    #expect(DebugServerTests.eventually { container.observerCount == idle + 1 }, "\(container.observerCount)")
    for client in clients {
      var seen: [EventRecord] = []
      #expect(DebugServerTests.eventually {
        // Resolved at each poll: `connect` returns at the server's hello, and the client may
        // subscribe (as the server reads the client's hello) a little later.
        _ = try? container.resolve(Shop.self)
        seen += client.takeUpdates().events
        return seen.contains { if case .step(let step) = $0 { step.service == "Shop" } else { false } }
      })
    }
    // Eventually: a session made for a client's completion at attach goes a moment later (it
    // was seen still observing under the thread sanitizer on a loaded machine).
    #expect(DebugServerTests.eventually { container.observerCount == idle + 1 }, "\(container.observerCount)")
    clients[0].detach(keepChanges: false)
    #expect(DebugServerTests.eventually { server.attachedClientCount == 2 })
    #expect(
      DebugServerTests.eventually { container.observerCount == idle + 1 }, "the others still take events")
    for client in clients.dropFirst() { client.detach(keepChanges: false) }
    #expect(DebugServerTests.eventually { server.attachedClientCount == 0 })
    #expect(DebugServerTests.eventually { container.observerCount == idle }, "\(container.observerCount)")
    // A client attaching again is served by a new intake.
    let again = try DebugClient.connect(to: server.socketPath)
    #expect(DebugServerTests.eventually { container.observerCount == idle + 1 })
    again.detach(keepChanges: false)
    #expect(DebugServerTests.eventually { container.observerCount == idle })
  }

  /// The intake is paused only while every subscriber's queue is full; what it skipped then
  /// counts as dropped for each of them.
  @Test func theIntakeIsPausedOnlyWhileEverySubscribersQueueIsFull() throws {
    let container = DebugServerTests.appContainer()
    let events = ServerEvents(container: container)
    let heard = (Counter(), Counter())
    let skipped = (Counter(), Counter())
    let first = events.subscribe(addingSkipped: { n in for _ in 0..<n { skipped.0.add() } }) { _ in heard.0.add() }
    let second = events.subscribe(addingSkipped: { n in for _ in 0..<n { skipped.1.add() } }) { _ in heard.1.add() }
    #expect(container.observerCount == 1)
    _ = try container.resolve(Shop.self)  // two steps: the shop and its greeter
    #expect(heard.0.value == 2 && heard.1.value == 2)
    first.noteFull()
    _ = try container.resolve(Shop.self)
    #expect(heard.0.value == 4 && heard.1.value == 4, "one full queue pauses nothing: the other takes events")
    second.noteFull()
    _ = try container.resolve(Shop.self)
    #expect(heard.0.value == 4 && heard.1.value == 4, "every queue full: no event is built")
    #expect(first.noteTaken() == 2, "the first hears what it missed as its queue is taken")
    #expect(skipped.1.value == 2 && skipped.0.value == 0, "the second hears it too, once")
    _ = try container.resolve(Shop.self)
    #expect(heard.0.value == 6 && heard.1.value == 6)
    first.cancel()
    #expect(container.observerCount == 1)
    second.cancel()
    #expect(container.observerCount == 0)
  }

  /// Two clients that never read: each hears every event the app made, delivered or counted
  /// dropped, once, while the intake pauses whenever both queues are full.
  @Test func twoClientsThatNeverReadEachHearEveryEventOnce() throws {
    let container = DebugServerTests.appContainer()
    let server = try DebugServer.start(container, socketPath: DebugServerTests.directory() + "/two-slow.sock", log: { _ in })
    defer { server.stop() }
    let sockets = try (0..<2).map { _ in try UnixSocket.connect(to: server.socketPath) }
    defer { for socket in sockets { socket.close() } }
    for (index, socket) in sockets.enumerated() {
      try socket.write(
        Frame.encode(
          MessageCoding.encode(
            ClientMessage.hello(protocolVersion: DebugProtocol.version, client: "slow \(index)", asciiOnly: false))))
    }
    #expect(DebugServerTests.eventually { server.attachedClientCount == 2 })
    usleepMilliseconds(100)
    let emitted = Counter()
    let counting = container.observe { _ in emitted.add() }
    for _ in 0..<30_000 { _ = try container.resolve(Shop.self) }
    counting.cancel()
    for socket in sockets {
      DebugServerTests.expectEveryEventDeliveredOrDropped(from: socket, emitted: emitted.value)
    }
  }
}
