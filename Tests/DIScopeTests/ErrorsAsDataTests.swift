import DIScope
import Testing

/// An error's advice and a cycle's members are fields: a tool words them from the fields, never by
/// parsing the English.
@Suite struct ErrorsAsDataTests {
  final class Logger: Sendable {}
  final class Logging: Sendable {}
  final class A: Sendable {}
  final class B: Sendable {}

  @Test func aMissingRegistrationSaysWhatToRegisterAndWhatWasMeant() throws {
    let container = Container()
    container.register(Logging.self) { _ in Logging() }
    let error = try #require(throws: ResolutionError.self) { try container.resolve(Logger.self) }
    #expect(error.kind == .notRegistered)
    #expect(error.hints.contains(.register(ServiceKey(Logger.self))))
    #expect(error.hints.contains(.registeredHere(["Logging"], more: false)))
    #expect(error.cycle.isEmpty)
    #expect(error.hint == error.hints.map(\.description).joined(separator: "; "))
    #expect(error.hint?.hasSuffix("to fix, register it: container.register(Logger.self) { r in ... }") == true)
  }

  @Test func aCycleCarriesItsMembers() throws {
    let container = Container()
    container.register(A.self) { r in _ = try r.resolve(B.self); return A() }
    container.register(B.self) { r in _ = try r.resolve(A.self); return B() }
    let error = try #require(throws: ResolutionError.self) { try container.resolve(A.self) }
    #expect(error.kind == .cycle)
    #expect(error.cycle == [ServiceKey(A.self), ServiceKey(B.self), ServiceKey(A.self)])
    #expect(error.hints == [.breakCycle(service: "A")])
    let findings = container.validate().findings.filter { $0.kind == .cycle }
    #expect(findings.first?.cycle.count == 2)
    #expect(findings.first?.hints == [.breakCycle(service: findings.first?.key?.serviceName ?? "")])
  }

  @Test func anErrorReachedAlongAnotherPathKeepsItsAdvice() throws {
    let container = Container()
    let error = try #require(throws: ResolutionError.self) { try container.resolve(Logger.self) }
    let reached = error.reached(along: ["Screen", "Logger"])
    #expect(reached.path == ["Screen", "Logger"])
    #expect(reached.hints == error.hints)
    #expect(reached.message == error.message)
  }
}
