import DIScope
import DIScopeDebug
import Foundation
import Testing

// The example of Sources/DIScope/DIScope.docc/DebuggingALiveApp.md, compiled and run
// (`ArticleSyncTests` fails if the article and this region drift apart).
@Suite(.serialized) struct DebuggingArticleTests {
  @Test func theServerIsOffUnlessAsked() throws {
    let container = Container(name: "article")
    unsetenv("DISCOPE_ATTACH")
    // --- DOCC: attach-server ---
    // import DIScopeDebug (its own product, apart from DIScope)
    let server = try DebugServer.startIfRequested(container)  // on when DISCOPE_ATTACH=1 is set
    // --- end ---
    #expect(server == nil)
  }
}
