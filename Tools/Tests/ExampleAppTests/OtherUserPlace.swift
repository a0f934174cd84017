// Support for `AttachEndToEndTests`' other-user test: a folder another user can reach, with a
// copy of `discope` that user can run.
import Foundation
import TerminalTesting

#if canImport(Glibc)
  import Glibc
#endif

/// A fresh 0755 folder the user `nobody` can reach, holding a copy of `discope` (and, when the
/// toolchain's libraries are out of that user's reach too, copies of them beside it, which the
/// binary's `$ORIGIN` run path finds). The build's own `discope` lives in the clone, which may
/// be in a folder only its owner enters (a 0700 home, `mktemp -d`): run from there, `runuser`
/// cannot even execute it. The test's app serves its socket in this folder too.
struct OtherUserPlace {
  static let user = "nobody"
  let directory: String
  let discope: String

  /// The command that runs `arguments` as ``user``, from `/` (the test's own working directory
  /// may be out of that user's reach too).
  static func command(_ arguments: [String]) -> [String] {
    ["runuser", "-u", user, "--", "/bin/sh", "-c", "cd / && exec \"$@\"", "sh"] + arguments
  }

  /// A place in the temporary directory, or else in `/tmp`; the reason when `nobody` can run
  /// `discope` from neither.
  static func make(copying discope: String) -> Result<OtherUserPlace, AttachTestError> {
    var tried: [String] = []
    for parent in [FileManager.default.temporaryDirectory.path, "/tmp"] where !tried.contains(parent) {
      switch attempt(in: parent, copying: discope) {
      case .success(let place): return .success(place)
      case .failure(let reason): tried.append("\(parent): \(reason)")
      }
    }
    return .failure(AttachTestError("the user \(user) can run no copy of discope here (\(tried.joined(separator: "; ")))"))
  }

  /// Removes the folder and what it holds.
  func remove() { try? FileManager.default.removeItem(atPath: directory) }

  private static func attempt(in parent: String, copying discope: String) -> Result<OtherUserPlace, AttachTestError> {
    var template = Array((parent + "/discope-other-user-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { return .failure(AttachTestError("mkdtemp: errno \(errno)")) }
    let directory = String(cString: made)
    chmod(directory, 0o755)
    let place = OtherUserPlace(directory: directory, discope: directory + "/discope")
    do {
      try FileManager.default.copyItem(atPath: discope, toPath: place.discope)
      chmod(place.discope, 0o755)
      if place.runs() { return .success(place) }
      // The toolchain's libraries may be out of reach too: beside the binary, `$ORIGIN` finds them.
      for library in try libraries(of: discope) {
        let copy = directory + "/" + (library as NSString).lastPathComponent
        try FileManager.default.copyItem(atPath: library, toPath: copy)
        chmod(copy, 0o755)
      }
      if place.runs() { return .success(place) }
      let probe = try SpawnedCommand.run(command([place.discope, "--version"]))
      place.remove()
      return .failure(AttachTestError("\(probe.errorOutput.trimmingCharacters(in: .whitespacesAndNewlines)) (status \(probe.status))"))
    } catch {
      place.remove()
      return .failure(AttachTestError("\(error)"))
    }
  }

  /// Whether `nobody` can run this copy.
  private func runs() -> Bool {
    (try? SpawnedCommand.run(Self.command([discope, "--version"])).status) == 0
  }

  /// The shared libraries `binary` loads from outside the system's own folders (`ldd`).
  private static func libraries(of binary: String) throws -> [String] {
    let listed = try SpawnedCommand.run(["ldd", binary])
    return listed.output.split(separator: "\n").compactMap { line in
      guard let arrow = line.range(of: "=> ") else { return nil }
      let path = line[arrow.upperBound...].split(separator: " ").first.map(String.init) ?? ""
      return path.hasPrefix("/") && !path.hasPrefix("/lib") && !path.hasPrefix("/usr/lib") ? path : nil
    }
  }
}
