import ArgumentParser
import DisScript
import DisSyntax

/// `discope export swift FILE.dis [-o OUT.swift] [--check]`: the Swift a script stands for.
public struct ExportCommand: ContextualCommand {
  public static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write the Swift that a .dis script stands for, as a Swift Testing file.",
    discussion: """
      The script's declarations become protocols and classes, its registrations and resolves \
      DIScope calls, its expectations #expect, asserting what the script asserts ('!' included): \
      a script that passes is Swift that passes, one that fails is Swift that fails. 'expect S \
      new|cached' asks container.isCached(S.self) and 'expect S is Impl' looks inside \
      container.resolvingWithoutSideEffects, so that, as in the script, nothing is kept. A \
      class declared again in another shape is a second Swift class (NameV2). The file needs \
      DIScope, DIScopeTesting \
      and Swift Testing: put it in a test target that depends on the DIScope and DIScopeTesting \
      products. With --check nothing is written: exit status 1 when OUT is not what the script \
      exports now. OUT is never a .dis script (by its name in any case, its content, or where \
      its links lead) nor the script exported: exit status 64, nothing written.

      With no Swift meaning (a comment in the export):

      """ + SwiftExport.withoutSwift.map { "  \($0.what): \($0.why)" }.joined(separator: "\n"))

  @ArgumentParser.Argument(help: "The language to export to: swift.")
  var language: String

  @ArgumentParser.Argument(help: "The .dis script.")
  var path: String

  @Option(
    name: [.short, .customLong("output")],
    help: "The Swift file to write (default, or '-': standard output; never a .dis file).")
  var output: String?

  @Option(name: .long, help: "The enum the types go in (default: from the file name, e.g. Lesson01).")
  var namespace: String?

  @Flag(name: .long, help: "Only check that OUT is up to date; exit 1 when it is not.")
  var check = false

  public init() {}

  public func validate() throws {
    guard language == "swift" else {
      throw ValidationError("unknown language '\(language)': 'discope export' writes 'swift'")
    }
    if check && (output == nil || output == "-") {
      throw ValidationError("--check needs -o OUT.swift to compare with")
    }
  }

  public func execute(in context: CommandContext) -> Int32 {
    if let output, output != "-", let refused = FileSystem.refusal(writing: SwiftExport.content, to: output, inputs: [path]) {
      // Swift written into a script would replace it with what no replay reads.
      context.printError("error: \(refused)")
      return 64
    }
    guard let (_, script) = context.readScript(at: path) else { return 2 }
    let swift = SwiftExport.export(script: script, namespace: namespace ?? SwiftExport.namespace(forPath: path))
    guard let output, output != "-" else {
      context.standardOutput(swift)
      return 0
    }
    if check {
      let current = try? FileSystem.read(output)
      guard let current, current.elementsEqual(swift.utf8) else {
        context.print("\(output): not what '\(path)' exports (run 'discope export swift \(path) -o \(output)')")
        return 1
      }
      return 0
    }
    do {
      try FileSystem.writeAtomically(swift, to: output, content: SwiftExport.content, inputs: [path])
      return 0
    } catch {
      context.printError("error: \(error)")
      return error.isRefusal ? 64 : 2
    }
  }
}
