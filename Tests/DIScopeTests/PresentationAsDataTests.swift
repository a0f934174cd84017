import DIScope
import Testing

/// What a reader needs of an error or a resolution is a field, never found again in the words:
/// whether the path gets a line of its own, whether it was shortened, the lines of a diagnostic,
/// and the one way a tree is assembled and drawn.
@Suite struct PresentationAsDataTests {
  final class A: Sendable {}
  final class B: Sendable {}
  final class Root: Sendable {}
  final class Node: Sendable {
    let next: Node?
    init(next: Node?) { self.next = next }
  }

  private func cycleError() throws -> ResolutionError {
    let container = Container()
    container.register(A.self) { r in _ = try r.resolve(B.self); return A() }
    container.register(B.self) { r in _ = try r.resolve(A.self); return B() }
    return try #require(throws: ResolutionError.self) { try container.resolve(A.self) }
  }

  @Test func aCycleMetAtItsRootNamesItsPathInItsMessageOnly() throws {
    let error = try cycleError()
    #expect(error.message == "dependency cycle: \(error.pathDescription)")
    #expect(!error.showsPathApart)
    #expect(error.lines.count == 2, "the message and the hint: \(error.lines)")
    #expect(!error.lines.contains { $0.hasPrefix("  path:") })
    #expect(error.description == error.lines.joined(separator: "\n"))
  }

  @Test func aCycleReachedAlongALongerPathShowsThatPath() throws {
    let error = try cycleError().reached(along: ["Screen"] + (try cycleError()).path)
    #expect(error.showsPathApart)
    #expect(error.lines[1] == "  path: Screen -> \(try cycleError().pathDescription)")
  }

  @Test func anyOtherFailureShowsAPathOfMoreThanOneService() throws {
    let container = Container()
    container.register(Root.self) { r in _ = try r.resolve(A.self); return Root() }
    let error = try #require(throws: ResolutionError.self) { try container.resolve(Root.self) }
    #expect(error.showsPathApart)
    #expect(error.lines[0] == "error: \(error.message)")
    #expect(error.lines[1] == "  path: \(error.pathDescription)")
    let alone = try #require(throws: ResolutionError.self) { try container.resolve(A.self) }
    #expect(!alone.showsPathApart)
  }

  @Test func aPathTooDeepToNameSaysHowMuchItLeavesOut() throws {
    let container = Container()
    for index in 0..<1_000 {
      container.register(Node.self, name: "n\(index)", scope: .prototype) { r in
        Node(next: try r.resolve(Node.self, name: "n\(index + 1)"))
      }
    }
    let error = try #require(throws: ResolutionError.self) { try container.resolve(Node.self, name: "n0") }
    #expect(error.kind == .tooDeep)
    #expect(error.omittedFromPath == Container.maximumDepth - 10)
    #expect(error.path.count == 12, "five services, the elision, five, and the one refused")
    #expect(error.reached(along: ["Screen"] + error.path).omittedFromPath == error.omittedFromPath)
    let whole = try cycleError()
    #expect(whole.omittedFromPath == 0)
  }

  // MARK: - One way to assemble a tree, one way to draw it

  private struct Item: Equatable {
    var text: String
    var children: [Item] = []
  }

  @Test func stepsAssembleIntoTheirRootsTree() {
    var builder = StepTreeBuilder<Item>()
    // Innermost first: C (under B), B (under Root), D (under Root), then Root.
    #expect(builder.add(depth: 2) { Item(text: "C", children: $0) } == nil)
    #expect(builder.add(depth: 1) { Item(text: "B", children: $0) } == nil)
    #expect(builder.add(depth: 1) { Item(text: "D", children: $0) } == nil)
    let root = builder.add(depth: 0) { Item(text: "Root", children: $0) }
    #expect(root == Item(text: "Root", children: [Item(text: "B", children: [Item(text: "C")]), Item(text: "D")]))
    #expect(builder.abandon().isEmpty, "a finished root leaves nothing waiting")
  }

  @Test func aFailedResolveHangsWhatItBuiltUnderThePathThatNeverFinished() {
    var builder = StepTreeBuilder<Item>()
    // Root resolved A (finished), then X, which resolved A again before it failed further down.
    _ = builder.add(depth: 1) { Item(text: "A", children: $0) }
    _ = builder.add(depth: 2) { Item(text: "A again", children: $0) }
    let partial = builder.abandon(under: ["Root", "X", "Y"]) { Item(text: $0 + " …", children: $1) }
    #expect(
      partial == [Item(text: "Root …", children: [Item(text: "A"), Item(text: "X …", children: [Item(text: "A again")])])])
    #expect(builder.abandon().isEmpty, "abandoning empties the builder")
  }

  @Test func aPathThatDoesNotFollowTheDepthsLeavesTheSubtreesSideBySide() {
    var builder = StepTreeBuilder<Item>()
    _ = builder.add(depth: 1) { Item(text: "A", children: $0) }
    _ = builder.add(depth: 3) { Item(text: "B", children: $0) }
    let partial = builder.abandon(under: ["Root"]) { Item(text: $0 + " …", children: $1) }
    #expect(partial == [Item(text: "A"), Item(text: "B")])
  }

  @Test func everyTreeIsDrawnWithTheOneGlyphTable() {
    let tree = Item(text: "Root", children: [Item(text: "B", children: [Item(text: "C")]), Item(text: "D")])
    let unicode = ResolutionTree.Glyphs.unicode.draw([tree], children: \.children) { $1 + $0.text }
    #expect(unicode == ["Root", "├─ B", "│  └─ C", "└─ D"])
    let ascii = ResolutionTree.Glyphs.ascii.draw([tree], children: \.children) { $1 + $0.text }
    #expect(ascii == ["Root", "|- B", "|  `- C", "`- D"])
    #expect(ResolutionTree.Glyphs.ascii.draw([tree, tree], children: \.children) { $1 + $0.text }.count == 8)
  }

  @Test func aResolutionTreeIsDrawnTheSameWayWithTheTypeNamesItIsGiven() throws {
    let container = Container()
    container.register(A.self) { _ in A() }
    container.register(Root.self) { r in _ = try r.resolve(A.self); return Root() }
    let recorder = TraceRecorder(container)
    _ = try container.resolve(Root.self)
    let tree = try #require(recorder.recorded.last)
    let lines = tree.rendered()
    #expect(lines.count == 2 && lines[1].hasPrefix("└─ A#"))
    let named = tree.rendered { $0.key.serviceName == "A" ? "Renamed" : nil }
    #expect(named[0] == lines[0])
    #expect(named[1].hasPrefix("└─ A → Renamed#"), "\(named)")
  }
}
