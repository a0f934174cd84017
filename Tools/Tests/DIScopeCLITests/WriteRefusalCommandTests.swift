import DIScopeCLI
import DisScript
import Foundation
import Testing

/// Every write goes through one set of rules (`FileSystem.refusal(writing:to:inputs:)`): a JUnit
/// report or a Swift export never replaces a script — named `.dis` in any case, holding a script,
/// or reached through a link to one — nor an input of the same run; a pipe nothing reads is
/// refused at once. Each refusal says why, exits 64 and writes nothing.
@Suite struct WriteRefusalCommandTests {
  /// `discope test --junit ju/*.dis`: the shell gives the first script to `--junit`.
  @Test func junitNeverReplacesAScriptTheShellExpandedIntoIt() throws {
    let directory = temporaryDirectory()
    let names = ["01-register-and-resolve.dis", "02-stacks-and-tokens.dis", "03-caching.dis"]
    for name in names { try write(try contents(of: lessons + "/" + name), to: directory + "/" + name) }
    let first = try contents(of: directory + "/" + names[0])
    let result = discope("test", "--junit", directory + "/" + names[0], directory + "/" + names[1], directory + "/" + names[2])
    #expect(result.status == 64, "\(result.output)\(result.error)")
    #expect(result.error.contains("names a .dis script, and the JUnit report is not one: write the JUnit report to a .xml file"), "\(result.error)")
    #expect(try contents(of: directory + "/" + names[0]) == first)
    #expect(!result.output.contains("passed"), "nothing runs: \(result.output)")
  }

  @Test func junitNeverReplacesTheScriptUnderTest() throws {
    let directory = temporaryDirectory()
    // Not named .dis: only its being an input of the run, or its content, keeps it.
    let script = directory + "/a.script"
    try write(passingScript, to: script)
    let result = discope("test", script, "--junit", script)
    #expect(result.status == 64, "\(result.output)\(result.error)")
    #expect(result.error.contains("is an input of this run: write the JUnit report to another file"), "\(result.error)")
    #expect(try contents(of: script) == passingScript)
    // Through a link.
    try FileManager.default.createSymbolicLink(atPath: directory + "/report.xml", withDestinationPath: "a.script")
    let linked = discope("test", script, "--junit", directory + "/report.xml")
    #expect(linked.status == 64, "\(linked.error)")
    #expect(linked.error.contains("through its link to"), "\(linked.error)")
    #expect(try contents(of: script) == passingScript)
  }

  @Test func junitNeverReplacesAScriptByCaseOrContent() throws {
    let directory = temporaryDirectory()
    try write(passingScript, to: directory + "/a.dis")
    let upper = discope("test", directory + "/a.dis", "--junit", directory + "/R.DIS")
    #expect(upper.status == 64, "\(upper.error)")
    #expect(!FileManager.default.fileExists(atPath: directory + "/R.DIS"))
    try write("%dis 1\n# notes\n", to: directory + "/notes.txt")
    let held = discope("test", directory + "/a.dis", "--junit", directory + "/notes.txt")
    #expect(held.status == 64, "\(held.error)")
    #expect(held.error.contains("holds a .dis script"), "\(held.error)")
    #expect(try contents(of: directory + "/notes.txt") == "%dis 1\n# notes\n")
    // An earlier report is replaced as ever.
    try write("<?xml version=\"1.0\"?>\n<testsuites/>\n", to: directory + "/junit.xml")
    let report = discope("test", directory + "/a.dis", "--junit", directory + "/junit.xml")
    #expect(report.status == 0, "\(report.error)")
    #expect(try contents(of: directory + "/junit.xml").contains("<testcase classname=\"dis\""))
  }

  /// `ln -s other.dis out.swift; discope export swift l1.dis -o out.swift` wrote Swift into
  /// `other.dis`; `-o Y.DIS` was accepted.
  @Test func exportNeverWritesIntoAScriptThroughALinkACaseOrItsContent() throws {
    let directory = temporaryDirectory()
    try write(passingScript, to: directory + "/l1.dis")
    try write("register A\n", to: directory + "/other.dis")
    try FileManager.default.createSymbolicLink(atPath: directory + "/out.swift", withDestinationPath: "other.dis")
    let linked = discope("export", "swift", directory + "/l1.dis", "-o", directory + "/out.swift")
    #expect(linked.status == 64, "\(linked.error)")
    #expect(linked.error.contains("through its link to"), "\(linked.error)")
    #expect(try contents(of: directory + "/other.dis") == "register A\n")
    let upper = discope("export", "swift", directory + "/l1.dis", "-o", directory + "/Y.DIS")
    #expect(upper.status == 64, "\(upper.error)")
    #expect(!FileManager.default.fileExists(atPath: directory + "/Y.DIS"))
    try write(passingScript, to: directory + "/kept.txt")
    try FileManager.default.createSymbolicLink(atPath: directory + "/to-text.swift", withDestinationPath: "kept.txt")
    let held = discope("export", "swift", directory + "/l1.dis", "-o", directory + "/to-text.swift")
    #expect(held.status == 64, "\(held.error)")
    #expect(try contents(of: directory + "/kept.txt") == passingScript)
    let fine = discope("export", "swift", directory + "/l1.dis", "-o", directory + "/l1.swift")
    #expect(fine.status == 0, "\(fine.error)")
    #expect(try contents(of: directory + "/l1.swift").contains("import DIScope"))
  }

  /// A named pipe nothing reads would block the open for good: refused at once.
  @Test func aPipeNothingReadsIsRefusedAtOnce() throws {
    let directory = temporaryDirectory()
    try write(passingScript, to: directory + "/a.dis")
    #expect(mkfifo(directory + "/fifo", 0o600) == 0)
    let export = discope("export", "swift", directory + "/a.dis", "-o", directory + "/fifo")
    #expect(export.status == 64, "\(export.error)")
    #expect(export.error.contains("is a named pipe that nothing reads"), "\(export.error)")
    let junit = discope("test", directory + "/a.dis", "--junit", directory + "/fifo")
    #expect(junit.status == 64, "\(junit.error)")
    #expect(throws: FileSystem.Failure.self) { try FileSystem.writeAtomically("x\n", to: directory + "/fifo") }
  }
}
