/// Where a registration was made: the file and line of the `register` (or `mock`) call, which
/// every `register` takes as default arguments, so that a registration can say where it is in the
/// code when a resolve, an error or a debugger names it.
///
/// ```swift
/// container.register(Logger.self) { _ in ConsoleLogger() }      // AppAssembly.swift, line 42
/// container.stacks.first?.registrations.first?.location?.description   // "AppAssembly.swift:42"
/// ```
///
/// A `.dis` script's registrations carry the script's path and line instead.
public struct RegistrationSite: Sendable, Hashable, CustomStringConvertible {
  /// The file as `#fileID` names it (`MyApp/AppAssembly.swift`), or a script's path.
  public let fileID: String
  /// The line, counted from 1.
  public let line: Int

  /// A location in `fileID` (a `#fileID`, or a script's path) at `line`.
  public init(fileID: String, line: Int) {
    self.fileID = fileID
    self.line = line
  }

  /// The file's name without its module or folders: `AppAssembly.swift`.
  public var fileName: Substring {
    fileID.lastIndex(of: "/").map { fileID[fileID.index(after: $0)...] } ?? fileID[...]
  }

  /// `AppAssembly.swift:42`: the file's name and the line, as an editor's "go to" takes them.
  public var description: String { "\(fileName):\(line)" }
}

/// Where a registration was made, as the registration keeps it: a `#fileID` literal's address
/// and length, and the line, in 16 bytes and with no allocation (a registration made over and
/// over, as a test's mock swap is, pays nothing for it). A location only known at run time (a
/// script's) is kept in the registration's details instead (see `Registration.location`).
///
/// `@unchecked Sendable`: `file` points into a string literal of the binary (`#fileID` is always
/// a literal with a pointer), which is never written nor freed while the process runs.
@usableFromInline
struct PackedSite: @unchecked Sendable {
  @usableFromInline let file: UnsafeRawPointer?
  @usableFromInline let fileLength: UInt32
  @usableFromInline let line: UInt32

  /// No site: a registration made by code that did not say where (an internal one).
  @usableFromInline static let unknown = PackedSite(file: nil, fileLength: 0, line: 0)

  @usableFromInline
  init(file: UnsafeRawPointer?, fileLength: UInt32, line: UInt32) {
    self.file = file
    self.fileLength = fileLength
    self.line = line
  }

  /// The site of a `register` call, from its `#fileID` and `#line` default arguments.
  @inlinable @inline(__always)
  init(fileID: StaticString, line: UInt) {
    if fileID.hasPointerRepresentation && fileID.utf8CodeUnitCount > 0 {
      self.init(
        file: UnsafeRawPointer(fileID.utf8Start),
        fileLength: UInt32(truncatingIfNeeded: fileID.utf8CodeUnitCount),
        line: UInt32(truncatingIfNeeded: line))
    } else {
      self.init(file: nil, fileLength: 0, line: UInt32(truncatingIfNeeded: line))
    }
  }

  /// The public form, made only when something shows it.
  var location: RegistrationSite? {
    guard let file else { return nil }
    let bytes = UnsafeBufferPointer(start: file.assumingMemoryBound(to: UInt8.self), count: Int(fileLength))
    return RegistrationSite(fileID: String(decoding: bytes, as: UTF8.self), line: Int(line))
  }
}
