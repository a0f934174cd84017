import ArgumentParser
import DIScope
import DisScript
import Playground

/// `discope play [FILE.dis] [--record FILE]`: the full-screen playground, on the demo world or
/// stepping through a script. Not on a terminal, it reads commands line by line (from FILE when
/// given, else standard input) and prints plain output.
///
/// ```text
/// discope play                       # the demo world
/// discope play lesson.dis            # step through a script: . , ] Space i
/// discope play --record mine.dis     # record every command and its output
/// ```
public struct PlayCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "play",
    abstract: "Open the full-screen playground on the demo world, or step through a .dis script.")

  @Argument(help: "A .dis script to step through, positioned at its start.")
  var file: String?

  @Option(name: .long, help: "Append each command and its output to this .dis file as it happens.")
  var record: String?

  @Flag(name: .long, help: "Draw traces with ASCII instead of box-drawing characters.")
  var ascii = false

  @Flag(name: .long, help: "Measure a command's redraw with 1,000 registrations and a 50-deep trace, print it, and exit.")
  var measureRedraw = false

  public init() {}

  public func validate() throws {
    // `play` is the default subcommand, so a mistyped subcommand lands here as a file name.
    if let file, !FileSystem.exists(file) {
      throw ValidationError(
        "cannot read '\(file)': no such file\nhint: name a .dis file, or one of the subcommands: "
          + DiscopeCommand.configuration.subcommands.filter { $0.configuration.shouldDisplay }
          .map { $0.configuration.commandName ?? "" }
          .joined(separator: ", "))
    }
  }

  public func run() throws {
    var options = PlaygroundOptions.demo(glyphs: ascii || !Playground.canDrawUnicode ? .ascii : .unicode)
    if measureRedraw {
      options.prelude = nil
      try endWithStatus(RedrawMeasurement.run(options))
      return
    }
    if let file {
      options.scriptPath = file
      options.prelude = nil
    }
    options.recordPath = record
    try endWithStatus(Playground.run(options))
  }
}

/// Ends the command with `status` (nothing to do for 0), or with 74 when output was lost.
func endWithStatus(_ status: Int32) throws {
  let status = statusReportingLostOutput(status)
  if status != 0 { throw ExitCode(status) }
}
