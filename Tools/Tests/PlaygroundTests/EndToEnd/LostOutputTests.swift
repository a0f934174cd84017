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
}
