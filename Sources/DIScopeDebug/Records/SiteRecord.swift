import DIScope

/// Where a command sent to the app was written (a script's path and line): the registrations it
/// makes in the app keep it, so that pane 1, `why` and the journal name the script's line, as a
/// local session's do (`discope attach --script FILE`, a file played in the attached playground).
///
/// ```swift
/// let reply = try client.run("register Logger = FileLogger", at: RegistrationSite(fileID: "fix.dis", line: 3))
/// ```
public struct SiteRecord: Codable, Sendable, Hashable {
  /// The script's path (a registration shows its file's name: `fix.dis`).
  public var fileID: String
  /// The line, counted from 1.
  public var line: Int

  /// The record of `site`.
  public init(_ site: RegistrationSite) {
    fileID = site.fileID
    line = site.line
  }

  /// The site it records.
  public var site: RegistrationSite { RegistrationSite(fileID: fileID, line: line) }
}
