#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where debug servers put their sockets, and how a client finds them: one directory per user,
/// `$XDG_RUNTIME_DIR/discope` (or `$TMPDIR/discope-UID` without it), 0700, holding
/// `NAME-PID.sock` for each app serving.
///
/// ```swift
/// for app in SocketDirectory.standard.attachableProcesses() { print(app.pid, app.name, app.socketPath) }
/// ```
public struct SocketDirectory: Sendable, Hashable {
  public let path: String

  public init(path: String) { self.path = path }

  /// This user's directory, from this process's environment.
  public static var standard: SocketDirectory {
    var environment: [String: String] = [:]
    for name in ["XDG_RUNTIME_DIR", "TMPDIR"] { environment[name] = getenv(name).map { String(cString: $0) } }
    return standard(environment: environment)
  }

  /// This user's directory, from `environment` (`XDG_RUNTIME_DIR`, else `TMPDIR`, else `/tmp`).
  ///
  /// ```swift
  /// SocketDirectory.standard(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]).path   // /run/user/1000/discope
  /// ```
  public static func standard(environment: [String: String]) -> SocketDirectory {
    if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
      return SocketDirectory(path: runtime + "/discope")
    }
    let temporary = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    return SocketDirectory(path: (temporary.hasSuffix("/") ? String(temporary.dropLast()) : temporary) + "/discope-\(getuid())")
  }

  /// The socket path for an app named `name` with process id `pid`.
  public func socketPath(name: String, pid: Int32) -> String {
    path + "/" + Self.fileName(name: name, pid: pid)
  }

  static func fileName(name: String, pid: Int32) -> String {
    // A name is only a label: anything but letters, digits, `.`, `_` and `-` becomes `_`, so the
    // file name cannot leave the directory or confuse the `-PID` that ends it.
    let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" ? $0 : "_" }.prefix(40))
    return "\(safe.isEmpty ? "app" : safe)-\(pid).sock"
  }

  /// Makes the directory when missing (0700), and checks that it is this user's and no one
  /// else's: a directory another user can write to could hold a socket that is not the app's.
  public func prepare() throws(SocketError) {
    var info = stat()
    if lstat(path, &info) != 0 {
      guard errno == ENOENT else { throw SocketError("cannot read \(path)") }
      let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
      if !parent.isEmpty, access(parent, F_OK) != 0 { mkdir(parent, 0o700) }
      guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw SocketError("cannot make \(path)") }
      guard lstat(path, &info) == 0 else { throw SocketError("cannot read \(path)") }
    }
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      throw SocketError(message: "\(path) is not a directory; remove it or pass socketPath:")
    }
    guard info.st_uid == getuid() else {
      throw SocketError(message: "\(path) belongs to uid \(info.st_uid), not to this user (uid \(getuid())); pass socketPath:")
    }
    // Exactly 0700: wider lets others in, and narrower is as wrong (a `mkdir` while another
    // thread's bind has the umask at 0177 makes 0600, a directory nobody can search).
    if info.st_mode & 0o777 != 0o700 {
      guard chmod(path, 0o700) == 0 else { throw SocketError("cannot make \(path) private (0700)") }
    }
  }

  /// The apps serving in this directory, oldest first. Sockets left by processes that are gone
  /// are removed on the way (when this user may).
  public func attachableProcesses() -> [AttachableProcess] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var found: [AttachableProcess] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      guard let process = AttachableProcess(fileName: name, directory: path) else { continue }
      if process.isAlive {
        found.append(process)
      } else {
        unlink(process.socketPath)
      }
    }
    return found.sorted { ($0.since, $0.pid) < ($1.since, $1.pid) }
  }
}

/// An app serving its container: found by its socket's file name `NAME-PID.sock`.
public struct AttachableProcess: Sendable, Hashable {
  public let pid: Int32
  public let name: String
  public let socketPath: String
  /// When its socket was made, in seconds since 1970.
  public let since: Double

  init?(fileName: String, directory: String) {
    guard fileName.hasSuffix(".sock"), let dash = fileName.lastIndex(of: "-") else { return nil }
    let pidText = fileName[fileName.index(after: dash)..<fileName.index(fileName.endIndex, offsetBy: -5)]
    guard let pid = Int32(pidText), pid > 0 else { return nil }
    self.pid = pid
    name = String(fileName[..<dash])
    socketPath = directory + "/" + fileName
    var info = stat()
    guard lstat(socketPath, &info) == 0, (info.st_mode & S_IFMT) == S_IFSOCK else { return nil }
    #if canImport(Darwin)
      since = Double(info.st_mtimespec.tv_sec)
    #else
      since = Double(info.st_mtim.tv_sec)
    #endif
  }

  /// Whether the process still runs.
  public var isAlive: Bool { kill(pid, 0) == 0 || errno == EPERM }
}
