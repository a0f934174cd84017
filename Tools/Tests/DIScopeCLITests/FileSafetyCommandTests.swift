import DIScopeCLI
import Foundation
import Testing

/// Nothing a user wrote is lost by `export`, `fmt` or `test --update`: the export never replaces
/// its own script, and a symbolic link is followed (its target rewritten, the link kept).
@Suite struct FileSafetyCommandTests {
  @Test func exportRefusesToWriteOverItsOwnScript() throws {
    let directory = temporaryDirectory()
    let path = directory + "/x.dis"
    try write(passingScript, to: path)
    let result = discope("export", "swift", path, "-o", path)
    #expect(result.status == 2)
    #expect(result.error.contains("is the script being exported"), "\(result.error)")
    #expect(try contents(of: path) == passingScript)
    try FileManager.default.createSymbolicLink(atPath: directory + "/link.dis", withDestinationPath: path)
    #expect(discope("export", "swift", path, "-o", directory + "/link.dis").status == 2)
    #expect(try contents(of: path) == passingScript)
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
