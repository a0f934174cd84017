/// What `discope test` found in one file.
public struct FileReport: Sendable {
  /// How the file fared.
  public enum Status: String, Sendable, Hashable {
    /// Every checked command matched.
    case passed
    /// A command did not match (or the file could not be read or written).
    case failed
    /// It has no section of the name asked for.
    case skipped
    /// It does not parse: `discope test` exits with status 2.
    case unparsable
  }

  /// The file's path, as given.
  public let path: String
  /// How it fared.
  public let status: Status
  /// The commands that did not match (after `--update`: those it refused to rewrite).
  public let mismatches: [Mismatch]
  /// `path:line:col: error: ...` with source lines and carets, for a file that does not parse or
  /// cannot be read.
  public let errorText: String?
  /// How many expected blocks `--update` rewrote.
  public let updatedBlocks: Int
  /// How many commands were checked.
  public let checkedCount: Int
  /// How long the file took, in seconds (for JUnit; never printed in a transcript).
  public let seconds: Double
}

/// The closing line of a run: `3 passed, 1 failed` (`, 2 skipped` when any were).
///
/// ```swift
/// RunSummary(reports).line   // "11 passed, 0 failed"
/// ```
public struct RunSummary: Sendable, Hashable {
  public let passed: Int
  public let failed: Int
  public let skipped: Int
  /// Whether a file did not parse.
  public let hasUnparsable: Bool

  public init(_ reports: [FileReport]) {
    passed = reports.count { $0.status == .passed }
    failed = reports.count { $0.status == .failed || $0.status == .unparsable }
    skipped = reports.count { $0.status == .skipped }
    hasUnparsable = reports.contains { $0.status == .unparsable }
  }

  /// `N passed, N failed[, N skipped]`.
  public var line: String {
    "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
  }

  /// 0 when everything passed, 2 when a file does not parse, 1 otherwise.
  public var exitCode: Int32 {
    hasUnparsable ? 2 : failed > 0 ? 1 : 0
  }
}
