import DIScope
import DisScript
import Foundation
import Testing
@testable import Playground

/// `discope play FILE` off a terminal reads the file line by line, as `discope run FILE` runs it:
/// each command goes with the line it starts on, so its registrations name the script's line
/// (pane 1, hints) as a played or run script's do (issue 44); commands piped on standard input
/// name theirs there (`<stdin>:4`), and commands typed at a terminal name nothing.
@Suite struct PlainLinesSiteTests {
  @Test func aFileReadLineByLineNamesEachCommandsLine() throws {
    let path = NSTemporaryDirectory() + "discope-plain-site-\(UUID().uuidString).dis"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try """
      class A
        # not a command: an expected block's line

      register A named solo
      assembly B {
        register A named block
      }
      activate B

      """.write(toFile: path, atomically: true, encoding: .utf8)
    let box = SessionBox()
    var options = PlaygroundOptions(engineFactory: { box.session })
    options.scriptPath = path
    #expect(PlainLines.run(options) == 0)
    var sites: [String: String] = [:]
    for info in box.session.container.stacks.flatMap(\.registrations) {
      if let name = info.key.name { sites[name] = info.location?.description ?? "none" }
    }
    let name = String(path.split(separator: "/").last ?? "")
    #expect(sites == ["solo": "\(name):4", "block": "\(name):6"], "\(sites)")
  }

  /// `discope repl < lesson.dis`, `cat lesson.dis | discope play`: the same lines piped in.
  @Test func commandsPipedOnStandardInputNameTheirLineThere() {
    let sites = Self.sites(readingStandardInput: Self.script, isTerminal: false)
    #expect(sites == ["solo": "<stdin>:4", "block": "<stdin>:6"], "\(sites)")
  }

  /// Typed at a terminal that cannot hold the full screen: a typed command has no line.
  @Test func commandsTypedAtATerminalNameNothing() {
    let sites = Self.sites(readingStandardInput: Self.script, isTerminal: true)
    #expect(sites == ["solo": "none", "block": "none"], "\(sites)")
  }

  static let script = """
    class A
      # not a command: an expected block's line

    register A named solo
    assembly B {
      register A named block
    }
    activate B
    """

  /// The site of each named registration after the plain line mode read `text` as standard input.
  static func sites(readingStandardInput text: String, isTerminal: Bool) -> [String: String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).makeIterator()
    let input = LineSource.standardInput(isTerminal: isTerminal) { lines.next() }
    let box = SessionBox()
    let status = PlainLines.run(PlaygroundOptions(engineFactory: { box.session }), standardInput: input)
    #expect(status == 0)
    var sites: [String: String] = [:]
    for info in box.session.container.stacks.flatMap(\.registrations) {
      if let name = info.key.name { sites[name] = info.location?.description ?? "none" }
    }
    return sites
  }
}

/// Hands one session to a factory.
///
/// `@unchecked Sendable`: the factory is called on the test's own thread (the plain line mode
/// runs its engine synchronously), so the session is never used from two threads.
private final class SessionBox: @unchecked Sendable {
  let session = Session()
}
