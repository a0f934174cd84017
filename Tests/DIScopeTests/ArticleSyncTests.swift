import Foundation
import Testing

/// Every ```swift block of the DocC articles (`Sources/MODULE/MODULE.docc/*.md`) is preceded by
/// `<!-- DOCC: NAME -->` and must appear, line for line, between `// --- DOCC: NAME ---` and
/// `// --- end ---` in a test file, where it is compiled and run (the README's rule, by
/// `ReadmeSyncTests`' reading). White space inside a line is not significant.
@Suite("DocC articles' examples are the tested ones")
struct ArticleSyncTests {
  static let modules = ["DIScope", "DIScopeTesting", "DIScopeSwinject", "DIScopeHopoate"]

  static func articles() throws -> [URL] {
    try modules.flatMap { module in
      let catalog = ReadmeSyncTests.root.appendingPathComponent("Sources/\(module)/\(module).docc")
      return try FileManager.default.contentsOfDirectory(at: catalog, includingPropertiesForKeys: nil)
        .filter { $0.pathExtension == "md" }
    }
  }

  @Test func everyCatalogHasItsLandingPageAndArticles() throws {
    let names = Set(try Self.articles().map(\.lastPathComponent))
    for module in Self.modules { #expect(names.contains("\(module).md"), "no landing page for \(module)") }
    #expect(names.count >= 12)
  }

  @Test func everySwiftBlockIsMirroredByATest() throws {
    let regions = try ReadmeSyncTests.testRegions(marker: "DOCC")
    var seen = 0
    for article in try Self.articles() {
      let text = try String(contentsOf: article, encoding: .utf8)
      for (name, lines) in ReadmeSyncTests.swiftBlocks(in: text, marker: "DOCC") {
        seen += 1
        let mirror = try #require(regions[name], "\(article.lastPathComponent): block '\(name)' has no test region")
        #expect(lines == mirror, "\(article.lastPathComponent): block '\(name)' differs from its test")
      }
    }
    #expect(seen >= 10)
  }
}
