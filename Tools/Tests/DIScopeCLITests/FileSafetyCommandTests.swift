import DIScopeCLI
import Foundation
import Testing

/// Nothing a user wrote is lost by `export`, `fmt` or `test --update`: the export never replaces
/// its own script, and a symbolic link is followed (its target rewritten, the link kept).
@Suite struct FileSafetyCommandTests {
  @Test func exportRefusesToWriteOverItsOwnScript() throws {
    let directory = temporaryDirectory()
    // A script with another extension: a `.dis` output is refused before anything is read.
    let path = directory + "/x.script"
    try write(passingScript, to: path)
    let result = discope("export", "swift", path, "-o", path)
    #expect(result.status == 64)
    #expect(result.error.contains("is an input of this run: write the Swift export to another file"), "\(result.error)")
    #expect(try contents(of: path) == passingScript)
    try FileManager.default.createSymbolicLink(atPath: directory + "/link.swift", withDestinationPath: path)
    #expect(discope("export", "swift", path, "-o", directory + "/link.swift").status == 64)
    #expect(try contents(of: path) == passingScript)
  }

  /// Swift written over another script (`-o other.dis`) would lose that script: any `.dis`
  /// output is a usage error, and the file is left as it was.
  @Test func exportNeverWritesSwiftIntoAScriptFile() throws {
    let directory = temporaryDirectory()
    let path = directory + "/x.dis"
    let other = directory + "/other.dis"
    try write(passingScript, to: path)
    try write("register A\n", to: other)
    let result = discope("export", "swift", path, "-o", other)
    #expect(result.status == 64)
    #expect(result.error.contains("names a .dis script, and the Swift export is not one"), "\(result.error)")
    #expect(try contents(of: other) == "register A\n")
    #expect(!FileManager.default.fileExists(atPath: directory + "/new.dis"))
    #expect(discope("export", "swift", path, "-o", directory + "/new.dis").status == 64)
    #expect(!FileManager.default.fileExists(atPath: directory + "/new.dis"))
  }

  /// `-o /dev/null` (or a named pipe) is written through: a rename would put a regular file where
  /// the device was (and, as root, replace the system's `/dev/null`). `-o -` is standard output.
  @Test func exportWritesThroughDevicesAndPipesAndDashIsStandardOutput() throws {
    let directory = temporaryDirectory()
    let path = directory + "/x.dis"
    try write(passingScript, to: path)
    #expect(discope("export", "swift", path, "-o", "/dev/null").status == 0)
    var info = stat()
    #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    let toStandardOutput = discope("export", "swift", path, "-o", "-")
    #expect(toStandardOutput.status == 0)
    #expect(toStandardOutput.output.contains("import DIScope"), "\(toStandardOutput.output)")
    #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))
    let fifo = directory + "/fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    // The reader is there first (a pipe nothing reads is refused rather than waited on); what
    // the export writes fits in the pipe's buffer.
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    #expect(discope("export", "swift", path, "-o", fifo).status == 0)
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    var received: [UInt8] = []
    while case let count = read(reader, &buffer, buffer.count), count > 0 { received += buffer[0..<count] }
    #expect(String(decoding: received, as: UTF8.self) == toStandardOutput.output)
    #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
  }

  @Test func fmtAndUpdateRewriteALinksTargetAndKeepTheLink() throws {
    let directory = temporaryDirectory()
    let target = directory + "/target.dis"
    let link = directory + "/link.dis"
    try write("register   A\n", to: target)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.dis")
    #expect(discope("fmt", link).status == 0)
    #expect(try contents(of: target) == "register A\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.dis")
    try write(failingScript, to: target)
    let update = discope("test", "--update", link)
    #expect(update.status == 0, "\(update.output)\(update.error)")
    #expect(try contents(of: target) == passingScript)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.dis")
  }
}
