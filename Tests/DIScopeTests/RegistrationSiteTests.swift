import DIScope
import Testing

/// Every registration says where in the code it was made: the `register` (or `mock`) call's
/// `#fileID` and `#line`, taken as default arguments, whichever overload and container made it.
@Suite("Where a registration was made")
struct RegistrationSiteTests {
  /// The site of the newest registration of `Service` in `container`.
  private func site<Service>(of _: Service.Type, in container: Container, name: String? = nil)
    -> RegistrationSite?
  {
    container.stacks.first { $0.key == ServiceKey(Service.self, name: name) }?
      .registrations.first?.location
  }

  @Test func everyKindOfRegistrationNamesItsCall() async throws {
    let container = Container()
    let here = #fileID
    let singletonLine = #line + 1
    container.register(Db.self) { _ in Db() }
    let prototypeLine = #line + 1
    container.register(FileLogger.self, scope: .prototype) { _ in FileLogger() }
    let argumentsLine = #line + 1
    container.register(UserDetails.self, scope: .prototype) { (_, user: String) in UserDetails(user: user) }
    let asyncLine = #line + 1
    container.register(ContentCache.self) { (_: AsyncResolver) async in ContentCache() }
    let mockLine = #line + 1
    container.mock(ConsoleLogger.self, with: ConsoleLogger())
    let valueLine = #line + 1
    container.register(Int.self, value: 42)
    let immortalLine = #line + 1
    container.registerImmortal(NullLogger.self) { _ in NullLogger() }

    #expect(site(of: Db.self, in: container) == RegistrationSite(fileID: here, line: singletonLine))
    #expect(site(of: FileLogger.self, in: container) == RegistrationSite(fileID: here, line: prototypeLine))
    #expect(site(of: UserDetails.self, in: container) == RegistrationSite(fileID: here, line: argumentsLine))
    #expect(site(of: ContentCache.self, in: container) == RegistrationSite(fileID: here, line: asyncLine))
    #expect(site(of: ConsoleLogger.self, in: container) == RegistrationSite(fileID: here, line: mockLine))
    #expect(site(of: Int.self, in: container) == RegistrationSite(fileID: here, line: valueLine))
    #expect(site(of: NullLogger.self, in: container) == RegistrationSite(fileID: here, line: immortalLine))
    #expect(site(of: Db.self, in: container)?.description == "RegistrationSiteTests.swift:\(singletonLine)")
  }

  /// The other overloads, each forwarding to another, and a standby mock pushed when a tool asks:
  /// each names the caller's line, never one of DIScope's own (issue 44's audit).
  @Test func everyOtherOverloadNamesItsCall() async throws {
    let container = Container()
    var lines: [String: Int] = [:]
    lines["unshared"] = #line + 1
    container.register(SiteDraft.self, name: "unshared", scope: .prototype) { _ in SiteDraft() }
    lines["unchecked"] = #line + 1
    container.registerUncheckedSendable(SiteDraft.self, name: "unchecked") { _ in SiteDraft() }
    lines["arguments, unshared"] = #line + 1
    container.register(SiteDraft.self, name: "arguments, unshared") { (_: Resolver, _: Int) in SiteDraft() }
    lines["dispose"] = #line + 1
    container.register(Db.self, name: "dispose", dispose: { _ in }) { _ in Db() }
    lines["async, unshared"] = #line + 1
    container.register(SiteDraft.self, name: "async, unshared", scope: .prototype) { (_: AsyncResolver) async in SiteDraft() }
    lines["async, dispose"] = #line + 1
    container.register(Db.self, name: "async, dispose", dispose: { _ in }) { (_: AsyncResolver) async in Db() }
    lines["async, arguments"] = #line + 1
    container.register(UserDetails.self, name: "async, arguments") { (_: AsyncResolver, user: String) async in UserDetails(user: user) }
    lines["main actor"] = #line + 1
    container.register(Db.self, name: "main actor") { @MainActor _ in Db() }
    lines["main actor, dispose"] = #line + 1
    container.register(Db.self, name: "main actor, dispose", dispose: { @MainActor _ in }) { @MainActor _ in Db() }
    lines["standby"] = #line + 1
    container.registerMock(Db.self, name: "standby") { Db() }
    container.pushStandbyMock(for: ServiceKey(Db.self, name: "standby"))
    for (name, line) in lines {
      let site = container.stacks.first { $0.key.name == name }?.registrations.first?.location
      #expect(site == RegistrationSite(fileID: #fileID, line: line), "\(name)")
    }
    let serviceLine = #line + 1
    container.register(service: ContentCache.self) { ContentCache() }
    #expect(site(of: ContentCache.self, in: container) == RegistrationSite(fileID: #fileID, line: serviceLine))
    let instanceLine = #line + 1
    container.register(ConsoleLogger(), for: ConsoleLogger.self)
    #expect(site(of: ConsoleLogger.self, in: container) == RegistrationSite(fileID: #fileID, line: instanceLine))
  }

  @Test func aRequestValueInAChildNamesItsCall() async throws {
    let root = Container()
    let line = #line + 2
    try await root.withChild(named: "request") { child in
      child.register(String.self, value: "req-1")
      #expect(site(of: String.self, in: child) == RegistrationSite(fileID: #fileID, line: line))
    }
  }

  @Test func anAssemblysRegistrationsNameTheAssemblysFile() {
    let container = Container()
    _ = container.install(SiteAssembly())
    #expect(site(of: Db.self, in: container) == RegistrationSite(fileID: #fileID, line: SiteAssembly.line))
  }

  @Test func aKeyedRegistrationTakesTheSiteItIsGiven() {
    let container = Container()
    let script = RegistrationSite(fileID: "Scripts/lessons/01-register.dis", line: 7)
    container.register(key: ServiceKey(Db.self), location: script) { _ in Db() }
    #expect(site(of: Db.self, in: container) == script)
    #expect(site(of: Db.self, in: container)?.description == "01-register.dis:7")
  }

  @Test func aSiteIsSeenInTheRegistrationsEveryToolReads() throws {
    let container = Container()
    let line = #line + 1
    let token = container.register(Db.self) { _ in Db() }
    #expect(container.registration(token)?.location?.line == line)
  }
}

private struct SiteAssembly: Assembly {
  static let line = #line + 2
  func assemble(into container: Container) {
    container.register(Db.self) { _ in Db() }
  }
}

/// Not `Sendable`: registered only under an unshared scope.
private final class SiteDraft {}
