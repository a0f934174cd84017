#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
    /// `path: message`; for a refusal, `'path' message` (`'a.dis' is an input of this run: …`).
    public var description: String { isRefusal ? "'\(path)' \(message)" : "\(path): \(message)" }

    public init(path: String, message: String, isRefusal: Bool = false) {
      self.path = path
      self.message = message
      self.isRefusal = isRefusal
    }
  }

  /// The bytes of the file at `path`, refusing anything larger than `limit` bytes.
  public static func read(_ path: String, limit: Int = 64 * 1024 * 1024) throws(Failure) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw failure(path, "cannot open") }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count < 0 { throw failure(path, "cannot read") }
      if count == 0 { return bytes }
      bytes += buffer[0..<count]
      if bytes.count > limit { throw Failure(path: path, message: "larger than \(limit) bytes") }
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
  /// (a loop) or to a directory already searched adds nothing.
  public static func scripts(under directory: String) throws(Failure) -> [String] {
    var searched: Set<Identity> = []
    return try scripts(under: directory, searched: &searched)
  }

  private static func scripts(under directory: String, searched: inout Set<Identity>) throws(Failure)
    -> [String]
  {
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
        found += try scripts(under: path, searched: &searched)
      } else if name.hasSuffix(".dis") {
        found.append(path)
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
