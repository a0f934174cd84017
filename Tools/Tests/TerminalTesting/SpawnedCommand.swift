// Test support, meant to be copied by other test targets: runs a command without
// Foundation.Process, which can hang in `waitUntilExit()` (a forked tmux server inherits a
// descriptor) and hands children of test worker threads a blocked signal mask.
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The outcome of a finished command.
public struct CommandResult: Sendable {
  public var status: Int32
  public var output: String
  public var errorOutput: String
}

public enum SpawnedCommand {
  /// Spawn attributes that give the child an empty signal mask and every signal's default
  /// action: the test runner blocks or ignores some, and a child that inherited that would not
  /// stop on SIGTERM. The caller destroys them (`posix_spawnattr_destroy`).
  public static func cleanSignalAttributes() -> posix_spawnattr_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    var emptyMask = sigset_t()
    sigemptyset(&emptyMask)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &emptyMask)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    return attributes
  }

  /// Runs `arguments` (looked up on PATH) with `posix_spawnp`: an empty signal mask, default
  /// signal actions, close-on-exec pipes for output, and `waitpid` for the status.
  public static func run(_ arguments: [String], environment: [String: String]? = nil) throws
    -> CommandResult
  {
    var outPipe: [Int32] = [0, 0]
    var errPipe: [Int32] = [0, 0]
    // pipe2 is not visible from Swift's Glibc; set close-on-exec right after creating them.
    guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else {
      throw SpawnError(message: "pipe failed: errno \(errno)")
    }
    for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)

    var attributes = SpawnedCommand.cleanSignalAttributes()
    defer { posix_spawnattr_destroy(&attributes) }

    let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
    var pid: pid_t = 0
    let status = withCStrings(arguments) { argv in
      withCStrings(env) { envp in
        posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
      }
    }
    close(outPipe[1])
    close(errPipe[1])
    defer {
      close(outPipe[0])
      close(errPipe[0])
    }
    guard status == 0 else {
      throw SpawnError(message: "cannot start \(arguments[0]): errno \(status)")
    }
    let (output, errorOutput) = readBoth(outPipe[0], errPipe[0])
    var waitStatus: Int32 = 0
    while waitpid(pid, &waitStatus, 0) == -1 && errno == EINTR {}
    let exitStatus = (waitStatus & 0x7f) == 0 ? (waitStatus >> 8) & 0xff : 128 + (waitStatus & 0x7f)
    return CommandResult(status: exitStatus, output: output, errorOutput: errorOutput)
  }

  /// Reads two pipes to their ends together, so neither can fill up and block the child.
  private static func readBoth(_ first: Int32, _ second: Int32) -> (String, String) {
    var buffers: [[UInt8]] = [[], []]
    var fds = [pollfd(fd: first, events: Int16(POLLIN), revents: 0),
               pollfd(fd: second, events: Int16(POLLIN), revents: 0)]
    var open = 2
    var chunk = [UInt8](repeating: 0, count: 65536)
    while open > 0 {
      guard poll(&fds, 2, 10_000) > 0 else { break }  // 10 s without output: give up reading.
      for index in 0..<2 where fds[index].fd >= 0 && fds[index].revents != 0 {
        let count = read(fds[index].fd, &chunk, chunk.count)
        if count > 0 {
          buffers[index].append(contentsOf: chunk[..<count])
        } else if count == 0 || errno != EINTR {
          fds[index].fd = -1
          open -= 1
        }
      }
    }
    return (String(decoding: buffers[0], as: UTF8.self), String(decoding: buffers[1], as: UTF8.self))
  }

  private static func withCStrings<R>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R
  ) -> R {
    var pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(&pointers)
  }
}

public struct SpawnError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}
