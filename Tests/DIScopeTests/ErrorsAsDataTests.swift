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

  /// A hint that refers to a registration carries it, and names where it was made (issue 44):
  /// `did you mean 'Logging' (t1 Logging [singleton] made at ErrorsAsDataTests.swift:N)?`.
  @Test func aHintThatRefersToARegistrationNamesItsSite() throws {
    let container = Container()
    let line = #line + 1
    let token = container.register(Logger.self, name: "file") { _ in Logger() }
    let error = try #require(throws: ResolutionError.self) { try container.resolve(Logger.self) }
    let registrations = error.hints.lazy.compactMap { hint -> [RegistrationInfo]? in
      if case .registeredUnderAnotherName(_, _, let registrations) = hint { registrations } else { nil }
    }.first
    let registration = try #require(registrations?.first)
    #expect(registration.token == token)
    #expect(registration.location == RegistrationSite(fileID: #fileID, line: line))
    // Rendered in one place, from the fields.
    let site = "\(token) Logger named \"file\" [singleton] made at ErrorsAsDataTests.swift:\(line)"
    #expect(ResolutionHint.mention(registration) == site)
    #expect(error.hint?.contains(#"'Logger' is registered under the name "file" ("# + site + ")") == true, "\(error.hint ?? "")")
  }

  /// An argument mismatch names the registration whose arguments it means, with its site.
  @Test func anArgumentMismatchNamesTheRegistrationsSite() throws {
    let container = Container()
    let line = #line + 1
    let token = container.register(Logger.self) { (_: Resolver, _: String) in Logger() }
    let error = try #require(throws: ResolutionError.self) { try container.resolve(Logger.self) }
    let registration = error.hints.lazy.compactMap { hint -> RegistrationInfo?? in
      if case .passArguments(_, let registration) = hint { registration } else { nil }
    }.first
    #expect(registration??.token == token, "\(error.hints)")
    #expect(error.hint?.hasSuffix("(\(token) Logger [prototype] made at ErrorsAsDataTests.swift:\(line))") == true, "\(error.hint ?? "")")
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
