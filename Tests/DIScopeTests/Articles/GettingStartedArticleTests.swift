import DIScope
import Testing

// The examples of Sources/DIScope/DIScope.docc/GettingStarted.md, compiled and run
// (`ArticleSyncTests` fails if the article and these regions drift apart).
@Suite("Article: Getting started")
struct GettingStartedArticle {
  // --- DOCC: getting-started-types ---
  protocol Greeting: Sendable {
    func greet(_ name: String) -> String
  }

  struct English: Greeting {
    func greet(_ name: String) -> String { "Hello, \(name)" }
  }

  final class Greeter: Sendable {
    let greeting: any Greeting
    init(greeting: any Greeting) { self.greeting = greeting }
    func welcome(_ name: String) -> String { greeting.greet(name) + "!" }
  }
  // --- end ---

  @Test func registerAndResolve() throws {
    // --- DOCC: getting-started ---
    let container = Container()
    container.register((any Greeting).self) { _ in English() }
    container.register(Greeter.self) { r in
      Greeter(greeting: try r.resolve((any Greeting).self))
    }
    let greeter = try container.resolve(Greeter.self)
    #expect(greeter.welcome("Ann") == "Hello, Ann!")
    // --- end ---
    #expect(try container.resolve(Greeter.self) === greeter, "a singleton by default")
  }

  @Test func aFailedResolveSaysWhatWhereAndHow() throws {
    let container = Container()
    container.register(Greeter.self) { r in Greeter(greeting: try r.resolve((any Greeting).self)) }
    // --- DOCC: getting-started-error ---
    do {
      _ = try container.resolve(Greeter.self)
    } catch let error as ResolutionError {
      #expect(error.kind == .notRegistered)
      #expect(error.path == ["Greeter", "Greeting"])
      print(error)  // what was asked, the path that led there, and a hint
    }
    // --- end ---
    let error = try #require(throws: ResolutionError.self) { try container.resolve(Greeter.self) }
    #expect(error.description.hasPrefix(Self.printedError + "\n  hint: "))
  }

  /// The article's excerpt of what `print(error)` prints.
  static let printedError = """
    error: no registration for 'Greeting'
      path: Greeter -> Greeting
    """
}
