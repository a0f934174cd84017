import DIScope
import DIScopeHopoate
import Testing

// The examples of Sources/DIScopeHopoate/DIScopeHopoate.docc/MigratingFromHopoate.md, compiled
// and run (`ArticleSyncTests` fails if the article and these regions drift apart).
@Suite("Article: Migrating from Hopoate")
struct HopoateArticle {
  protocol Analytics: Sendable { func track(_ event: String) -> String }
  struct LiveAnalytics: Analytics { func track(_ event: String) -> String { "sent \(event)" } }

  // --- DOCC: hopoate-checkout ---
  final class Checkout {
    @Dependency(container: HopoateArticle.dependencies) var analytics: any Analytics
    func buy() -> String { analytics.track("buy") }
  }
  // --- end ---

  static let dependencies = DependencyContainer()

  @Test func hopoatesApiOverADIScopeContainer() throws {
    // --- DOCC: hopoate-migration ---
    let dependencies = HopoateArticle.dependencies                // import DIScopeHopoate
    let registration = dependencies.register(LiveAnalytics(), for: (any Analytics).self)
    #expect(Checkout().buy() == "sent buy")
    let container: Container = dependencies.container             // DIScope's API from here
    #expect(container.explain((any Analytics).self).answering?.token == registration.token)
    dependencies.remove(registration)
    #expect(dependencies.optionalResolve((any Analytics).self) == nil)
    // --- end ---
  }
}
