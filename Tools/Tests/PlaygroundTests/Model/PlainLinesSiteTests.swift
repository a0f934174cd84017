import DIScope
import DisScript
import Foundation
import Testing
@testable import Playground

/// `discope play FILE` off a terminal reads the file line by line, as `discope run FILE` runs it:
/// each command goes with the line it starts on, so its registrations name the script's line
/// (pane 1, hints) as a played or run script's do (issue 44); standard input's name nothing.
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
}

/// Hands one session to a factory.
///
/// `@unchecked Sendable`: the factory is called on the test's own thread (the plain line mode
/// runs its engine synchronously), so the session is never used from two threads.
private final class SessionBox: @unchecked Sendable {
  let session = Session()
}
