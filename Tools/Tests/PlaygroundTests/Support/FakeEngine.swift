import DIScope
import DisSyntax
@testable import Playground

/// A tiny engine over a real container, for model tests that must not depend on the `.dis`
/// interpreter: `register S`, `resolve S` (S may depend on `Dep`), `mock S`, `remove tN`, `fail`.
final class FakeEngine: LocalPlaygroundEngine {
  final class Thing: Sendable {}

  var container = Container()
  private var followers: [(Container) -> Void] = []
  func followContainer(_ handler: @escaping (Container) -> Void) { followers.append(handler) }
  var instanceTypeNamer: InstanceTypeNamer { { _ in nil } }
  var errorDescriber: ErrorDescriber { { error, _ in error.lines } }
  private var tokens: [String: DIScope.RegistrationToken] = [:]
  private(set) var commands: [String] = []

  func run(_ source: String) -> PlaygroundOutcome {
    switch ScriptParser().parseCommand(source) {
    case .success(let entry): return run(entry)
    case .failure(let failure):
      return PlaygroundOutcome(entry: nil, output: failure.diagnostics.map { "error: \($0.message)" },
                               isFailure: true, recordedText: "")
    }
  }

  func run(_ entry: Entry) -> PlaygroundOutcome {
    let text = entry.command.description
    commands.append(text)
    let words = text.split(separator: " ").map(String.init)
    var output: [String] = []
    var failed = false
    switch words.first {
    case "register", "mock":
      let name = words[1]
      let depends = name != "Dep"
      let token = container.register(
        key: ServiceKey(service: name, instanceType: Thing.self), implementationName: "Fake\(name)",
        isMock: words[0] == "mock"
      ) { resolver in
        if depends { _ = try? resolver.resolve(key: ServiceKey(service: "Dep", instanceType: Thing.self), as: Thing.self) }
        return Thing()
      }
      tokens[token.description] = token
      output = ["+ \(token) \(name)"]
    case "resolve":
      do {
        _ = try container.resolve(key: ServiceKey(service: words[1], instanceType: Thing.self), as: Thing.self)
        output = ["\(words[1]) ok"]
      } catch {
        output = ["error: \(error)"]
        failed = true
      }
    case "remove":
      if let token = tokens[words[1]], container.remove(token) { output = ["- \(words[1])"] } else {
        output = ["error: no live token '\(words[1])'"]
        failed = true
      }
    case "reset":
      container = Container()
      for follower in followers { follower(container) }
    default:
      output = ["error: unsupported"]
      failed = true
    }
    var recorded = entry
    recorded.isExpectedToFail = failed
    return PlaygroundOutcome(
      entry: entry, output: output, isFailure: failed,
      recordedText: ScriptRecorder.text(for: recorded, output: output), errorLines: failed ? [0] : [])
  }

  /// How many times the completion words were read.
  private(set) var completionReads = 0

  var completionWords: CompletionWords {
    completionReads += 1
    return CompletionWords(services: container.stacks.map(\.key.serviceName), tokens: tokens.keys.sorted())
  }
}

extension PlaygroundController {
  /// A synchronous controller over a fresh fake engine.
  static func fake() -> PlaygroundController {
    PlaygroundController(engine: FakeEngine(), factory: { FakeEngine() }, isSynchronous: true)
  }

  /// Types a line, presses Enter, and applies the results.
  func enter(_ line: String) {
    type(line)
    handle(.enter)
    settle()
  }

  func texts(_ pane: PaneID) -> [String] { state.visibleLines(of: pane).map(\.text) }
}
