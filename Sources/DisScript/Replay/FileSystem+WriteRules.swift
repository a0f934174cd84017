import DisSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The rules every write of the tools obeys, in one place: a JUnit report, a Swift export, a
/// recording, `:save`, `fmt` and `test --update` all write through ``FileSystem/writeAtomically(_:to:content:inputs:)``
/// (or, for a recording, ``FileSystem/openForWriting(_:content:inputs:appending:)``), which asks
/// ``FileSystem/refusal(writing:to:inputs:)`` first.
///
/// ```swift
/// let junit = FileSystem.Content.other("the JUnit report", fileExtension: "xml")
/// if let refused = FileSystem.refusal(writing: junit, to: "a.dis", inputs: ["a.dis"]) {
///   print("error: \(refused)")   // a.dis: is an input of this run ...
/// }
/// ```
extension FileSystem {
  /// What a write puts in its file.
  public enum Content: Sendable, Hashable {
    /// A `.dis` script (`fmt`, `test --update`, `:save`, a recording).
    case script
    /// Anything else, named as a message says it ("the JUnit report"), with the extension its
    /// file would have ("xml").
    case other(String, fileExtension: String)
  }

  /// Why writing `content` to `path` is refused, or `nil` when it may be written. Refused: a
  /// directory; a file that is an input of the same run (`inputs`, compared by identity, so a
  /// link or a second name reaches it too); and, for anything but a script, a `.dis` file (by
  /// its extension, in any case, on the path given or where its links lead) or a file that
  /// holds a `.dis` script. Nothing is opened but a regular file, read to tell a script.
  public static func refusal(writing content: Content, to path: String, inputs: [String] = []) -> Failure? {
    guard !path.isEmpty else { return Failure(path: path, message: "is not a file name: name a file", isRefusal: true) }
    let target = target(of: path)
    let through = target == path ? "" : " (through its link to '\(target)')"
    if isDirectory(target) { return Failure(path: path, message: "is a directory\(through): name a file in it", isRefusal: true) }
    let what: String
    switch content {
    case .script: what = "the script"
    case .other(let name, _): what = name
    }
    if let identity = identity(of: target),
      let input = inputs.first(where: { FileSystem.identity(of: $0) == identity })
    {
      let same = input == path ? "" : " ('\(input)')"
      return Failure(
        path: path, message: "is an input of this run\(same)\(through): write \(what) to another file",
        isRefusal: true)
    }
    guard case .other(let name, let fileExtension) = content else { return nil }
    let advice = "write \(name) to a .\(fileExtension) file"
    if isScriptName(path) || isScriptName(target) {
      return Failure(
        path: path, message: "names a .dis script\(through), and \(name) is not one: \(advice)", isRefusal: true)
    }
    if holdsScript(target) {
      return Failure(
        path: path, message: "holds a .dis script\(through), and \(name) would replace it: \(advice), "
          + "or move the script away first", isRefusal: true)
    }
    return nil
  }

  /// Whether `path` ends in `.dis`, in any case (`Y.DIS`).
  public static func isScriptName(_ path: String) -> Bool {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return name.lowercased().hasSuffix(".dis")
  }

  /// Whether the regular file at `path` holds a `.dis` script: it starts with the `%dis`
  /// header, or parses without an error into at least one command. Anything else (a FIFO, a
  /// device, nothing at all) holds none, and is never opened here.
  static func holdsScript(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return false }
    guard let bytes = try? read(path, limit: ParserLimits().maximumFileSize) else { return false }
    if bytes.starts(with: Array("%dis".utf8)) { return true }
    let parsed = ScriptParser().parse(bytes: bytes, path: path)
    return !parsed.hasErrors && !parsed.script.entries.isEmpty
  }

  /// Opens `path` to write into it, never waiting: a named pipe nobody reads is refused at once
  /// (the kernel's `ENXIO`) with a message, where a plain `open` would block until a reader
  /// came. The descriptor returned blocks again for its writes. `refusal(writing:to:inputs:)`
  /// is asked first; a regular file is created (0644) if missing, truncated unless appending.
  public static func openForWriting(
    _ path: String, content: Content, inputs: [String] = [], appending: Bool = false
  ) throws(Failure) -> Int32 {
    if let refused = refusal(writing: content, to: path, inputs: inputs) { throw refused }
    let flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | (appending ? O_APPEND : 0)
    let descriptor = open(path, flags, 0o644)
    guard descriptor >= 0 else {
      if errno == ENXIO {
        throw Failure(
          path: path, message: "is a named pipe that nothing reads: start its reader first, or name a file",
          isRefusal: true)
      }
      throw failure(path, "cannot open")
    }
    let status = fcntl(descriptor, F_GETFL)
    if status >= 0 { _ = fcntl(descriptor, F_SETFL, status & ~O_NONBLOCK) }
    return descriptor
  }
}
