/// What a command changes in the container it runs on, as a property of the command: what a
/// read-only debug server refuses, what `discope attach --script` refuses unless allowed, and
/// what an attached session journals to undo when it leaves.
///
/// ```swift
/// Command.remove(token).containerChange            // .registrations
/// Command.show(.stacks, service: nil).containerChange   // nil
/// ```
public enum ContainerChange: Sendable, Hashable {
  /// Pushes, removes or alters registrations: `register`, `remove`, `scope`, `cache`, `mock`,
  /// `unmock`, `activate`, `deactivate`. Each such change can be undone.
  case registrations
  /// Makes a child container (`container child`); shutting the child down undoes it.
  case family
  /// Lets go of a built instance (`release #N`): what is let go cannot be brought back.
  case releasesInstance
  /// Shuts a container down (`shutdown`, `release container`), disposing what it built: no undo.
  case shutsDown

  /// What running such a command does, after "would": `change the container`.
  public var wording: String {
    switch self {
    case .registrations: "change the container"
    case .family: "change the container's family"
    case .releasesInstance: "let go of an instance"
    case .shutsDown: "shut a container down (dispose its instances)"
    }
  }

  /// Whether leaving can undo it.
  public var isUndoable: Bool { self == .registrations || self == .family }
}

extension Command {
  /// What running this command changes in the container, or nil when it changes nothing there:
  /// declarations, `show`, `why`, `expect`, `help`, `container use`, `reset` (the session's own
  /// state), and the commands that run the app's code without changing its registrations
  /// (`resolve`, which may cache what it builds as any resolve does; `call`; `validate`).
  public var containerChange: ContainerChange? {
    switch self {
    case .register, .remove, .changeScope, .changeCaching, .mock, .mockAll, .unmock, .activate, .deactivate:
      .registrations
    case .makeChildContainer: .family
    case .release: .releasesInstance
    case .releaseContainer, .shutdown: .shutsDown
    case .declareProtocol, .declareClass, .assembly, .resolve, .call, .useContainer, .show, .validate, .why, .expect,
      .reset, .help, .playground:
      nil
    }
  }

  /// The command as a user types its first words: `container child`, `scope`, `mock`.
  public var typedName: String {
    switch self {
    case .makeChildContainer: "container child"
    case .useContainer: "container use"
    case .releaseContainer: "release container"
    default: name
    }
  }
}
