import DisScript
import Foundation
import Synchronization
import Testing
@testable import Playground

/// Nothing a user wrote is lost: `:save` and `:record` never overwrite what the session did not
/// write (`:save!` does, on purpose), never the recording, follow links, expand `~`, and say
/// plainly when the name is a directory.
@Suite struct FileSafetyTests {
  private func directory() -> String {
    let path = NSTemporaryDirectory() + "discope-files-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  private func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

  @Test func saveRefusesAFileTheSessionDidNotWriteAndSaveBangReplacesIt() throws {
    let folder = directory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/mine.dis"
    try "my own notes\n".write(toFile: path, atomically: true, encoding: .utf8)
    let controller = PlaygroundController.fake()
    controller.enter("register Logger")
    controller.enter(":save \(path)")
    #expect(text(path) == "my own notes\n")
    #expect(controller.state.notice?.contains("already exists") == true, "\(controller.state.notice ?? "")")
    #expect(controller.state.notice?.contains(":save! \(path)") == true)
    controller.enter(":save! \(path)")
    #expect(text(path) == controller.state.transcript.text)
    // A file the session wrote may be saved again without '!'.
    controller.enter("register Web")
    controller.enter(":save \(path)")
    #expect(text(path) == controller.state.transcript.text)
    let fresh = folder + "/new.dis"
    controller.enter(":save \(fresh)")
    controller.enter("register Dep")
    controller.enter(":save \(fresh)")
    #expect(text(fresh) == controller.state.transcript.text)
  }

  /// A file the session wrote, then someone edited (or replaced with another file), is theirs
  /// again: `:save` refuses it as it refuses any file it did not write. After `:stop`, the
  /// recording is the session's own, saved over without '!'.
  @Test func saveRefusesAFileChangedSinceTheSessionWroteIt() throws {
    let folder = directory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/mine.dis"
    let controller = PlaygroundController.fake()
    controller.enter("register Logger")
    controller.enter(":save \(path)")
    #expect(text(path) == controller.state.transcript.text)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data("# my edit\n".utf8))
    handle.closeFile()
    controller.enter("register Web")
    controller.enter(":save \(path)")
    #expect(text(path)?.hasSuffix("# my edit\n") == true)
    #expect(controller.state.notice?.contains("was changed since this session wrote it") == true, "\(controller.state.notice ?? "")")
    // Another file put in its place, even of the same size, is not the one the session wrote.
    let replacement = String(repeating: "x", count: (text(path)?.utf8.count ?? 1) - 1) + "\n"
    try FileManager.default.removeItem(atPath: path)
    try replacement.write(toFile: path, atomically: false, encoding: .utf8)
    controller.enter(":save \(path)")
    #expect(text(path) == replacement)
    controller.enter(":save! \(path)")
    #expect(text(path) == controller.state.transcript.text)
    let recording = folder + "/rec.dis"
    controller.enter(":record \(recording)")
    controller.enter("register Dep")
    controller.enter(":stop")
    controller.enter(":save \(recording)")
    #expect(text(recording) == controller.state.transcript.text, "\(controller.state.notice ?? "")")
  }

  @Test func anEmptyFileNameGetsAPlainError() {
    let controller = PlaygroundController.fake()
    controller.enter(":save \"\"")
    #expect(controller.state.notice == "error: ':save' needs a file name: ':save NAME.dis'", "\(controller.state.notice ?? "")")
    controller.enter(":record \"\"")
    #expect(controller.state.notice == "error: ':record' needs a file name: ':record NAME.dis'", "\(controller.state.notice ?? "")")
  }

  @Test func saveRefusesTheFileBeingRecordedEvenWithBang() throws {
    let folder = directory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/rec.dis"
    let controller = PlaygroundController.fake()
    controller.enter(":record \(path)")
    controller.enter("register Logger")
    let recorded = text(path)
    #expect(recorded?.contains("register Logger") == true)
    for command in [":save", ":save!"] {
      controller.enter("\(command) \(path)")
      #expect(controller.state.notice?.contains("being recorded") == true, "\(controller.state.notice ?? "")")
    }
    let link = folder + "/link.dis"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
    controller.enter(":save! \(link)")
    #expect(controller.state.notice?.contains("being recorded") == true)
    controller.enter("register Web")
    #expect(text(path)?.hasPrefix(recorded ?? "?") == true)
    #expect(text(path)?.contains("register Web") == true, "the recording goes on")
  }

  @Test func saveWritesALinksTargetAndKeepsTheLink() throws {
    let folder = directory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let target = folder + "/target.dis"
    let link = folder + "/link.dis"
    try "old\n".write(toFile: target, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.dis")
    let controller = PlaygroundController.fake()
    controller.enter("register Logger")
    controller.enter(":save! \(link)")
    #expect(text(target) == controller.state.transcript.text)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.dis")
  }

  @Test func aDirectoryGetsAPlainError() throws {
    let folder = directory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let controller = PlaygroundController.fake()
    for command in [":save", ":save!", ":record"] {
      controller.enter("\(command) \(folder)")
      let notice = controller.state.notice ?? ""
      #expect(notice.contains("is a directory"), "\(command): \(notice)")
      #expect(!notice.contains("NSCocoaErrorDomain"))
    }
    #expect(controller.state.recording == nil)
  }

  @Test func tildeIsTheHomeDirectory() throws {
    let folder = directory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let controller = PlaygroundController.fake()
    controller.homeDirectory = folder
    controller.enter(":record ~/x.dis")
    #expect(controller.state.recording != nil, "\(controller.state.notice ?? "")")
    controller.enter(":stop")
    controller.enter(":save ~/y.dis")
    #expect(FileManager.default.fileExists(atPath: folder + "/x.dis"))
    #expect(FileManager.default.fileExists(atPath: folder + "/y.dis"))
    #expect(!FileManager.default.fileExists(atPath: "~"))
  }

  @Test func aScriptedSessionWritesNoFileUnlessAllowed() throws {
    let folder = directory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let controller = PlaygroundController.fake()
    controller.allowsFileCommands = false
    controller.enter(":save \(folder)/a.dis")
    controller.enter(":record \(folder)/b.dis")
    #expect(controller.state.notice?.contains("--allow-writes") == true, "\(controller.state.notice ?? "")")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  @Test func writingAtomicallyFollowsLinksAndRefusesDirectories() throws {
    let folder = directory()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileSystem.writeAtomically("a\n", to: folder + "/a.dis")
    try FileManager.default.createSymbolicLink(atPath: folder + "/l1", withDestinationPath: "a.dis")
    try FileManager.default.createSymbolicLink(atPath: folder + "/l2", withDestinationPath: folder + "/l1")
    try FileSystem.writeAtomically("b\n", to: folder + "/l2")
    #expect(text(folder + "/a.dis") == "b\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/l2") == folder + "/l1")
    #expect(throws: FileSystem.Failure.self) { try FileSystem.writeAtomically("c\n", to: folder) }
    #expect(FileSystem.expandingTilde("~/a", home: "/h/") == "/h/a")
    #expect(FileSystem.expandingTilde("~x/a", home: "/h") == "~x/a")
  }
}

/// `:open` of a named pipe read it with a blocking open: the playground froze. It reads as every
/// command reads a script: refused at once, with the reason.
@Suite struct OpenNeverWaitsTests {
  @Test func openingAPipeIsRefusedAtOnce() throws {
    let folder = NSTemporaryDirectory() + "discope-open-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fifo = folder + "/p.dis"
    #expect(mkfifo(fifo, 0o600) == 0)
    let notice = Mutex("")
    let done = DispatchSemaphore(value: 0)
    // On another thread: a blocking open would hang the suite, not just fail it.
    DispatchQueue.global().async {
      let controller = PlaygroundController.fake()
      controller.enter(":open \(fifo)")
      notice.withLock { $0 = controller.state.notice ?? "" }
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 30) == .success, "':open' waited on the pipe")
    let said = notice.withLock { $0 }
    #expect(said.hasPrefix("\(fifo):1:1: error: cannot read a named pipe"), "\(said)")
    let controller = PlaygroundController.fake()
    let script = folder + "/s.dis"
    try "class A\nregister A\n".write(toFile: script, atomically: true, encoding: .utf8)
    controller.enter(":open \(script)")
    #expect(controller.state.replay != nil)
  }
}

/// `discope play lesson.dis`, then `:save! lesson.dis`, replaced the lesson with the session so
/// far (the commands stepped through, not the rest): the script stepped through is an input of
/// the run, never written.
@Suite struct SaveNeverReplacesTheReplayedScriptTests {
  @Test func saveBangOverTheScriptSteppedThroughIsRefused() throws {
    let folder = NSTemporaryDirectory() + "discope-replayed-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let script = folder + "/lesson.dis"
    let text = "class A\nregister A\nresolve A\n"
    try text.write(toFile: script, atomically: true, encoding: .utf8)
    let controller = PlaygroundController.fake()
    controller.enter(":open \(script)")
    #expect(controller.state.replay != nil)
    controller.enter(":save! \(script)")
    #expect(try String(contentsOfFile: script, encoding: .utf8) == text)
    let notice = controller.state.notice ?? ""
    #expect(notice.contains("is an input of this run"), "\(notice)")
    controller.enter(":save! \(folder)/copy.dis")
    #expect(FileManager.default.fileExists(atPath: folder + "/copy.dis"), "\(controller.state.notice ?? "")")
  }
}
