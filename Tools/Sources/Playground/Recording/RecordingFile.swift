import DisScript
import DisSyntax
import Foundation

/// A `.dis` file being recorded: each command and its output are appended as they happen and
/// written straight to the file (no buffering), so a crash loses nothing already run.
///
/// A new or empty file starts with `%dis 1` and, when given, the session so far, so the file
/// replays on its own with `discope test`. A file that already holds something is refused: a
/// session appended to another would not replay (its commands assume its own state).
///
/// ```swift
/// let file = try RecordingFile(path: "lesson.dis", sessionSoFar: transcript.fileLines)
/// file.append(lines: ["resolve Logger", "  Logger#1 created t1 [singleton]"])
/// file.close()
/// ```
public final class RecordingFile {
  public let path: String
  /// The number of lines in the file: `REC lesson.dis:14`.
  public private(set) var lineCount = 0
  private var descriptor: Int32

  /// Creates `path` (or takes an empty file there) and writes the header and the session so far.
  public init(path: String, sessionSoFar: [String] = []) throws(RecordingError) {
    self.path = path
    // Never waits: a named pipe nothing reads is refused at once, and the screen stays live.
    let fd: Int32
    do { fd = try FileSystem.openForWriting(path, content: .script, appending: true) } catch {
      throw RecordingError(error)
    }
    var status = stat()
    if fstat(fd, &status) == 0 && status.st_size > 0 {
      Foundation.close(fd)
      throw RecordingError(
        path: path,
        reason: "it is not empty (\(status.st_size) bytes), and a recording only starts a new or empty file: "
          + "this session appended to what it holds would not replay",
        isOccupied: true)
    }
    descriptor = fd
    try write(ScriptRecorder.header)
    lineCount = 1
    append(lines: sessionSoFar)
  }

  deinit { close() }

  /// Appends file lines (each gets a newline) and writes them through at once.
  public func append(lines: [String]) {
    guard !lines.isEmpty else { return }
    try? write(lines.map { $0 + "\n" }.joined())
    lineCount += lines.count
  }

  /// Closes the file; later appends do nothing.
  public func close() {
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    Foundation.close(descriptor)
    descriptor = -1
  }

  private func write(_ text: String) throws(RecordingError) {
    guard descriptor >= 0 else { return }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw RecordingError(path: path, reason: String(cString: strerror(errno)))
      }
      bytes = bytes.dropFirst(written)
    }
  }

  /// Writes `text` to `path` atomically (a temporary file beside the link's target, then a
  /// rename): `:save`. A symbolic link stays a link; a directory is refused.
  /// `inputs` are the files this run reads (the script stepped through): never written.
  public static func save(_ text: String, to path: String, inputs: [String] = []) throws(RecordingError) {
    do {
      try FileSystem.writeAtomically(text, to: path, inputs: inputs)
    } catch {
      throw RecordingError(error)
    }
  }
}

/// A recording or save that failed: which file and why.
public struct RecordingError: Error, Sendable, CustomStringConvertible {
  public var path: String
  public var reason: String
  /// The file holds something already: what to do depends on where the recording was asked for
  /// (`--record` on the command line, `:record` in the playground), so the caller says it.
  public var isOccupied = false
  public var description: String { "cannot write '\(path)': \(reason)" }

  public init(path: String, reason: String, isOccupied: Bool = false) {
    self.path = path
    self.reason = reason
    self.isOccupied = isOccupied
  }
}

extension RecordingError {
  /// The failure of a write: a refusal reads "it is …", an I/O failure as the system says.
  init(_ failure: FileSystem.Failure) {
    self.init(path: failure.path, reason: failure.isRefusal ? "it " + failure.message : failure.message)
  }
}
