import DIScope
import DisSyntax

/// A `.dis` script as steps to walk through: each command, with the prose (comments, a section
/// title) that comes before it and the line it starts on.
///
/// ```swift
/// let script = try ReplayScript(text: "## Basics\nprotocol Logger\n", path: "a.dis")
/// script.steps[0].section   // "Basics"
/// ```
public struct ReplayScript: Sendable {
  /// One command of the script.
  public struct Step: Sendable {
    public var entry: Entry
    /// The file line the command starts on.
    public var line: Int
    /// Comment and section lines just before the command, as written.
    public var prose: [String]
    /// The section this step opens, if a `## Title` line precedes it.
    public var section: String?
  }

  public var path: String
  public var steps: [Step]

  /// Where `step` was written, as the registrations it makes keep it (`demo.dis:12`).
  public func site(of step: Step) -> RegistrationSite { RegistrationSite(fileID: path, line: step.line) }

  /// Parses `text`; throws the rendered diagnostics when the script has errors.
  public init(text: String, path: String) throws(ReplayScriptError) {
    let result = ScriptParser().parse(text, path: path)
    guard !result.hasErrors else { throw ReplayScriptError(message: result.renderedDiagnostics) }
    self.init(script: result.script)
  }

  /// The steps of a parsed script.
  public init(script: Script) {
    path = script.path
    steps = []
    var prose: [String] = []
    var section: String?
    for item in script.items {
      switch item.kind {
      case .comment(let text): prose.append("#" + text)
      case .section(let title):
        prose.append("## " + title)
        section = title
      case .entry(let entry):
        steps.append(Step(entry: entry, line: item.location.line, prose: prose, section: section))
        prose = []
        section = nil
      case .blank, .versionHeader: break
      }
    }
  }

  /// The position (commands run) where the next section after `position` starts: its first
  /// command is the next to run. The end when there is no later section.
  public func nextSectionStart(after position: Int) -> Int {
    guard position < steps.count else { return steps.count }
    let next = steps.indices.first { $0 > position && steps[$0].section != nil }
    return next ?? steps.count
  }
}

/// A script that cannot be replayed, with its diagnostics rendered.
public struct ReplayScriptError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}
