// Support for `AttachEndToEndTests`: the `example-server` app started as a child process (its
// output in files the tests read while it runs), the `discope` binary beside the test bundle, a
// raw client speaking bytes to the app's socket, and polling without fixed sleeps.
import Foundation
import TerminalTesting
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `example-server` and `discope`, built beside this test bundle, and tmux.
enum AttachBinaries {
  static let server = beside("example-server")
  /// The app wired through Swinject's API (`DIScopeSwinject`).
  static let swinjectServer = beside("swinject-example-server")
  static let discope = beside("discope")

  static let isTmuxInstalled = (try? SpawnedCommand.run(["tmux", "-V"]).status) == 0
  static var isReady: Bool { server != nil && discope != nil }
  static var isReadyInTmux: Bool { isReady && isTmuxInstalled }

  /// Root, with `runuser` and a system python3 that `nobody` can run (a pyenv shim under /root
  /// is not).
  static var canSwitchUser: Bool {
    isReady && getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser")
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
  }

  /// A shell command for tmux: `discope ARGUMENTS` in `directory`, then the terminal modes
  /// (`isig icanon echo` when restored) and the exit status kept for `[exit N]`.
  static func shell(_ arguments: String, in directory: String) -> String {
    "cd '\(directory)'; '\(discope ?? "discope")' \(arguments)"
      + "; s=$?; printf 'modes:'; stty -a | tr ' ;' '\\n\\n' | grep -xE -- '-?(isig|icanon|echo)'"
      + " | tr '\\n' ' '; echo; (exit $s)"
  }

  private static func beside(_ name: String) -> String? {
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent(name).path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }
}

/// A failure of the tests' own plumbing (a socket, a spawn).
struct AttachTestError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// A fresh directory under the temporary directory, with `mode`; removed by `remove()`.
func makeTemporaryDirectory(mode: mode_t = 0o700) throws -> String {
  var template = Array((FileManager.default.temporaryDirectory.path + "/discope-attach-XXXXXX").utf8CString)
  guard let made = mkdtemp(&template) else { throw AttachTestError("mkdtemp: errno \(errno)") }
  let path = String(cString: made)
  chmod(path, mode)
  return path
}

/// Polls `condition` every 50 ms until it holds; records an issue naming `description` (and what
/// `detail` says then) when `timeout` passes first. Returns whether it held.
@discardableResult
func waitUntil(
  _ description: String, timeout: Duration = .seconds(60), detail: () -> String = { "" },
  sourceLocation: SourceLocation = #_sourceLocation, _ condition: () throws -> Bool
) rethrows -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now + timeout
  while clock.now < deadline {
    if try condition() { return true }
    usleep(50_000)
  }
  if try condition() { return true }
  Issue.record("timed out after \(timeout) waiting for \(description)\n\(detail())", sourceLocation: sourceLocation)
  return false
}

/// The example app serving its container: `example-server` started with `posix_spawn` (an empty
/// signal mask, so that SIGTERM reaches its dispatch source), its standard output and error in
/// files of its own directory.
final class ServedApp {
  let directory: String
  let pid: pid_t
  /// The socket it serves, as it printed it (`serving PATH`).
  private(set) var socketPath = ""
  private var status: Int32?
  private let removesDirectory: Bool

  /// Starts the app in `directory` (a fresh 0700 one by default); `--socket directory/app.sock`
  /// unless `socket` is false; `environment` adds to the test's own.
  init(
    directory: String? = nil, socket: Bool = true, readOnly: Bool = false, environment: [String: String] = [:],
    executable: String? = AttachBinaries.server, extraArguments: [String] = []
  ) throws {
    let server = try #require(executable)
    self.directory = try directory ?? makeTemporaryDirectory()
    removesDirectory = directory == nil
    var arguments = [server]
    if socket { arguments += ["--socket", "\(self.directory)/app.sock"] }
    if readOnly { arguments.append("--read-only") }
    arguments += extraArguments
    let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    pid = try Self.spawn(
      arguments, environment: env, output: "\(self.directory)/stdout", errors: "\(self.directory)/stderr")
    let served = waitUntil("the app to say where it serves", detail: { self.describe() }) {
      output.contains("serving ") && output.contains("\n")
    }
    guard served, let line = output.split(separator: "\n").first(where: { $0.hasPrefix("serving ") }) else {
      close()
      throw AttachTestError("example-server did not start:\n\(describe())")
    }
    socketPath = String(line.dropFirst("serving ".count))
  }

  /// What it printed on standard output so far.
  var output: String { (try? String(contentsOfFile: "\(directory)/stdout", encoding: .utf8)) ?? "" }
  /// What it printed on standard error so far (the server's `discope-debug:` lines).
  var errors: String { (try? String(contentsOfFile: "\(directory)/stderr", encoding: .utf8)) ?? "" }

  /// Its `tick N logger=… webService.logger=…` lines, as (N, the logger it resolved).
  var ticks: [(number: Int, logger: String)] {
    output.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ")
      guard words.count >= 3, words[0] == "tick", let number = Int(words[1]), words[2].hasPrefix("logger=") else {
        return nil
      }
      return (number, String(words[2].dropFirst("logger=".count)))
    }
  }

  /// Whether, after the last tick that resolved a `MockLogger`, a tick resolved the app's own
  /// `ConsoleLogger` again (and at least one tick came with the mock).
  var isBackToConsoleLoggerAfterMock: Bool {
    let ticks = self.ticks
    guard let lastMock = ticks.lastIndex(where: { $0.logger == "MockLogger" }) else { return false }
    return ticks[(lastMock + 1)...].contains { $0.logger == "ConsoleLogger" }
  }

  var lastTick: Int { ticks.last?.number ?? 0 }

  /// Both outputs, for a failing expectation's message.
  func describe() -> String {
    "app pid \(pid), stdout (last lines):\n" + output.split(separator: "\n").suffix(8).joined(separator: "\n")
      + "\nstderr:\n" + errors
  }

  var isRunning: Bool {
    if status != nil { return false }
    var raw: Int32 = 0
    let reaped = waitpid(pid, &raw, WNOHANG)
    if reaped == pid {
      status = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
      return false
    }
    return reaped == 0
  }

  func send(_ signal: Int32) { if status == nil { kill(pid, signal) } }

  /// Waits for the app to exit; its status (128 + N for signal N), or nil on timeout.
  func waitForExit(timeout: Duration = .seconds(60)) -> Int32? {
    waitUntil("the app (pid \(pid)) to exit", timeout: timeout, detail: { self.describe() }) { !isRunning }
    return status
  }

  /// Kills the app (if still running), reaps it, and removes the directory the test made.
  func close() {
    if isRunning {
      kill(pid, SIGKILL)
      var raw: Int32 = 0
      while waitpid(pid, &raw, 0) == -1 && errno == EINTR {}
      status = 137
    }
    if removesDirectory { try? FileManager.default.removeItem(atPath: directory) }
  }

  deinit { close() }

  private static func spawn(_ arguments: [String], environment: [String: String], output: String, errors: String)
    throws -> pid_t
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var attributes = SpawnedCommand.cleanSignalAttributes()
    defer { posix_spawnattr_destroy(&attributes) }
    var argv = arguments.map { strdup($0) } + [nil]
    var envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, &envp)
    guard result == 0 else { throw AttachTestError("cannot start \(arguments[0]): errno \(result)") }
    return pid
  }
}

/// A client that speaks raw bytes to a Unix socket (what no `discope` would send).
final class RawSocketClient {
  private(set) var fd: Int32

  init(path: String) throws {
    fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw AttachTestError("socket: errno \(errno)") }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      throw AttachTestError("socket path too long: \(path)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else {
      let code = errno
      Glibc.close(fd)
      throw AttachTestError("connect \(path): errno \(code)")
    }
  }

  func send(_ bytes: [UInt8]) throws {
    let written = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    guard written == bytes.count else { throw AttachTestError("send: \(written), errno \(errno)") }
  }

  /// Reads until the server closes the connection: what it sent, and whether it closed before
  /// `timeout`.
  func readToEnd(timeout: Duration = .seconds(60)) -> (bytes: [UInt8], closed: Bool) {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while clock.now < deadline {
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      let count = recv(fd, &chunk, chunk.count, 0)
      if count > 0 {
        received += chunk[..<count]
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        return (received, true)  // EOF, or ECONNRESET: the server closed it.
      }
    }
    return (received, false)
  }

  /// The JSON payloads of the length-prefixed frames in `bytes`.
  static func payloads(_ bytes: [UInt8]) -> [String] {
    var result: [String] = []
    var index = 0
    while bytes.count - index >= 4 {
      let length = Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8
        | Int(bytes[index + 3])
      guard bytes.count - index - 4 >= length else { break }
      result.append(String(decoding: bytes[(index + 4)..<(index + 4 + length)], as: UTF8.self))
      index += 4 + length
    }
    return result
  }

  func close() {
    if fd >= 0 { Glibc.close(fd) }
    fd = -1
  }

  deinit { close() }
}

/// The parts of a playground screen, by pane: the left column holds panes 1 and 3, the right 2
/// and 4, split at the `││` where the two borders meet.
enum Panes {
  static func registrations(_ screen: String) -> String { column(screen, from: "┌ 1", to: "┌ 3", left: true) }
  static func trace(_ screen: String) -> String { column(screen, from: "┌ 1", to: "┌ 3", left: false) }
  static func mocks(_ screen: String) -> String { column(screen, from: "┌ 3", to: nil, left: true) }
  static func transcript(_ screen: String) -> String { column(screen, from: "┌ 3", to: nil, left: false) }

  private static func column(_ screen: String, from start: String, to end: String?, left: Bool) -> String {
    screen.split(separator: "\n").drop { !$0.contains(start) }.prefix { end == nil || !$0.contains(end!) }
      .compactMap { line -> String? in
        let parts = line.components(separatedBy: "││")
        guard parts.count >= 2 else { return nil }
        return left ? parts[0] : parts.dropFirst().joined(separator: "││")
      }
      .joined(separator: "\n")
  }
}
