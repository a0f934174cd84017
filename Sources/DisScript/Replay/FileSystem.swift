#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

import DisSyntax

/// The only file access in the language's tooling: reading a script, writing one back atomically,
/// and finding `*.dis` files under a directory. A script itself never reads or writes anything.
public enum FileSystem {
  /// An I/O failure: what was attempted, on which path, and the system's reason.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let message: String
    /// Whether the write was refused by a rule (an input of the run, a script it would replace,
    /// a pipe nothing reads) rather than failed: nothing was written, and naming another file
    /// fixes it.
    public let isRefusal: Bool
    /// Whether the file read was larger than the limit (the message says so in the words of
    /// ``ParserLimits/fileTooLargeMessage(bytes:limit:)``).
    public internal(set) var isTooLarge = false
    /// `path: message`; for a refusal, `'path' message` (`'a.dis' is an input of this run: …`).
    public var description: String { isRefusal ? "'\(path)' \(message)" : "\(path): \(message)" }

    public init(path: String, message: String, isRefusal: Bool = false) {
      self.path = path
      self.message = message
      self.isRefusal = isRefusal
    }
  }

  /// The bytes of the file at `path`, refusing anything larger than `limit` bytes (with
  /// ``ParserLimits/fileTooLargeMessage(bytes:limit:)``, the one wording of that rule).
  ///
  /// Never waits: the file is opened non-blocking, and only a regular file or a character device
  /// is read (`/dev/null` is an empty file). A named pipe, a socket or a directory is refused
  /// with a message naming what it is; a device that would wait for input (a terminal) too.
  public static func read(_ path: String, limit: Int = 64 * 1024 * 1024) throws(Failure) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      if let kind = kind(ofSpecial: path) { throw notAFile(path, kind) }
      throw failure(path, "cannot open")
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw failure(path, "cannot read") }
    let type = info.st_mode & S_IFMT
    if type != S_IFREG && type != S_IFCHR {
      throw notAFile(path, kind(ofType: type))
    }
    if type == S_IFREG && Int(info.st_size) > limit {
      var tooLarge = Failure(path: path, message: ParserLimits.fileTooLargeMessage(bytes: Int(info.st_size), limit: limit))
      tooLarge.isTooLarge = true
      throw tooLarge
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        throw Failure(path: path, message: "cannot read: it waits for input (a terminal?); name a file")
      }
      if count < 0 { throw failure(path, "cannot read") }
      if count == 0 { return bytes }
      bytes += buffer[0..<count]
      if bytes.count > limit {
        // Grown while read, or a device that goes on: its size is not known.
        var tooLarge = Failure(path: path, message: ParserLimits.fileTooLargeMessage(bytes: nil, limit: limit))
        tooLarge.isTooLarge = true
        throw tooLarge
      }
    }
  }

  /// The failure of reading what is not a file.
  private static func notAFile(_ path: String, _ kind: String) -> Failure {
    if kind == "a directory" { return Failure(path: path, message: "cannot read a directory: name a file in it") }
    return Failure(path: path, message: "cannot read \(kind): only a regular file is read (\(kind) could keep it waiting); name a file")
  }

  /// What the file at `path` is when it is not a regular file, a character device or a
  /// directory, as a message says it ("a named pipe"); `nil` for those, and for nothing there.
  /// Never opens it.
  public static func kind(ofSpecial path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    let type = info.st_mode & S_IFMT
    return type == S_IFREG || type == S_IFCHR || type == S_IFDIR ? nil : kind(ofType: type)
  }

  private static func kind(ofType type: mode_t) -> String {
    switch type {
    case S_IFIFO: "a named pipe"
    case S_IFSOCK: "a socket"
    case S_IFBLK: "a block device"
    case S_IFDIR: "a directory"
    case S_IFCHR: "a character device"
    default: "not a regular file"
    }
  }

  /// Writes `text` to `path` atomically: a temporary file in the same directory, flushed, then
  /// renamed over the original (whose permissions it keeps). Readers see the old file or the new
  /// one, never half of either.
  /// A file nobody may write (`chmod a-w`) is refused, even to root: replacing it by a rename
  /// would go around the permission it states.
  ///
  /// A symbolic link is followed (a chain of them too) and its target written, so the link stays
  /// a link; a directory is refused with a plain message. A character device or a FIFO
  /// (`/dev/null`, `/dev/stdout`, a named pipe) is written through, never replaced: a rename
  /// over it would put a regular file where the device was. A block device or a socket is
  /// refused.
  ///
  /// First, ``refusal(writing:to:inputs:)`` says whether `content` may be written there at all:
  /// an input of the run (`inputs`) is never written, nor a `.dis` script with anything else.
  public static func writeAtomically(
    _ text: String, to givenPath: String, content: Content = .script, inputs: [String] = []
  ) throws(Failure) {
    if let refused = refusal(writing: content, to: givenPath, inputs: inputs) { throw refused }
    var given = stat()
    if stat(givenPath, &given) == 0 {
      switch given.st_mode & S_IFMT {
      case S_IFCHR, S_IFIFO: return try writeThrough(text, to: givenPath, content: content, inputs: inputs)
      case S_IFBLK, S_IFSOCK:
        throw Failure(path: givenPath, message: "is a block device or a socket, not a file: name a file")
      default: break
      }
    }
    let path = target(of: givenPath)
    if isDirectory(path) { throw Failure(path: givenPath, message: "is a directory") }
    var existing = stat()
    if stat(path, &existing) == 0 && existing.st_mode & 0o222 == 0 {
      throw Failure(path: path, message: "is read-only: make it writable to update it")
    }
    let directory = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "./"
    let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    var template = Array((directory + "." + name + ".tmp-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw failure(path, "cannot create a temporary file beside it") }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var info = stat()
    if stat(path, &info) == 0 { fchmod(descriptor, info.st_mode & 0o7777) } else { fchmod(descriptor, 0o644) }
    var bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
      if count <= 0 {
        close(descriptor)
        unlink(temporary)
        throw failure(path, "cannot write")
      }
      written += count
    }
    bytes = []
    guard fsync(descriptor) == 0, close(descriptor) == 0 else {
      unlink(temporary)
      throw failure(path, "cannot flush")
    }
    guard rename(temporary, path) == 0 else {
      let failed = failure(path, "cannot replace")
      unlink(temporary)
      throw failed
    }
  }

  /// Writes `text` into the device or FIFO at `path` as it is: opened (through its links, by the
  /// kernel, so `/dev/stdout` reaches whatever standard output is), written, closed. The open
  /// never waits: a named pipe nothing reads is refused at once.
  private static func writeThrough(_ text: String, to path: String, content: Content, inputs: [String]) throws(Failure) {
    let descriptor = try openForWriting(path, content: content, inputs: inputs)
    defer { close(descriptor) }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw failure(path, "cannot write") }
      bytes = bytes.dropFirst(count)
    }
  }

  /// What a file was when last looked at: which file (device and inode), its size and its last
  /// change. A stamp taken after writing a file tells later whether anyone changed it since.
  public struct Stamp: Hashable, Sendable {
    let identity: Identity
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int
  }

  /// The stamp of the file at `path` (links followed); `nil` if there is none.
  public static func stamp(of path: String) -> Stamp? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      let modified = info.st_mtimespec
    #else
      let modified = info.st_mtim
    #endif
    return Stamp(
      identity: Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)),
      size: Int64(info.st_size), modifiedSeconds: Int(modified.tv_sec),
      modifiedNanoseconds: Int(modified.tv_nsec))
  }

  /// The file a write to `path` reaches: `path` with its symbolic links followed, one after the
  /// other (at most 40, as the kernel does), so writing replaces a link's target and not the link.
  /// A link to nothing gives the path it names (writing creates that file); a path that is not a
  /// link is returned as it is.
  public static func target(of path: String) -> String {
    var current = path
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count > 0 else { return current }
      let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if link.hasPrefix("/") {
        current = link
      } else if let slash = current.lastIndex(of: "/") {
        current = String(current[...slash]) + link
      } else {
        current = link
      }
    }
    return current
  }

  /// `path` with a leading `~` (alone or before a `/`) replaced by `home`, as a shell does;
  /// any other path unchanged. `~user` is not expanded.
  public static func expandingTilde(_ path: String, home: String?) -> String {
    guard let home, !home.isEmpty, path == "~" || path.hasPrefix("~/") else { return path }
    return (home.hasSuffix("/") ? String(home.dropLast()) : home) + path.dropFirst()
  }

  /// Makes `directory` and its missing parents (mode 0700: what lives there is the user's).
  public static func makeDirectories(_ directory: String) throws(Failure) {
    var built = directory.hasPrefix("/") ? "" : "."
    for part in directory.split(separator: "/") {
      built += "/" + part
      if isDirectory(built) { continue }
      guard mkdir(built, 0o700) == 0 || errno == EEXIST else { throw failure(built, "cannot make the folder") }
    }
  }

  /// Removes the file at `path`.
  public static func remove(_ path: String) throws(Failure) {
    guard unlink(path) == 0 else { throw failure(path, "cannot remove") }
  }

  /// Whether `path` is a directory (links followed).
  public static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether something exists at `path`.
  public static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// Every `*.dis` file under `directory`, sorted, skipping hidden entries (`.build`, `.git`).
  /// Symbolic links are followed, but each directory is searched once: a link back up the tree
  /// (a loop) or to a directory already searched adds nothing. A `*.dis` that is not a regular
  /// file (a named pipe, a socket, a device) is never opened: it goes to `skipped`, with what it
  /// is ("a named pipe").
  public static func scripts(under directory: String, skipped: inout [(path: String, kind: String)]) throws(Failure)
    -> [String]
  {
    var searched: Set<Identity> = []
    return try scripts(under: directory, searched: &searched, skipped: &skipped)
  }

  /// Every `*.dis` regular file under `directory`, as ``scripts(under:skipped:)`` finds them.
  public static func scripts(under directory: String) throws(Failure) -> [String] {
    var skipped: [(path: String, kind: String)] = []
    return try scripts(under: directory, skipped: &skipped)
  }

  private static func scripts(
    under directory: String, searched: inout Set<Identity>, skipped: inout [(path: String, kind: String)]
  ) throws(Failure) -> [String] {
    if let identity = identity(of: directory), !searched.insert(identity).inserted { return [] }
    guard let handle = opendir(directory) else { throw failure(directory, "cannot list") }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if !name.hasPrefix(".") { names.append(name) }
    }
    closedir(handle)
    var found: [String] = []
    for name in names.sorted() {
      let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
      if isDirectory(path) {
        found += try scripts(under: path, searched: &searched, skipped: &skipped)
      } else if name.hasSuffix(".dis") {
        var info = stat()
        if stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG {
          skipped.append((path, kind(ofType: info.st_mode & S_IFMT)))
        } else {
          found.append(path)
        }
      }
    }
    return found
  }

  /// What a file is, whatever path leads to it: its device and inode.
  public struct Identity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
  }

  /// The identity of the file at `path` (links followed); `nil` if there is none.
  public static func identity(of path: String) -> Identity? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  /// `read(2)`, named apart from ``read(_:limit:)``.
  private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
      Musl.read(descriptor, buffer, count)
    #else
      Darwin.read(descriptor, buffer, count)
    #endif
  }

  static func failure(_ path: String, _ what: String) -> Failure {
    Failure(path: path, message: "\(what): \(String(cString: strerror(errno)))")
  }
}
