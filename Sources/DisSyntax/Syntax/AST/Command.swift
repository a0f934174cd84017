/// A command of the `.dis` language, as parsed. Each case is one row of the
/// design's command table (see ``CommandTable``).
///
/// ```swift
/// switch entry.command {
/// case .register(let registration): ...
/// case .resolve(let resolution): ...
/// default: ...
/// }
/// ```
public enum Command: Sendable, Hashable {
  /// `protocol P`
  case declareProtocol(name: String)
  /// `class C(a: A): P { var x: T }`
  case declareClass(ClassDeclaration)
  /// `register S [= Impl | instance Impl] [named N] [scope=...] [cache=on|off]`
  case register(Registration)
  /// `resolve S [named N] [with k=v ...]` and `resolve? S ...`
  case resolve(Resolution)
  /// `remove tN`
  case remove(RegistrationToken)
  /// `scope tN S`
  case changeScope(RegistrationToken, to: Scope)
  /// `cache tN on|off`
  case changeCaching(RegistrationToken, isEnabled: Bool)
  /// `mock S [= Impl]`; no implementation means an automatic recording mock.
  case mock(service: String, implementation: String?)
  /// `mock *`
  case mockAll
  /// `unmock S`
  case unmock(service: String)
  /// `call #N.param [k=v ...]`
  case call(InstanceParameter, arguments: [Argument])
  /// `assembly A { register ... }`
  case assembly(Assembly)
  /// `activate A`
  case activate(assembly: String)
  /// `deactivate A`
  case deactivate(assembly: String)
  /// `container child NAME`
  case makeChildContainer(name: String)
  /// `container use NAME`
  case useContainer(name: String)
  /// `show stacks|trace|mocks|graph|tokens|stale [S]`
  case show(View, service: String?)
  /// `validate`
  case validate
  /// `why S [named N]`: which registration answers S and why, without building anything.
  case why(service: String, name: String?)
  /// `expect ...`
  case expect(Expectation)
  /// `release #N`
  case release(instance: Int)
  /// `release container NAME`: shut a child container down and forget it.
  case releaseContainer(name: String)
  /// `shutdown`: dispose what the current container built, newest first; it resolves no more.
  case shutdown
  /// `reset`
  case reset
  /// `help [command]`
  case help(topic: String?)
  /// `:record FILE`, `:stop`, `:save FILE`, `:open FILE`, `:quit`
  case playground(PlaygroundCommand)

  /// The command's name as typed, the key into ``CommandTable``.
  public var name: String {
    switch self {
    case .declareProtocol: "protocol"
    case .declareClass: "class"
    case .register: "register"
    case .resolve(let resolution): resolution.isOptional ? "resolve?" : "resolve"
    case .remove: "remove"
    case .changeScope: "scope"
    case .changeCaching: "cache"
    case .mock, .mockAll: "mock"
    case .unmock: "unmock"
    case .call: "call"
    case .assembly: "assembly"
    case .activate: "activate"
    case .deactivate: "deactivate"
    case .makeChildContainer, .useContainer: "container"
    case .show: "show"
    case .validate: "validate"
    case .why: "why"
    case .expect: "expect"
    case .release, .releaseContainer: "release"
    case .shutdown: "shutdown"
    case .reset: "reset"
    case .help: "help"
    case .playground(let command): ":" + command.name
    }
  }
}

/// A view `show` prints.
public enum View: String, Sendable, Hashable, CaseIterable {
  case stacks, trace, mocks, graph, tokens, stale
}

/// A playground (REPL/TUI) command: a line starting with `:`.
public enum PlaygroundCommand: Sendable, Hashable {
  /// `:record FILE`: append each command and its output to FILE.
  case record(path: String)
  /// `:stop`: stop recording.
  case stop
  /// `:save FILE`: write the session so far to FILE, a new file or one this session wrote;
  /// `:save! FILE` (`isReplacing`) replaces any file.
  case save(path: String, isReplacing: Bool = false)
  /// `:open FILE`: load a script to step through.
  case open(path: String)
  /// `:quit`
  case quit
  /// `:hint`: the next hint of the exercise being solved.
  case hint
  /// `:goal`: the exercise's goal again.
  case goal
  /// `:solution`: step through the exercise's reference solution (after a confirmation).
  case solution
  /// `:next`: open the next exercise.
  case next

  /// The name after the colon.
  public var name: String {
    switch self {
    case .record: "record"
    case .stop: "stop"
    case .save(_, let isReplacing): isReplacing ? "save!" : "save"
    case .open: "open"
    case .quit: "quit"
    case .hint: "hint"
    case .goal: "goal"
    case .solution: "solution"
    case .next: "next"
    }
  }
}
