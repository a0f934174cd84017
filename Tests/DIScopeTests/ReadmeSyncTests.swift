import Foundation
import Testing

/// Every ```swift block of the README is preceded by `<!-- README: NAME -->` and must appear, line
/// for line, between `// --- README: NAME ---` and `// --- end ---` in a test file, where it is
/// compiled and run. White space inside a line is not significant.
@Suite("README examples are the tested ones")
struct ReadmeSyncTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func everySwiftBlockIsMirroredByATest() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let blocks = Self.swiftBlocks(in: readme)
    #expect(blocks.count >= 5)
    let regions = try Self.testRegions()
    for (name, lines) in blocks {
      let mirror = try #require(regions[name], "README block '\(name)' has no test region")
      #expect(lines == mirror, "README block '\(name)' differs from its test")
    }
  }

  static func normalized(_ line: Substring) -> String {
    line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// The ```swift blocks of `text`, each named by the `<!-- MARKER: NAME -->` line above it
  /// (`README` in the README, `DOCC` in the DocC articles).
  static func swiftBlocks(in text: String, marker: String = "README") -> [(String, [String])] {
    var blocks: [(String, [String])] = []
    var name: String?
    var current: [String]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("<!-- \(marker): ") {
        name = String(line.dropFirst("<!-- \(marker): ".count).dropLast(" -->".count))
      } else if line == "```swift" {
        #expect(name != nil, "a swift block has no <!-- \(marker): NAME --> marker")
        current = []
      } else if line == "```", let lines = current {
        blocks.append((name ?? "?", lines))
        (name, current) = (nil, nil)
      } else if current != nil {
        let text = normalized(line)
        if !text.isEmpty { current!.append(text) }
      }
    }
    return blocks
  }

  /// The regions between `// --- MARKER: NAME ---` and `// --- end ---` in every Swift file of the
  /// library's and the tools' tests, by name.
  static func testRegions(marker: String = "README") throws -> [String: [String]] {
    var regions: [String: [String]] = [:]
    // The library's tests, and the tools' (the debugging examples run against the example app).
    let targets = try ["Tests", "Tools/Tests"].flatMap { folder in
      try FileManager.default.contentsOfDirectory(
        at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
    }
    let files = targets.flatMap { target in
      (FileManager.default.enumerator(at: target.resolvingSymlinksInPath(), includingPropertiesForKeys: nil)?
        .compactMap { $0 as? URL } ?? [])
    }
    for url in files where url.pathExtension == "swift" {
      let text = try String(contentsOf: url, encoding: .utf8)
      var name: String?
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let trimmed = normalized(line)
        if trimmed.hasPrefix("// --- \(marker): ") {
          name = String(trimmed.dropFirst("// --- \(marker): ".count).dropLast(" ---".count))
          regions[name!] = []
        } else if trimmed == "// --- end ---" {
          name = nil
        } else if let name, !trimmed.isEmpty {
          regions[name]!.append(trimmed)
        }
      }
    }
    return regions
  }
}
