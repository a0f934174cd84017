import DIScope
import DisSyntax
import Foundation

/// A `.dis` file to replay against a container the app built in Swift, from a test.
///
/// Every command runs on the container's own registrations (``Session/init(container:options:)``)
/// and is compared with the file as `discope test` compares it. A mismatch throws a
/// ``ScriptReplayFailure`` whose description is the same report `discope test` prints: the file
/// and line of each command that did not match, then its diff.
///
/// ```swift
/// @Test func appResolvesAsScripted() throws {
///   let container = Container()
///   RFAssembly().assemble(into: container)
///   container.registerMock(Logging.self) { MockLogger() }
///   try DisScriptFile(contentsOf: url).replay(on: container)
/// }
/// ```
public struct DisScriptFile: Sendable {
  /// The parsed script.
  public let script: Script

  /// Reads and parses the file at `url`; throws ``ScriptReplayFailure`` when it does not parse.
  public init(contentsOf url: URL) throws {
    let data = try Data(contentsOf: url)
    try self.init(text: String(decoding: data, as: UTF8.self), path: url.path)
  }

  /// Parses `text`, reporting its lines as `path`'s.
  public init(text: String, path: String) throws {
    let parsed = ScriptParser().parse(text, path: path)
    if parsed.hasErrors {
      throw ScriptReplayFailure(description: parsed.renderedDiagnostics, mismatches: [])
    }
    script = parsed.script
  }

  /// Replays the script on `container`, throwing when any command does not match the file.
  @discardableResult
  public func replay(on container: Container, options: SessionOptions = SessionOptions()) throws -> ReplayResult {
    let result = ScriptReplay(options: options).replay(script, on: container)
    guard result.passed else {
      let report = result.mismatches.map { $0.rendered() }.joined(separator: "\n\n")
      let count = result.mismatches.count
      throw ScriptReplayFailure(
        description: report + "\n\(script.path): \(count) command\(count == 1 ? "" : "s") did not match",
        mismatches: result.mismatches)
    }
    return result
  }
}

extension ScriptReplay {
  /// Replays `script` on `container`, a container built in Swift, in a session attached to it.
  ///
  /// ```swift
  /// let result = ScriptReplay().replay(script, on: container)
  /// #expect(result.passed, "\(result.mismatches.map { $0.rendered() })")
  /// ```
  public func replay(_ script: Script, on container: Container) -> ReplayResult {
    replay(script, section: nil, in: Session(container: container, options: options))
  }
}

/// A replay that did not match its file: the report `discope test` prints, and the mismatches.
public struct ScriptReplayFailure: Error, Sendable, CustomStringConvertible {
  /// `path:line: command`, then the diff, for each command that did not match.
  public let description: String
  /// The commands that did not match, in file order.
  public let mismatches: [Mismatch]
}
