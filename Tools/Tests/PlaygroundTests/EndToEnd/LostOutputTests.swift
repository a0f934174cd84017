import Foundation
import TerminalTesting
import Testing

/// The real `discope` binary, as CI runs it: output it could not write is an error, never a
/// silent success with a truncated transcript.
@Suite(.enabled(if: DiscopeBinary.path != nil, "discope is not built"))
struct LostOutputTests {
  func script() throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("lost-output-\(UUID().uuidString).dis").path
    try "class A\nregister A\nresolve A\n".write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test(arguments: ["> /dev/full", ">&-"])
  func outputThatCannotBeWrittenExits74(redirection: String) throws {
    let path = try script()
    defer { try? FileManager.default.removeItem(atPath: path) }
    for subcommand in ["run", "test"] {
      let result = try SpawnedCommand.run(
        ["bash", "-c", "'\(DiscopeBinary.path!)' \(subcommand) '\(path)' \(redirection)"])
      #expect(result.status == 74, "\(subcommand) \(redirection): \(result.errorOutput)")
      #expect(result.errorOutput.contains("discope: error: output was lost: "), "\(result.errorOutput)")
    }
  }

  /// The playground's line modes (the REPL and `play` off a terminal) say so as `run` does,
  /// where `FileHandle`'s write used to end them with a crash (status 132 and a backtrace).
  @Test(arguments: ["> /dev/full", ">&-"])
  func theLineModesExit74Too(redirection: String) throws {
    let path = try script()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let discope = "'\(DiscopeBinary.path!)'"
    for command in [
      "\(discope) repl < '\(path)'", "\(discope) play '\(path)'", "printf 'shutdown\\n' | \(discope)",
      "printf '! shutdown\\nrelease container nope\\n' | \(discope) repl --demo --no-history",
    ] {
      let result = try SpawnedCommand.run(["bash", "-c", "\(command) \(redirection)"])
      #expect(result.status == 74, "\(command) \(redirection): \(result.errorOutput)")
      #expect(result.errorOutput.contains("discope: error: output was lost: "), "\(result.errorOutput)")
      #expect(!result.errorOutput.contains("Fatal error"), "\(result.errorOutput)")
    }
  }

  /// Output lost, the session still runs every command: its recording is whole, and only the
  /// recording (standard output closed, the file could take its descriptor number).
  @Test func aRecordingIsWholeWhenOutputIsLost() throws {
    let path = try script()
    let recording = path.replacingOccurrences(of: ".dis", with: "-recorded.dis")
    defer {
      try? FileManager.default.removeItem(atPath: path)
      try? FileManager.default.removeItem(atPath: recording)
    }
    let result = try SpawnedCommand.run(
      ["bash", "-c", "'\(DiscopeBinary.path!)' repl --no-history --record '\(recording)' < '\(path)' >&-"])
    #expect(result.status == 74, "\(result.errorOutput)")
    let written = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(written.components(separatedBy: "resolve A\n").count == 2, "\(written)")
    let replayed = try SpawnedCommand.run([DiscopeBinary.path!, "test", recording])
    #expect(replayed.status == 0, "\(replayed.output)\(written)")
  }
}
