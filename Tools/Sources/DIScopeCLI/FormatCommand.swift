import ArgumentParser
import DisScript
import DisSyntax

/// `discope fmt FILE... [--check]`: rewrites scripts in canonical form.
public struct FormatCommand: ContextualCommand {
  public static let configuration = CommandConfiguration(
    commandName: "fmt",
    abstract: "Rewrite .dis files in canonical form (idempotent).",
    discussion: "With --check nothing is written: exit status 1 lists the files that are not canonical.")

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
