import ArgumentParser
import DisScript
import DisSyntax

/// `discope fmt FILE... [--check]`: rewrites scripts in canonical form.
public struct FormatCommand: ContextualCommand {
  public static let configuration = CommandConfiguration(
    commandName: "fmt",
    abstract: "Rewrite .dis files in canonical form (idempotent).",
    discussion: """
      With --check nothing is written: exit status 1 lists the files that are not canonical. \
      Comments and section titles are kept byte for byte. Exit status 2 when a file is missing \
      or does not parse, or there is no .dis file; in a directory, a *.dis that is not a \
      regular file (a named pipe, a socket) is skipped with a note, never opened.
      """)

  @ArgumentParser.Argument(help: "Files, or directories searched for *.dis files.")
  var paths: [String]

  @Flag(name: .long, help: "Only check; exit 1 when a file is not in canonical form.")
  var check = false

  public init() {}

  public func execute(in context: CommandContext) -> Int32 {
    let found = ScriptPaths(paths)
    var status: Int32 = 0
    for path in found.missing {
      context.printError("error: no such file or directory '\(path)'")
      status = 2
    }
    for note in found.skippedNotes { context.printError(note) }
    if found.files.isEmpty && found.missing.isEmpty {
      // As `discope test` says it: a folder with nothing to format is a mistake in the command.
      context.printError("error: no .dis files under \(paths.joined(separator: " "))")
      return 2
    }
    for path in found.files {
      guard let (bytes, script) = context.readScript(at: path) else {
        status = 2
        continue
      }
      let formatted = ScriptFormatter.format(script)
      guard formatted.utf8.elementsEqual(bytes) == false else { continue }
      if check {
        context.print("\(path): not in canonical form (run 'discope fmt \(path)')")
        if status == 0 { status = 1 }
        continue
      }
      do {
        try FileSystem.writeAtomically(formatted, to: path)
        context.print("formatted \(path)")
      } catch {
        context.printError("error: \(error)")
        status = 2
      }
    }
    return status
  }
}
