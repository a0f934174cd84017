import DIScopeCLI
import DisScript
import Foundation
import Synchronization
import Testing

/// Every command reads a script the same way (`FileSystem.readScript`): never waiting on a named
/// pipe, one size rule in one message; over a folder, what is not a regular file is skipped with
/// a note and never opened.
@Suite struct ScriptReadingCommandTests {
  /// Runs `discope arguments...` on another thread; a hang (a pipe opened and waited on) is a
  /// recorded failure after `seconds` instead of a suite that never ends.
  func discopeWithin(_ arguments: String..., seconds: Double = 30, sourceLocation: SourceLocation = #_sourceLocation)
    -> (status: Int32, output: String, error: String)
  {
    let captured = Captured()
    let status = ManagedStatus()
    let done = DispatchSemaphore(value: 0)
    let context = captured.context()
    Thread.detachNewThread {
      status.set(DiscopeCLI.run(arguments, context: context))
      done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .success else {
      Issue.record("discope \(arguments.joined(separator: " ")) hung", sourceLocation: sourceLocation)
      return (-1, captured.standardOutput, captured.standardError)
    }
    return (status.value, captured.standardOutput, captured.standardError)
  }

  /// A folder holding a named pipe and a socket named `*.dis`: `test` and `fmt` hung on the pipe.
  @Test func testAndFmtOverAFolderSkipAPipeAndASocket() throws {
    let directory = temporaryDirectory()
    try write(passingScript, to: directory + "/a.dis")
    #expect(mkfifo(directory + "/p.dis", 0o600) == 0)
    let socket = try #require(Self.bindSocket(at: directory + "/s.dis"))
    defer { close(socket) }
    let test = discopeWithin("test", directory)
    #expect(test.status == 0, "\(test.output)\(test.error)")
    #expect(test.output.contains("1 passed, 0 failed"), "\(test.output)")
    #expect(test.error.contains("note: skipped '\(directory)/p.dis': it is a named pipe, not a file"), "\(test.error)")
    #expect(test.error.contains("note: skipped '\(directory)/s.dis': it is a socket, not a file"), "\(test.error)")
    let fmt = discopeWithin("fmt", "--check", directory)
    #expect(fmt.status == 0, "\(fmt.output)\(fmt.error)")
    #expect(fmt.error.contains("note: skipped '\(directory)/p.dis'"), "\(fmt.error)")
  }

  /// A pipe named on its own is refused, never waited on, by every command that reads a script.
  @Test func aPipeNamedOnItsOwnIsRefused() throws {
    let directory = temporaryDirectory()
    let fifo = directory + "/p.dis"
    #expect(mkfifo(fifo, 0o600) == 0)
    let test = discopeWithin("test", fifo)
    #expect(test.status == 2)
    #expect(test.error.contains("\(fifo):1:1: error: cannot read a named pipe: only a regular file is read"), "\(test.error)")
    let run = discopeWithin("run", fifo)
    #expect(run.status == 2)
    #expect(run.error.contains("\(fifo):1:1: error: cannot read a named pipe"), "\(run.error)")
    #expect(discopeWithin("fmt", fifo).status == 2)
    #expect(discopeWithin("export", "swift", fifo).status == 2)
  }

  /// `fmt emptydir` exited 0 silently where `test` says "no .dis files".
  @Test func fmtOfAFolderWithoutScriptsSaysSoAsTestDoes() throws {
    let directory = temporaryDirectory()
    let fmt = discope("fmt", directory)
    #expect(fmt.status == 2)
    #expect(fmt.error.contains("error: no .dis files under \(directory)"), "\(fmt.error)")
    let test = discope("test", directory)
    #expect(test.status == 2)
    #expect(test.error.contains("no .dis files under \(directory)"), "\(test.error)")
  }

  /// "larger than 4194305 bytes" in `test`, "the limit is 4194304" in `run`: one rule, one
  /// message, with the file's size.
  @Test func theSizeLimitIsOneRuleInOneMessage() throws {
    let directory = temporaryDirectory()
    let path = directory + "/big.dis"
    let size = 4 * 1024 * 1024 + 96
    try String(repeating: "#", count: size).write(toFile: path, atomically: false, encoding: .utf8)
    let message = "\(path):1:1: error: file is too large: \(size) bytes, the limit is 4194304\nhint: to fix, split the script into several files"
    for command in ["test", "run", "fmt"] {
      let result = discope(command, path)
      #expect(result.status == 2, "\(command)")
      #expect(result.error.contains(message), "\(command): \(result.error)")
    }
    let export = discope("export", "swift", path)
    #expect(export.error.contains(message), "\(export.error)")
    // Exactly at the limit: read, and parsed.
    let fits = directory + "/fits.dis"
    let line = "#" + String(repeating: "x", count: 1022) + "\n"
    try String(repeating: line, count: 4096).write(toFile: fits, atomically: false, encoding: .utf8)
    #expect(discope("run", fits).status == 0)
  }

  static func bindSocket(at path: String) -> Int32? {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard bound == 0 else {
      close(descriptor)
      return nil
    }
    return descriptor
  }
}

/// A status set on one thread and read on another.
final class ManagedStatus: Sendable {
  private let status = Mutex<Int32>(0)
  var value: Int32 { status.withLock { $0 } }
  func set(_ value: Int32) { status.withLock { $0 = value } }
}
