import DIScope
import DIScopeDebug
import Foundation
import Testing

@testable import Playground

/// A script run against an app (`discope attach --script FILE`, or a file played in the attached
/// playground) sends each command with its line, so the registrations it makes in the app name
/// the script's line, as a local session's do (issue 44); typed, they name nothing.
@Suite(.serialized) struct RemoteSiteTests {
  @Test func aScriptRunAgainstTheAppNamesItsLinesInTheApp() throws {
    let (controller, container, server, engine) = try RemoteEngineTests().attached()
    defer { server.stop() }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("site-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("fix.dis").path
    try """
      # against the app
      class Chime
      register Chime named solo
      assembly Chimes {

        register Chime named tower
      }
      assembly OneLine { register Chime named hand }
      activate Chimes
      activate OneLine

      """.write(toFile: path, atomically: true, encoding: .utf8)
    let report = engine.replay(path)
    #expect(report.status == .passed, "\(report.mismatches.map { $0.rendered() }) \(report.errorText ?? "")")
    controller.enter("register Chime named typed")
    let sites = Self.sites(in: container)
    #expect(sites["solo"] == "fix.dis:3", "\(sites)")
    // A block is sent as printed, one member a line: laid out otherwise, its lines would be
    // wrong in the app, so none is sent (nothing rather than a wrong line).
    #expect(sites["tower"] == "none" && sites["hand"] == "none", "\(sites)")
    #expect(sites["typed"] == "none", "\(sites)")
  }

  /// `discope attach --repl < fix.dis`: each command piped in is sent with its line there, so
  /// what it registers in the app names `<stdin>:N`.
  @Test func commandsPipedIntoTheAttachedREPLNameTheirLinesInTheApp() throws {
    let (_, container, server, engine) = try RemoteEngineTests().attached()
    defer { server.stop() }
    var lines = ["# against the app", "class Chime", "", "register Chime named piped"].makeIterator()
    let input = LineSource.standardInput(isTerminal: false) { lines.next() }
    #expect(PlainLines.run(PlaygroundOptions(engineFactory: { engine }), standardInput: input) == 0)
    let sites = Self.sites(in: container)
    #expect(sites["piped"] == "<stdin>:4", "\(sites)")
  }

  /// Where each named registration of `container` was made, by its name ("none" for nowhere).
  static func sites(in container: Container) -> [String: String] {
    var sites: [String: String] = [:]
    for info in container.stacks.flatMap(\.registrations) {
      guard let name = info.key.name else { continue }
      sites[name] = info.location?.description ?? "none"
    }
    return sites
  }

  @Test func aBlockWrittenAsPrintedNamesEachRegisterLineInTheApp() throws {
    let (_, container, server, engine) = try RemoteEngineTests().attached()
    defer { server.stop() }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("site-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("chimes.dis").path
    try """
      class Chime
      assembly Chimes {
        # the tower's
        register Chime named tower
        register Chime named hand
      }
      activate Chimes

      """.write(toFile: path, atomically: true, encoding: .utf8)
    let report = engine.replay(path)
    #expect(report.status == .passed, "\(report.mismatches.map { $0.rendered() }) \(report.errorText ?? "")")
    let sites = Self.sites(in: container)
    #expect(sites["tower"] == "chimes.dis:4" && sites["hand"] == "chimes.dis:5", "\(sites)")
  }
}
