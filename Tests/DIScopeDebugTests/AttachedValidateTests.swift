import DIScope
import Dispatch
import Synchronization
import Testing

@testable import DIScopeDebug

/// Whether a factory ran: set by one that must never run while a client validates.
private final class Ran: Sendable {
  private let value = Mutex(false)
  func set() { value.withLock { $0 = true } }
  var isSet: Bool { value.withLock { $0 } }
}

private struct WouldTrap: Error {}
/// Built only at night, from what only the night supplies: its factory would trap if run now.
private final class Nightly: Sendable {}
/// A singleton holding a prototype: a captive dependency.
private final class Basket: Sendable {
  init(shop: Shop) {}
}

/// `validate` typed in `discope attach`: it runs none of the app's factories (one may act on the
/// world or trap, and a trap ends the app), checks what the app's own resolves showed, and says
/// what it could not check and why — in read-only mode too, since it changes nothing.
@Suite(.serialized)
struct AttachedValidateTests {
  /// The app of `DebugServerTests`, with a factory that must never run and a captive dependency.
  private static func appContainer(ran: Ran) -> Container {
    let container = DebugServerTests.appContainer()
    container.register(Nightly.self) { _ in
      ran.set()
      throw WouldTrap()
    }
    container.register(Basket.self) { r in Basket(shop: try r.resolve(Shop.self)) }
    return container
  }

  @Test(arguments: [false, true])
  func validateRunsNoFactoryOfTheAppAndSaysWhatItCouldNotCheck(readOnly: Bool) throws {
    let ran = Ran()
    let container = Self.appContainer(ran: ran)
    let server = try DebugServer.start(
      container, socketPath: DebugServerTests.directory() + "/validate.sock", readOnly: readOnly, log: { _ in })
    defer { server.stop() }
    let client = try DebugClient.connect(to: server.socketPath)
    let unseen = "Nightly: its factory would run in the app, and it was not resolved since tracking began"

    // The session's first command: nothing resolved since it began, so nothing is checked, and
    // the summary says so rather than "no findings".
    let first = try client.run("validate").outcome
    #expect(!first.isFailure, "\(first.output)")
    #expect(first.output.first?.hasPrefix("note: checked without running any of the app's factories") == true, "\(first.output)")
    #expect(first.output.contains { $0.hasPrefix("not checked: ") && $0.hasSuffix(unseen) }, "\(first.output)")
    #expect(!first.output.joined().contains("no findings"), "\(first.output)")

    // The app resolves on a thread of its own, as its workers do: the session sees the builds.
    DispatchQueue.global().sync { _ = try? container.resolve(Basket.self) }
    let second = try client.run("validate").outcome
    #expect(second.isFailure, "a captive dependency is found: \(second.output)")
    #expect(
      second.output.contains { $0.hasPrefix("error: 'Basket' (singleton, ") && $0.hasSuffix("every Basket user shares one Shop") },
      "\(second.output)")
    #expect(second.output.contains { $0.hasSuffix(unseen) }, "\(second.output)")
    // Seen built: Basket, Shop and Greeter are checked; only Nightly is not.
    #expect(second.output.filter { $0.hasPrefix("not checked: ") }.count == 1, "\(second.output)")
    #expect(!second.output.joined().contains("read-only"), "\(second.output)")
    #expect(second.sessionChanges.isEmpty, "validate changed nothing to undo")

    let graph = try client.run("show graph Basket").outcome
    #expect(!graph.isFailure && graph.output.contains { $0.contains("-> t") && $0.contains("Shop") }, "\(graph.output)")

    #expect(!ran.isSet, "a debugging command ran the app's factory")
    client.detach(keepChanges: false)
    #expect(DebugServerTests.eventually { server.attachedClientCount == 0 })
    #expect((try? container.resolve(Shop.self)) != nil, "the app goes on as it was")
  }
}
