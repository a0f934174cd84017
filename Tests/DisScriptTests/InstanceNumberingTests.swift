import DIScope
import Testing

@testable import DisScript

/// The numbering family's state (`InstanceNumbering`), fed real steps without a session: script
/// instances built by a container, taken in from its intake.
@Suite struct InstanceNumberingTests {
  /// A container whose `Logger` is a recording mock (a singleton) and whose `Service` (a
  /// prototype) is built with it; and a share of its events.
  static func world() -> (Container, SessionEvents.Share) {
    let container = Container(name: "app")
    container.register(PlaygroundInstance.self, name: "Logger") { _ in
      PlaygroundInstance(typeName: "MockLogger", mockedService: "Logger", maximumNotes: 10)
    }
    container.register(PlaygroundInstance.self, name: "Service", scope: .prototype) { r in
      PlaygroundInstance(
        typeName: "Service", parameters: [("logger", .instance(try r.resolve(PlaygroundInstance.self, name: "Logger")))])
    }
    return (container, SessionEvents(observing: container).share(glyphs: .ascii))
  }

  /// Feeds `numbering` every step the share took since the last call.
  static func see(_ share: SessionEvents.Share, into numbering: inout InstanceNumbering) {
    for arrival in share.take().arrivals {
      if case .resolved(let step) = arrival.event { numbering.see(step) }
    }
  }

  /// A built instance takes its creation number and is held; released, it is seen (weakly)
  /// while it lives and gone once nothing holds it.
  @Test func aBuiltInstanceIsNumberedHeldAndSeenUntilItGoes() throws {
    let (container, share) = Self.world()
    var numbering = InstanceNumbering()
    var service: PlaygroundInstance? = try container.resolve(PlaygroundInstance.self, name: "Service")
    Self.see(share, into: &numbering)
    let number = try #require(service?.number)
    let logger = try #require(numbering.instances.values.first { $0.typeName == "MockLogger" })
    #expect(numbering.instances[number] === service)
    #expect(service?.label == "Service#\(number)")
    numbering.release(number)
    #expect(numbering.instances[number] == nil)
    #expect(numbering.seen[number]?.instance === service, "released, still alive: the test holds it")
    service = nil
    #expect(numbering.seen[number] != nil && numbering.seen[number]?.instance == nil, "gone")
    #expect(numbering.instances[logger.number ?? 0] === logger, "the dependency stays held")
  }

  /// A root resolve hands its instance to the session again, even one it released; a
  /// dependency's step (not a root) does not.
  @Test func aRootResolveHoldsAReleasedInstanceAgain() throws {
    let (container, share) = Self.world()
    var numbering = InstanceNumbering()
    let logger = try container.resolve(PlaygroundInstance.self, name: "Logger")
    Self.see(share, into: &numbering)
    let number = try #require(logger.number)
    numbering.release(number)
    _ = try container.resolve(PlaygroundInstance.self, name: "Service")  // the logger, as a dependency
    Self.see(share, into: &numbering)
    #expect(numbering.instances[number] == nil, "a dependency's cached answer is not the session's")
    _ = try container.resolve(PlaygroundInstance.self, name: "Logger")
    Self.see(share, into: &numbering)
    #expect(numbering.instances[number] === logger)
  }

  /// A recording mock notes who it was handed to and how it was resolved; a step of anything
  /// but a script's class changes nothing.
  @Test func aRecordingMockNotesWhereItWent() throws {
    let (container, share) = Self.world()
    final class Clock: Sendable {}
    container.register(Clock.self) { _ in Clock() }
    var numbering = InstanceNumbering()
    let service = try container.resolve(PlaygroundInstance.self, name: "Service")
    _ = try container.resolve(PlaygroundInstance.self, name: "Logger")
    _ = try container.resolve(Clock.self)
    Self.see(share, into: &numbering)
    guard case .instance(let logger)? = service.parameters.first?.value else {
      Issue.record("no logger")
      return
    }
    // Built as a dependency (handed to the service), then resolved at the root (cached).
    #expect(logger.recorded.first == "handed to \(service.label).logger", "\(logger.recorded)")
    #expect(
      logger.recorded.count == 2 && logger.recorded[1].hasPrefix("resolved as '") && logger.recorded[1].hasSuffix("(cached)"),
      "\(logger.recorded)")
    #expect(numbering.instances.count == 2, "the script's two instances; the clock is not numbered here")
  }
}
