import ArgumentParser
import DIScope
import DisScript
import DisSyntax

/// `discope run FILE...`: runs scripts and prints their transcripts — each command followed by
/// the output it printed now, in the `.dis` format.
public struct RunCommand: ContextualCommand {
  public static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run .dis files and print their transcripts.",
    discussion: """
      The transcript is the file with each command's actual output in place of its expected block; \
      a command that failed is marked '!'. Exit status: 0, 1 when a command's success or failure \
      differs from its '!', 2 when a file does not parse.
      """)

  @ArgumentParser.Argument(help: "The .dis files to run.")
  var files: [String]

  @Flag(name: .long, help: "Draw resolution trees with ASCII glyphs.")
  var ascii = false

  public init() {}

  public func execute(in context: CommandContext) -> Int32 {
    var status: Int32 = 0
    for (index, path) in files.enumerated() {
      if files.count > 1 { context.print((index > 0 ? "\n" : "") + "# file: \(path)") }
      guard let (_, parsedScript) = context.readScript(at: path) else {
        status = 2
        continue
      }
      let transcript = ScriptTranscript(of: parsedScript, options: SessionOptions(glyphs: ascii ? .ascii : .unicode))
      if transcript.hasUnexpectedOutcome, status == 0 { status = 1 }
      // Comments come as written: escaped here, as everything printed is.
      context.standardOutput(CommandContext.safe(transcript.text))
    }
    return status
  }
}
