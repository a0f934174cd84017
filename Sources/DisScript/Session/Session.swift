import DIScope
import DisSyntax

/// The `.dis` interpreter: one live container family, the script's declared types, and the
/// commands of the language run against them.
///
/// The REPL, the TUI and `discope test` all drive a session the same way: one command at a time,
/// each giving a ``CommandOutcome`` whose output is exactly what a `.dis` file holds under it. A
/// failing command never ends the session; its error is its output and the state is unchanged.
///
/// ```swift
/// let session = Session()
/// _ = session.execute("protocol Logger")
/// _ = session.execute("class ConsoleLogger: Logger")
/// print(session.execute("register Logger = ConsoleLogger").output)
/// // ["+ t1  Logger -> ConsoleLogger  [singleton]"]
/// ```
public final class Session {
  /// How the session prints and what it allows.
  public let options: SessionOptions
  /// The current container: commands register into and resolve from it. It changes on
  /// `container child`, `container use` and `reset`.
  public private(set) var container: Container {
    didSet { for follower in containerFollowers { follower(container) } }
  }
  /// Told the new container whenever `container` changes (see ``followContainer(_:)``).
  private var containerFollowers: [(Container) -> Void] = []

  let store = DeclarationStore()
  let budget: BuildBudget
  let builder: InstanceBuilder
  let parser: ScriptParser
  /// Where service names are looked up, the script's declarations first.
  var directories: [any ServiceDirectory]
  /// Everything tied to the current container family; replaced by `reset`.
  var family: FamilyState
  /// Where the command being run was written, when it was read from a script: what the
  /// registrations it makes say of where they were made (`why`, `discope attach`), and, for an
  /// `assembly` block, where its `register` lines are (each names its own line when activated).
  private(set) var commandSite: RegistrationSite?

  /// A session with an empty root container.
  public init(options: SessionOptions = SessionOptions()) {
    self.options = options
    budget = BuildBudget(limit: options.limits.maximumInstances)
    builder = InstanceBuilder(store: store, budget: budget, maximumMockNotes: options.limits.maximumMockNotes)
    parser = ScriptParser(limits: options.limits.parser)
    directories = [DeclaredServices(store: store)]
    family = FamilyState(root: Container(name: "root"), glyphs: options.glyphs)
    container = family.root
  }

  /// Parses and runs one command as typed (an `assembly { ... }` block may span several lines).
  ///
  /// ```swift
  /// let outcome = session.execute("resolve ControlContext")
  /// if !outcome.diagnostics.isEmpty { print(outcome.diagnostics.rendered(in: nil)) }
  /// ```
  ///
  /// - Parameter site: Where the command starts when read from a script line by line, which the
  ///   registrations it makes keep; `nil` for a command typed.
  public func execute(_ source: String, at site: RegistrationSite? = nil) -> CommandOutcome {
    switch parser.parseCommand(source) {
    case .success(let entry): return execute(entry, at: site)
    case .failure(let failure):
      return CommandOutcome(entry: nil, output: [], isFailure: true, diagnostics: failure.diagnostics)
    }
  }

  /// Runs one parsed command. Its `!` and expected block are ignored here: replay compares them.
  ///
  /// - Parameter site: Where the command was written (a script's path and line), which the
  ///   registrations it makes keep; `nil` for a command typed or built in code.
  public func execute(_ entry: Entry, at site: RegistrationSite? = nil) -> CommandOutcome {
    if let command = entry.playgroundCommand {
      return CommandOutcome(entry: entry, output: [], isFailure: false, playgroundCommand: command)
    }
    commandSite = site
    defer { commandSite = nil }
    // The event rule: events are taken in where a command starts and where it ends, and in
    // between only by the readers that need what the command itself caused (`takeTraces()`,
    // `takeEagerFailures()`, `takeDisposals()`), each of which takes them in first.
    beginCommand()
    defer { endCommand() }
    do {
      var output = try perform(entry.command)
      if entry.command.containerChange == .registrations && !family.leavesNothingStale {
        // What a change of registrations leaves behind: an instance still holding what its key
        // no longer answers with.
        output += staleNotes()
      }
      switch entry.command {
      case .makeChildContainer, .useContainer, .reset, .releaseContainer:
        // Another container is current: its stale references are noted afresh.
        forgetStaleNotes()
      default: break
      }
      return CommandOutcome(entry: entry, output: output, isFailure: false)
    } catch {
      let failure = failure(for: error)
      return CommandOutcome(
        entry: entry, output: failure.lines, isFailure: true, isRefusal: failure.isRefusal,
        errorLines: failure.errorLines)
    }
  }

  /// A session on the built-in demo world (``DemoWorld``): the seed app's components registered
  /// by an active assembly, ready to resolve.
  ///
  /// ```swift
  /// let session = Session.demo()
  /// session.execute("resolve ControlContext").output.forEach { print($0) }
  /// ```
  public static func demo(options: SessionOptions = SessionOptions()) -> Session {
    let session = Session(options: options)
    for (entry, location) in ScriptParser().parse(DemoWorld.script, path: "demo.dis").script.locatedEntries {
      _ = session.execute(entry, at: RegistrationSite(fileID: "demo.dis", line: location.line))
    }
    return session
  }

  /// The instance numbered `number` that the session holds, if any.
  public func instance(numbered number: Int) -> PlaygroundInstance? {
    family.numbering.instances[number]
  }

  /// Runs one command; its output, or a ``ScriptFailure`` thrown.
  func perform(_ command: Command) throws -> [String] {
    switch command {
    case .declareProtocol(let name): return try declareProtocol(name)
    case .declareClass(let declaration): return try declareClass(declaration)
    case .register(let registration): return try register(registration)
    case .resolve(let resolution): return try resolve(resolution)
    case .remove(let token): return try remove(token)
    case .changeScope(let token, let scope): return try changeScope(token, to: scope)
    case .changeCaching(let token, let isEnabled): return try changeCaching(token, isEnabled: isEnabled)
    case .mock(let service, let implementation): return try mock(service, with: implementation)
    case .mockAll: return try mockAll()
    case .unmock(let service): return try unmock(service)
    case .call(let parameter, let arguments): return try call(parameter, arguments: arguments)
    case .assembly(let assembly): return try declareAssembly(assembly)
    case .activate(let name): return try activate(name)
    case .deactivate(let name): return try deactivate(name)
    case .makeChildContainer(let name): return try makeChild(named: name)
    case .useContainer(let name): return try useContainer(named: name)
    case .show(let view, let service): return try show(view, service: service)
    case .validate: return try validate()
    case .why(let service, let name): return try why(service, named: name)
    case .expect(let expectation): return try expect(expectation)
    case .release(let number): return try release(number)
    case .releaseContainer(let name): return try releaseContainer(named: name)
    case .shutdown: return try shutdown()
    case .reset: return try reset()
    case .help(let topic): return try help(topic)
    case .playground: return []
    }
  }

  /// Calls `handler` with the new current container each time it changes (`container child`,
  /// `container use`, `reset`), from now on. Every follower is called; none replaces another.
  ///
  /// ```swift
  /// session.followContainer { [weak panes] container in panes?.show(container) }
  /// ```
  public func followContainer(_ handler: @escaping (Container) -> Void) {
    containerFollowers.append(handler)
  }

  /// Switches the current container (its followers are told: ``followContainer(_:)``).
  func switchContainer(to container: Container) {
    self.container = container
    // Over an app's container, the Swift services are those the current one sees: a request's
    // child adds its own (`RequestID`) to the app's.
    if let index = directories.firstIndex(where: { $0 is SwiftServices }) {
      directories[index] = SwiftServices(container: container)
    }
  }
}
