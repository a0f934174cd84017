import DisScript

/// The files a command works on: files as given, directories searched for `*.dis`. A file named
/// twice (`dir` and `dir/a.dis`, or through a link) is worked on once, where first named. A
/// `*.dis` in a directory that is not a regular file (a named pipe, a socket) is never opened:
/// it is `skipped`, and said so. One named on its own is kept, for the reader to refuse.
struct ScriptPaths {
  var files: [String] = []
  var missing: [String] = []
  var skipped: [(path: String, kind: String)] = []

  init(_ paths: [String]) {
    var seen: Set<FileSystem.Identity> = []
    func add(_ file: String) {
      if let identity = FileSystem.identity(of: file), !seen.insert(identity).inserted { return }
      files.append(file)
    }
    for path in paths {
      if FileSystem.isDirectory(path) {
        do { try FileSystem.scripts(under: path, skipped: &skipped).forEach(add) } catch { missing.append(path) }
      } else if FileSystem.exists(path) {
        add(path)
      } else {
        missing.append(path)
      }
    }
  }

  /// The note for each skipped file: `note: skipped 'dir/p.dis': a named pipe, not a file`.
  var skippedNotes: [String] {
    skipped.map { "note: skipped '\($0.path)': it is \($0.kind), not a file (only regular files are read)" }
  }
}

/// `--shard i/n`: the i-th of n slices of the files (1-based), for CI matrices.
struct Shard: Sendable, Hashable {
  let index: Int
  let count: Int

  init?(_ text: String) {
    let parts = text.split(separator: "/")
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
      (1...count).contains(index)
    else { return nil }
    self.index = index
    self.count = count
  }

  /// File k (0-based, in sorted order) belongs to shard (k mod n) + 1.
  func select(_ files: [String]) -> [String] {
    files.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
  }
}
