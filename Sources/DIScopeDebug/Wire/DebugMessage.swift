/// Who is at the other end: the app, as its server says in its hello.
public struct AppIdentity: Codable, Sendable, Hashable {
  /// The container's name, or the process's when the container has the default name.
  public var name: String
  public var pid: Int32
  /// The executable's path, when known.
  public var executable: String
  /// When the server started, in seconds since 1970.
  public var since: Double
  /// Whether commands that change the container or run the app's factories are refused.
  public var isReadOnly: Bool
  /// The name of the container attached.
  public var container: String

  public init(name: String, pid: Int32, executable: String, since: Double, isReadOnly: Bool, container: String) {
    self.name = name
    self.pid = pid
    self.executable = executable
    self.since = since
    self.isReadOnly = isReadOnly
    self.container = container
  }
}

/// What a command did in the app, as the client shows and records it.
public struct OutcomeRecord: Codable, Sendable, Hashable {
  /// The lines the command printed (errors included).
  public var output: [String]
  public var isFailure: Bool
  /// The exact `.dis` text of the command and its output.
  public var recordedText: String
  /// What this client's session changed in the app and has not changed back, oldest first
  /// (`removed t1 Config -> AppConfig [singleton]`, `pushed mock t7 MockLogger over Logger`):
  /// what detaching undoes unless the user keeps it.
  public var sessionChanges: [String]
  /// The indices in `output` of the lines that say what went wrong (`error: …`), as
  /// `CommandOutcome.errorLines` gives them. Optional on the wire: a server that does not say
  /// sent none.
  public var errorLines: [Int]?

  public init(
    output: [String], isFailure: Bool, recordedText: String, sessionChanges: [String], errorLines: [Int] = []
  ) {
    self.output = output
    self.isFailure = isFailure
    self.errorLines = errorLines
    self.recordedText = recordedText
    self.sessionChanges = sessionChanges
  }
}

/// What detaching did about the session's changes: each undone (newest first), or kept, or
/// left as it is with why (the app changed it since; a released instance cannot come back).
///
/// ```swift
/// let report = client.detach(keepChanges: false)
/// report?.undone.forEach { print("undone:", $0) }
/// ```
public struct LeaveReport: Codable, Sendable, Hashable {
  /// The changes undone, newest first: `put back t1 Config -> AppConfig [singleton]`.
  public var undone: [String]
  /// The changes the user kept in the app.
  public var kept: [String]
  /// What could not be undone, each with why.
  public var notUndone: [String]
  /// After the undo: each cached instance that still holds an instance of a registration the
  /// session put in, with how to rebuild it (`... 'cache t2 off' then 'cache t2 on' rebuilds it`).
  /// While one is listed, the app is not as it was. `nil` from a server that does not say.
  public var stillHolding: [String]?
  /// Of those, the ones the app can rebuild at the client's word (``ClientMessage/rebuild(id:holders:)``):
  /// a cached instance of a registration of the attached container, whose next resolve builds one
  /// that holds what answers now. `nil` when none (a holder in a child container is only said).
  public var rebuildable: [HolderToRebuild]?

  public init(
    undone: [String] = [], kept: [String] = [], notUndone: [String] = [], stillHolding: [String] = [],
    rebuildable: [HolderToRebuild] = []
  ) {
    self.undone = undone
    self.kept = kept
    self.notUndone = notUndone
    self.stillHolding = stillHolding.isEmpty ? nil : stillHolding
    self.rebuildable = rebuildable.isEmpty ? nil : rebuildable
  }

  /// Whether the app is as it was before the session: everything undone, and nothing left
  /// holding what the session put in.
  public var leftAsItWas: Bool { kept.isEmpty && notUndone.isEmpty && (stillHolding ?? []).isEmpty }

  /// Whether the session had changed nothing.
  public var isEmpty: Bool { undone.isEmpty && kept.isEmpty && notUndone.isEmpty && (stillHolding ?? []).isEmpty }
}

/// A cached instance that, after a session's undo, still holds an instance of a registration the
/// session put in, and that the app can rebuild: its registration drops it (as `cache t2 off`
/// then `cache t2 on` would), so that the next resolve builds one with what answers now. What the
/// app already holds of the old instance keeps it: a rebuild cannot reach that.
public struct HolderToRebuild: Codable, Sendable, Hashable {
  /// The holder: `WebService#23`.
  public var instance: String
  /// Its registration's token: `t2`.
  public var token: String
  /// The service its registration answers: `WebService`.
  public var service: String
  /// What it holds that the session put in: `MockLogger#18`.
  public var held: String
  /// The service it asked for when it was handed `held`: `Logging`.
  public var heldService: String
  /// What answers the held service now (`t1 ConsoleLogger`), or `nil` when nothing does.
  public var answeringNow: String?

  /// A holder as the server offers it (tests and other clients make one to compare).
  public init(instance: String, token: String, service: String, held: String, heldService: String, answeringNow: String?) {
    self.instance = instance
    self.token = token
    self.service = service
    self.held = held
    self.heldService = heldService
    self.answeringNow = answeringNow
  }
}

/// Names a client may complete: the app's services and tokens, the session's declarations.
public struct CompletionRecord: Codable, Sendable, Hashable {
  public var services: [String] = []
  public var implementations: [String] = []
  public var tokens: [String] = []
  public var instances: [String] = []
  public var assemblies: [String] = []
  public var containers: [String] = []

  public init(
    services: [String] = [], implementations: [String] = [], tokens: [String] = [], instances: [String] = [],
    assemblies: [String] = [], containers: [String] = []
  ) {
    self.services = services
    self.implementations = implementations
    self.tokens = tokens
    self.instances = instances
    self.assemblies = assemblies
    self.containers = containers
  }
}

/// From a client to the app's server.
public enum ClientMessage: Codable, Sendable, Hashable {
  /// The first message: the client's protocol version, and the glyphs its trace lines use.
  case hello(protocolVersion: Int, client: String, asciiOnly: Bool)
  /// Runs one `.dis` command in the app (commands run one at a time, all clients together);
  /// `site` is where a script wrote it, which the registrations it makes keep (absent when typed).
  case run(id: Int, source: String, site: SiteRecord? = nil)
  /// Asks for the stacks again (after events were dropped).
  case refresh
  /// Why `service` resolves as it does.
  case explain(id: Int, service: String)
  /// The client leaves: its session's changes are undone, or, with `keepChanges`, stay in the
  /// app; the server answers `left` and closes.
  case detach(keepChanges: Bool)
  /// Undoes the session's changes now, without leaving (answered by `undone`): a client that
  /// offers to rebuild what still holds the session's changes asks this first, then `rebuild`,
  /// then `detach`, which finds nothing left to undo.
  case undoChanges(id: Int)
  /// Rebuilds each of `holders` (from the last `undone`) still cached as it was named; answered by
  /// `rebuilt`, a line for each.
  case rebuild(id: Int, holders: [HolderToRebuild])
}

/// From the app's server to a client.
public enum ServerMessage: Codable, Sendable, Hashable {
  /// The first message: the server's protocol version and the app.
  case hello(protocolVersion: Int, app: AppIdentity)
  /// The server will not serve this client (another protocol version, another user…); it closes.
  case refused(reason: String)
  /// The container's events, oldest first.
  case events([EventRecord])
  /// Events lost because the client did not read them fast enough (counted since the last report).
  case dropped(count: Int)
  /// The stacks as they are now.
  case snapshot(ContainerSnapshot)
  /// A command's outcome, and the names to complete now.
  case result(id: Int, outcome: OutcomeRecord, completion: CompletionRecord)
  /// The names to complete now (sent on attaching; each result brings them again).
  case completion(CompletionRecord)
  /// Why a service resolves as it does (`lines` empty when the app has no such service).
  case explanation(id: Int, title: String, lines: [String])
  /// The answer to `detach`: what was undone or kept. The server closes after it.
  case left(LeaveReport)
  /// The answer to `undoChanges`: what was undone; the session stays attached.
  case undone(id: Int, report: LeaveReport)
  /// The answer to `rebuild`: what was rebuilt, or why not, a line each.
  case rebuilt(id: Int, lines: [String])
  /// The server is going away (the app stopped it or is exiting).
  case bye(reason: String)
}
