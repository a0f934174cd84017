import DIScope
import DIScopeHopoate
import DIScopeTesting
import Testing

final class Marker: Sendable {
  let value: Int
  init(_ value: Int) { self.value = value }
}

@Suite(.isolatedDependencies)
struct IsolationTests {
  /// 64 cases run in parallel, each registering its own value, yielding so others interleave, and
  /// reading back its own: a suite-wide scope would make them see each other's registrations.
  @Test(arguments: 0..<64)
  func parallelCasesNeverSeeEachOthersRegistrations(index: Int) async throws {
    Container.shared.register(Marker.self) { _ in Marker(index) }
    for _ in 0..<5 {
      await Task.yield()
      try await Task.sleep(for: .milliseconds(index % 3))
    }
    #expect(try Container.shared.resolve(Marker.self).value == index)
    #expect(Container.shared.stacks.count == 1, "only this case's registration is visible")
  }

  @Test func eachTestStartsEmpty() {
    #expect(Container.shared.stacks.isEmpty)
  }

  @Test func theProcessWideContainerIsUntouched() {
    let isolated = Container.shared
    isolated.register(Marker.self) { _ in Marker(-1) }
    #expect(DependencyContainer.shared.container === isolated)
  }
}

@Suite("Mock coverage and leaked overrides")
struct CoverageAndLeakTests {
  @Test func listsTheServicesWithoutAMock() {
    let missing = MockCoverage.unmockedServices(of: ShopAssembly(), mockedBy: IncompleteMocks())
    #expect(missing.map(\.serviceName) == ["Clock"])
  }

  @Test func theAssertionRecordsAnIssueNamingTheMissingMock() {
    withKnownIssue {
      assertEveryService(of: ShopAssembly(), isMockedBy: IncompleteMocks())
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("'Clock'") && $0.rawValue.contains("IncompleteMocks") }
    }
  }

  @Test func aCompleteMockAssemblyPasses() {
    assertEveryService(of: ShopAssembly(), isMockedBy: ShopMocks())
  }

  @Test func theLeakCheckFindsWhatATestLeftBehind() throws {
    let container = Container()
    container.register((any Store).self) { _ in LiveStore() }
    let check = OverrideLeakCheck(on: container)
    let removed = container.mock((any Store).self, with: MockStore())
    container.remove(removed)
    #expect(check.leakedRegistrations.isEmpty)
    let leaked = container.mock((any Store).self, with: MockStore())
    #expect(check.leakedRegistrations.map(\.token) == [leaked])
    #expect(check.report?.contains("the test left 1 registration live in 'root'") == true)
  }

  @Test(.isolatedDependencies, .checksLeakedOverrides)
  func aTestThatCleansUpPassesTheLeakCheck() {
    let token = Container.shared.mock((any Store).self, with: MockStore())
    Container.shared.remove(token)
  }
}
