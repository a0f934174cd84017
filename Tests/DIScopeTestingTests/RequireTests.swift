import DIScope
import DIScopeTesting
import Testing

@Suite("Container.require: a failed resolve is an issue at the call", .isolatedDependencies(base: ShopAssembly()))
struct RequireTests {
  @Test func itReturnsWhatResolveReturns() throws {
    let store = try Container.shared.require((any Store).self)
    #expect(store is LiveStore)
  }

  @Test func aFailureIsRecordedAtTheCallWithTheDiagnosticThenThrown() {
    let line = #line + 4
    var thrown: (any Error)?
    withKnownIssue {
      do {
        _ = try Container.shared.require((any Unregistered).self)
      } catch {
        thrown = error
      }
    } matching: { issue in
      issue.sourceLocation?.fileID == #fileID && issue.sourceLocation?.line == line
        && issue.comments.map(\.rawValue) == [
          """
          error: no registration for 'Unregistered'
            hint: registered here: 'AnalyticsProviding', 'Store', 'Clock'; \
          to fix, register it: container.register(Unregistered.self) { r in ... }
          """
        ]
    }
    #expect("\(thrown.map { "\($0)" } ?? "nothing")".hasPrefix("error: no registration for 'Unregistered'"))
    #expect(thrown is ResolutionError == false, "not the resolve's own error, which would be recorded again")
  }
}
