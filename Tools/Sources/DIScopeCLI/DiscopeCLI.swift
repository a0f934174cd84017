import ArgumentParser
import Playground

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A command that runs against a ``CommandContext`` and returns its exit status, so tests can run
/// it in-process; `run()` uses the real process.
public protocol ContextualCommand: ParsableCommand {
  /// Runs the command; returns the exit status.
  func execute(in context: CommandContext) -> Int32
}

extension ContextualCommand {
  public func run() throws {
    let status = statusReportingLostOutput(execute(in: .process))
    if status != 0 { throw ExitCode(status) }
  }
}

/// `status`, or 74 (`EX_IOERR`) when the process's output could not be all written, whether by a
/// command's context or by the playground's line modes (`repl`, `play` off a terminal): then
/// `discope: error: output was lost: …` is said on standard error, if that still works; the
/// status says it either way.
func statusReportingLostOutput(_ status: Int32) -> Int32 {
  guard let writeError = Playground.outputError else { return status }
  CommandContext.process.printError("discope: error: output was lost: \(String(cString: strerror(writeError)))")
  return 74
}

/// Running `discope` in-process.
public enum DiscopeCLI {
  /// Parses `arguments` (without the program name) and runs the command they name, writing to
  /// `context`; returns the exit status `discope` would exit with.
  ///
  /// ```swift
  /// let status = DiscopeCLI.run(["fmt", "--check", "lesson.dis"], context: context)
  /// ```
  public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
    do {
      var command = try DiscopeCommand.parseAsRoot(arguments)
      if let command = command as? any ContextualCommand { return command.execute(in: context) }
      try command.run()
      return 0
    } catch {
      let message = DiscopeCommand.fullMessage(for: error)
      let status = DiscopeCommand.exitCode(for: error).rawValue
      if !message.isEmpty {
        if status == 0 { context.print(message) } else { context.printError(message) }
      }
      return status
    }
  }
}
