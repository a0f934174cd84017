import DisScript
import Foundation

/// `:save` and `:record`: the only commands that write files. Nothing a user wrote is lost: a
/// file this session did not create is replaced only by `:save!`, the file being recorded and
/// the script being stepped through never, a named pipe nothing reads is refused at once,
/// a symbolic link keeps being a link (its target is written), `~` is the home directory, and a
/// directory gets a plain error.
extension PlaygroundController {
  /// Writes the session so far to `givenPath`, atomically. Without `isReplacing`, only a new
  /// file or one this session wrote is written.
  public func save(to givenPath: String, isReplacing: Bool) {
    guard allowsFileCommands else {
      refuseFileCommand(isReplacing ? ":save!" : ":save")
      return
    }
    settle()
    guard !givenPath.allSatisfy(\.isWhitespace) else {
      update { $0.showError("':save' needs a file name: ':save NAME.dis'") }
      return
    }
    let path = FileSystem.expandingTilde(givenPath, home: homeDirectory)
    let target = FileSystem.target(of: path)
    if FileSystem.isDirectory(target) {
      update { $0.showError("cannot save to '\(givenPath)': it is a directory; name a file in it") }
      return
    }
    if let recorder, let recorded = FileSystem.identity(of: recorder.path), FileSystem.identity(of: target) == recorded {
      update {
        $0.showError(
          "cannot save to '\(givenPath)': it is the file being recorded, which holds the session "
            + "already; ':stop' ends it, or save to another file")
      }
      return
    }
    if let found = FileSystem.stamp(of: target), !isReplacing {
      let left = writtenFiles[Self.canonical(target)]
      guard left == found else {
        update {
          $0.showError(
            "'\(givenPath)' already exists and "
              + (left == nil ? "this session did not write it" : "was changed since this session wrote it")
              + "; ':save! \(givenPath)' replaces it")
        }
        return
      }
    }
    do {
      // The script being stepped through is this run's input: the session would replace it.
      try RecordingFile.save(state.transcript.text, to: path, inputs: scriptInputs)
      noteWritten(target)
      update { $0.notice = "saved the session to \(givenPath) (\($0.transcript.fileLines.count + 1) lines)" }
    } catch {
      update { $0.showError("\(error)") }
    }
  }

  /// Starts recording to `givenPath`, a new or empty file: the header and the session so far
  /// first.
  ///
  /// `isFromCommandLine`: asked for by `--record FILE` as the playground started (whose advice
  /// for a file that holds something already names what a shell can do, not a `:` command).
  public func startRecording(to givenPath: String, isFromCommandLine: Bool = false) {
    if let recorder {
      update { $0.notice = "already recording to \(recorder.path); :stop first" }
      return
    }
    guard allowsFileCommands else {
      refuseFileCommand(":record")
      return
    }
    settle()
    guard !givenPath.allSatisfy(\.isWhitespace) else {
      update { $0.showError("':record' needs a file name: ':record NAME.dis'") }
      return
    }
    let path = FileSystem.expandingTilde(givenPath, home: homeDirectory)
    if FileSystem.isDirectory(path) {
      update { $0.showError("cannot record to '\(givenPath)': it is a directory; name a file in it") }
      return
    }
    do {
      let file = try RecordingFile(path: path, sessionSoFar: state.transcript.fileLines)
      recorder = file
      update {
        $0.recording = ((path as NSString).lastPathComponent, file.lineCount)
        $0.notice = "recording to \(givenPath) (the session so far included)"
      }
    } catch {
      var message = "\(error)"
      if error.isOccupied {
        message += isFromCommandLine
          ? ". To fix, name a new file with --record, or move '\(givenPath)' away first"
          : ". To fix, ':record' a new file, or ':save! \(givenPath)' to write the whole session over it"
      }
      update { $0.showError(message) }
    }
  }

  /// Remembers `path` as this session left it: written by `:save`, or recorded (stamped as the
  /// recording stops; until then it is the file being recorded, which `:save` never writes).
  func noteWritten(_ path: String) {
    if let stamp = FileSystem.stamp(of: path) { writtenFiles[Self.canonical(path)] = stamp }
  }

  /// Says why a file command was not run: a script read from standard input writes no file
  /// unless its caller allowed it.
  private func refuseFileCommand(_ name: String) {
    update {
      $0.notice = "note: '\(name)' not run: a script read from standard input writes no file "
        + "('discope repl --allow-writes' lets it)"
    }
  }

  /// `path` absolute, with every link resolved; `path` itself when it does not exist.
  static func canonical(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
