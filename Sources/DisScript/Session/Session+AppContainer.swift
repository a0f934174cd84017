import DIScope

/// A session over a container built in Swift: the app's own registrations, named by their Swift
/// types, beside whatever the script declares.
extension Session {
  /// A session on `container`, a container the app built and registered into in Swift.
  ///
  /// Scripts name its services by their Swift types (``SwiftServices``); its tokens are the
  /// container's own, so `remove t3` and `scope t3 prototype` act on the app's registrations;
  /// `mock S` pushes a mock the app kept on standby with `container.registerMock(_:name:factory:)`.
  /// Instances are numbered with the container's creation numbers. Declarations add playground
  /// types beside the app's.
  ///
  /// ```swift
  /// let container = Container()
  /// container.register(Logging.self) { _ in ConsoleLogger() }
  /// let session = Session(container: container)
  /// session.execute("resolve Logging").output   // ["ConsoleLogger#1", "Logging → ConsoleLogger#1 created t1 [singleton]"]
  /// ```
  public convenience init(container: Container, options: SessionOptions = SessionOptions()) {
    self.init(container: container, family: FamilyState(root: container, glyphs: options.glyphs), options: options)
  }

  /// A session on `container` (as ``init(container:options:)``) that takes its events from
  /// `share`, a share of an intake that observes `container` (a debug server's one intake,
  /// shared with its other clients), instead of observing the container itself. What arrived
  /// in the share before the session was made is taken in by its first command.
  package convenience init(container: Container, events share: SessionEvents.Share, options: SessionOptions = SessionOptions()) {
    self.init(container: container, family: FamilyState(root: container, share: share), options: options)
  }

  private convenience init(container: Container, family: FamilyState, options: SessionOptions) {
    self.init(options: options)
    self.family = family
    self.family.containers = [(container.name, container)]
    switchContainer(to: container)
    directories.append(SwiftServices(container: container))
    var next: Container? = container
    while let current = next {
      for stack in current.stacks {
        for info in stack.registrations { adopt(info) }
      }
      next = current.parent
    }
  }

  /// Whether the session works on a container an app built in Swift (``init(container:options:)``),
  /// in the app's process: the playground's `run(on:)`, or the debug server a `discope attach`
  /// client talks to.
  var isOverAppContainer: Bool { directories.contains { $0 is SwiftServices } }

  /// Records a registration the app made, so scripts can name its token. Only one made in a
  /// container the session knows (its lineage, or a child it entered): an app that serves
  /// requests registers values in a child per request, and a session following it for hours
  /// must not keep a token of each (it would grow the app's memory without bound).
  func adopt(_ info: RegistrationInfo) {
    guard family.tokens[info.token.number] == nil,
      let owner = family.container(named: info.container)
        ?? lineage(of: container).first(where: { $0.container.name == info.container })?.container
    else { return }
    family.tokens[info.token.number] = TokenRecord(
      token: info.token, container: owner, service: displayName(of: info.key), isInstance: false)
  }

  /// Follows the app's own registrations and removals, and numbers the objects it builds
  /// (``AppObjectNumbers``), seen as container events.
  func follow(_ event: ContainerEvent) {
    guard isOverAppContainer else { return }
    switch event {
    case .registered(let info), .mockPushed(let info, _): adopt(info)
    case .removed(let info, _), .mockPopped(let info, _):
      // Only a token the session knows: the app's own removals elsewhere would grow the set.
      if family.tokens[info.token.number] != nil { family.removedTokens.insert(info.token.number) }
    case .resolved(let step):
      family.appObjects.see(step, keepingAtMost: options.limits.maximumAppObjects)
    default: break
    }
  }

  /// The creation number of a Swift object the session saw built, if any (while it lives).
  func number(of value: Any) -> Int? { family.appObjects.number(of: value) }

  /// The name a script uses for `key`: a Swift type's short or qualified name, or a declared name.
  func displayName(of key: ServiceKey) -> String {
    guard key.dynamicService == nil,
      let services = directories.lazy.compactMap({ $0 as? SwiftServices }).first
    else { return key.serviceName }
    return services.name(of: key)
  }

  /// Whether `key` is the service a script calls `service`; every key is, when `service` is nil.
  func isService(_ key: ServiceKey, named service: String?) -> Bool {
    guard let service else { return true }
    return Self.isService(key, named: service)
  }

  /// Whether `key` is the service a script calls `service`: its short or its qualified name
  /// (`package`: the debug server's read-only check names services as scripts do).
  package static func isService(_ key: ServiceKey, named service: String) -> Bool {
    key.serviceName == service || (key.dynamicService == nil && key.qualifiedServiceName == service)
  }
}
