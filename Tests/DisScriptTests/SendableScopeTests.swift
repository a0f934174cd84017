import DIScope
import DisScript
import Testing

/// `scope tN singleton` over an app's registration of a service that is not `Sendable` (a session
/// attached to the app, `discope attach`): refused, saying why, and nothing changes.
@Suite struct SendableScopeTests {
  final class Draft { var text = "" }

  @Test func aSharedScopeIsRefusedForAServiceThatIsNotSendable() throws {
    let container = Container(name: "app")
    container.register(Draft.self, scope: .prototype) { _ in Draft() }
    let session = Session(container: container)
    let refused = session.execute("scope t1 singleton")
    #expect(refused.isFailure)
    #expect(refused.output == [
      "error: 'Draft' is not Sendable, so its registration t1 cannot be .singleton",
      "  hint: a .singleton instance is handed to every caller, on any thread. To fix, make "
        + "'Draft' Sendable and register it again; .prototype and .graph keep working as it is",
    ])
    #expect(container.registrations(of: ServiceKey(Draft.self)).first?.scope == .prototype)
    #expect(!session.execute("scope t1 graph").isFailure)
    #expect(container.registrations(of: ServiceKey(Draft.self)).first?.scope == .graph)
  }
}
