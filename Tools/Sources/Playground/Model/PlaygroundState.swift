import DIScope
import TerminalUI

/// Everything the screen shows, as plain values: the panes' content, how each is viewed, the
/// command line, the mode and the status. The renderer draws it; tests read it.
public struct PlaygroundState: Sendable {
  /// A layer over the panes that takes the keys first.
  public enum Overlay: Sendable {
    /// The help, scrolled to `top`.
    case help(top: Int)
    /// Typing a filter for the focused pane.
    case filter(LineEditor)
    /// Quitting while recording: quit for real, with `status`? (`QuitQuestion.recording`)
    case confirmQuit(status: Int32)
    /// Quitting an attached app into which the session pushed mocks: remove them or keep them?
    case confirmDetach(status: Int32)
    /// A pane's row too long for the bottom row, shown whole over the panes (Enter).
    case wholeLine(String)
    /// Why a service of pane 1 resolves as it does (Enter on its row): `title`, then the lines.
    case explanation(title: String, lines: [String])
    /// `:solution` in `discope learn`: show the answer for real?
    case confirmSolution
  }

  /// The line `discope learn` keeps above the command line.
  public struct CourseLine: Sendable, Equatable {
    /// What it says: the exercise and its goal, or `✓ solved: ...` and what `:next` opens.
    public var text: String
    /// Whether the exercise is solved.
    public var isSolved: Bool

    public init(text: String, isSolved: Bool) {
      self.text = text
      self.isSolved = isSolved
    }
  }

  public var mode: InputMode = .command
  public var focus: PaneID = .registrations
  public var isZoomed = false
  public var editor = LineEditor()
  /// The lines typed so far of a command that continues (an `assembly A {` not yet closed).
  public var continuation: [String] = []
  public var overlay: Overlay?
  /// A one-line message under the panes (a playground command's result, a hint).
  public var notice: String? {
    didSet {
      isNoticeTranscribed = false
      noticeProblem = nil
      isNoticeError = false
    }
  }
  /// Whether the notice says what went wrong (``showError(_:)``, ``showErrorLine(_:)``): it is
  /// shown as an error, even over a script's prose.
  public private(set) var isNoticeError = false
  /// What went wrong, without the notice's `error: `, when ``showError(_:)`` set it: for a
  /// caller that words the failure its own way (`discope: cannot record …`).
  public private(set) var noticeProblem: String?

  /// Shows `error: PROBLEM` as the notice.
  public mutating func showError(_ problem: String) {
    notice = "error: " + problem
    noticeProblem = problem
    isNoticeError = true
  }

  /// Shows `line`, a line that says what went wrong as it stands (a command's `error: …`), as
  /// the notice.
  public mutating func showErrorLine(_ line: String?) {
    notice = line
    isNoticeError = line != nil
  }

  /// The notice as the full screen shows it beside the command line: none while it says what the
  /// course line already says on its own row (the line REPLs print the notice itself).
  public var commandLineNotice: String? { notice == courseLine?.text ? nil : notice }
  /// Whether `notice` is also a comment of the transcript (what the attached app said: its first
  /// change, its end), so that a REPL printing the transcript says it once, not twice.
  public var isNoticeTranscribed = false
  public var registrations: RegistrationsPane
  public var trace: TracePane
  public var mocks: MockTimeline
  public var transcript = Transcript()
  public var views: [PaneID: PaneView] = [
    .registrations: PaneView(anchor: .top), .trace: PaneView(anchor: .lastGroup),
    .mocks: PaneView(anchor: .tail), .transcript: PaneView(anchor: .tail),
  ]
  /// The rows each pane had at the last draw (for paging).
  public var paneHeights: [PaneID: Int] = [:]
  /// The columns of each pane's content at the last draw: a longer row is cut there (Enter
  /// shows it whole).
  public var paneWidths: [PaneID: Int] = [:]
  /// The terminal's width as last drawn (`nil` before the first frame, and without a screen).
  public var bottomRowWidth: Int?
  /// The rows of text the help (and other overlays) showed at the last draw: a page.
  public var overlayPageHeight: Int?
  /// The transcript lines of the command typed last (the command, then its output): shown under
  /// the panes while pane 4 is not on screen, so what a command did is seen at every size.
  public var lastTypedOutcome: [PaneLine] = []
  /// Prose shown under the panes when nothing is replayed: an exercise's goal.
  public var pinnedProse: [String] = []
  /// Solving an exercise, the Swift the last command typed stands for.
  public var learnSwift: String?
  /// Solving an exercise, its line of its own above the command line: the goal, then, once the
  /// check holds, that it is solved, until the next exercise opens (a command's output or
  /// message never replaces it).
  public var courseLine: CourseLine?
  /// Bumped when the session is rebuilt; older events and results are dropped.
  public var epoch = 0
  /// Commands submitted and not yet finished.
  public var pendingCommands = 0
  public var completionWords = CompletionWords()
  public var replay: ReplayState?
  /// The app attached to (`shop:4242`, `shop:4242 ENDED`), for the status line; nil when local.
  public var attachedTo: String?
  /// `lesson.dis` and its line count while recording.
  public var recording: (name: String, line: Int)?
  public var isASCII: Bool
  /// Help text from the key table and the command table.
  public var helpLines: [String] = []
  /// The width the help was last drawn at (its window's inside): its lines wrap there.
  public var helpWidth: Int?

  /// The help as it shows: each line wrapped at `width` at words (a continuation indented under
  /// its line), so no line is cut at the terminal's edge.
  public func helpRows(width: Int?) -> [String] {
    guard let width, width > 0 else { return helpLines }
    return helpLines.flatMap { ProseText.wrap($0, width: width) }
  }

  /// The help as it was last drawn: what its paging keys move through.
  public var shownHelpLines: [String] { helpRows(width: helpWidth) }

  public init(isASCII: Bool = false) {
    self.isASCII = isASCII
    registrations = RegistrationsPane(isASCII: isASCII)
    trace = TracePane(glyphs: isASCII ? .ascii : .unicode)
    mocks = MockTimeline(isASCII: isASCII)
  }

  /// The lines of a pane, as built from the container's events (before filter and folding).
  public func lines(of pane: PaneID) -> [PaneLine] {
    switch pane {
    case .registrations: registrations.lines
    case .trace:
      trace.lines.isEmpty ? [attachedTo == nil ? tracePlaceholder : Self.attachedTracePlaceholder] : trace.lines
    case .mocks:
      mocks.lines.isEmpty ? [attachedTo == nil ? mocksPlaceholder : MockTimeline.attachedPlaceholder] : mocks.lines
    case .transcript: transcript.lines.isEmpty ? [Transcript.placeholder] : transcript.lines
    }
  }

  /// The lines a pane shows now: filtered and folded by its view.
  public func visibleLines(of pane: PaneID) -> [PaneLine] {
    view(of: pane).visibleLines(of: lines(of: pane))
  }

  public func view(of pane: PaneID) -> PaneView { views[pane] ?? PaneView(anchor: .top) }

  /// The title of a pane with its filter, if any: `2 Resolution trace /logger`.
  public func title(of pane: PaneID) -> String {
    let filter = view(of: pane).filter
    return pane.title + (filter.isEmpty ? "" : " /\(filter)")
  }

  /// The words on the right of the bottom line: mode, LIVE / REC file:line / REPLAY, help.
  public var statusText: String {
    let mode = self.mode == .command ? "CMD" : "NAV"
    var state: String
    if let replay {
      state = "REPLAY \(replay.position)/\(replay.script.steps.count)" + (replay.isPlaying ? " ▶" : "")
      if isASCII { state = state.replacingOccurrences(of: "▶", with: ">") }
    } else {
      state = "LIVE"
    }
    if let attachedTo { state += " " + attachedTo }
    if let recording { state += (isASCII ? " * " : " ● ") + "REC \(recording.name):\(recording.line)" }
    let busy = pendingCommands > 0 ? (isASCII ? " ..." : " …") : ""
    return "\(mode) \(state)\(busy)  ? help"
  }

  /// The services pane 1 shows, in its order: what the placeholders suggest trying, so that they
  /// name the world on screen (an exercise's, not the demo's).
  var servicesOnScreen: [String] {
    var seen: Set<String> = []
    return registrations.lines.compactMap(\.service).filter { seen.insert($0).inserted }
  }

  /// Pane 2 before any resolve: a resolve to try, of a service on screen (the demo's
  /// ControlContext, else the service registered last, which tends to need the others).
  var tracePlaceholder: PaneLine {
    let services = servicesOnScreen
    guard let service = services.contains("ControlContext") ? "ControlContext" : services.last else {
      return PaneLine("(no resolution yet — register a service, then resolve it)", kind: .secondary)
    }
    return PaneLine("(no resolution yet — try: resolve \(service))", kind: .secondary)
  }

  /// Pane 3 before any mock: a mock to try, of a service on screen.
  var mocksPlaceholder: PaneLine {
    let services = servicesOnScreen
    guard let service = services.contains("Logger") ? "Logger" : services.first else {
      return PaneLine("(no mocks yet — register a service, then mock it)", kind: .secondary)
    }
    return PaneLine("(no mocks yet — try: mock \(service))", kind: .secondary)
  }
  /// Attached to an app, whose services are its own: no example to suggest.
  static let attachedTracePlaceholder = PaneLine(
    "(no resolution yet — the app's own show here as they happen)", kind: .secondary)
}

/// Where a replay is: the script, how many of its commands have run, and whether it plays.
public struct ReplayState: Sendable {
  public var script: ReplayScript
  /// The number of commands run so far (0: at the start).
  public var position = 0
  public var isPlaying = false

  public init(script: ReplayScript) { self.script = script }

  /// The command that runs next, if any.
  public var nextStep: ReplayScript.Step? {
    position < script.steps.count ? script.steps[position] : nil
  }
}
