import DIScope

/// What a session knows about one container family: its containers by name, the tokens it made,
/// the instances it holds, the assemblies active in each container, and what it has printed that
/// `show` can print again. `reset` replaces it whole.
struct FamilyState {
  let root: Container
  /// Every container, `root` first, in creation order.
  var containers: [(name: String, container: Container)]
  /// The tokens the session made, by number.
  var tokens: [Int: TokenRecord] = [:]
  /// Numbers of tokens that were live once and are removed now.
  var removedTokens: Set<Int> = []
  /// The instances the session numbered: those it holds, and every one, weakly.
  var numbering = InstanceNumbering()
  /// The Swift objects the session saw built, by creation number, held weakly: what `#N` names
  /// over an app's container.
  var appObjects = AppObjectNumbers()
  /// The assemblies active in each container (by container name, then assembly name).
  var activeGroups: [String: [String: RegistrationGroup]] = [:]
  /// The rendered trees of recent resolutions, oldest first, with the service each resolved.
  var traces: [KeptTrace] = []
  /// The number of what the last `resolve` or `call` answered with (nil for `resolve?` of a
  /// service with no registration): `discope export swift` binds it to a Swift variable.
  var lastAnswerNumber: Int?
  /// The stale references already noted under a command (see `staleNotes()`).
  var notedStale: Set<StaleIdentity> = []
  /// The cached instances whose holdings are unknown, already noted under a command (by token and
  /// instance number), so that each is said once.
  var notedUntracked: Set<String> = []
  /// Set by a command that changed registrations yet cannot have left anything stale (a
  /// `register` of a key nothing answered before): its end skips the look for stale references,
  /// a walk over every registration that would make a long script quadratic.
  var leavesNothingStale = false
  /// The session's intake: its share of where the family's events are taken in (the session's
  /// only observer of its containers, or a debug server's one intake shared with the other
  /// clients' sessions), and what the events left for the commands (`Session.withTakenEvents`).
  var intake: EventIntake
  /// Where the family's events are taken in: what the playground's panes subscribe to.
  var events: SessionEvents { intake.share.intake }
  /// What the family's real resolves showed of the graph since the session began: what a
  /// `validate` that runs no factory checks (`SessionOptions.Validation.withoutRunningFactories`).
  var observed = ObservedDependencies()

  /// A family observed by an intake of its own.
  init(root: Container, glyphs: ResolutionTree.Glyphs) {
    let intake = SessionEvents(observing: root, instanceTypeName: { ($0 as? PlaygroundInstance)?.typeName })
    self.init(root: root, share: intake.share(glyphs: glyphs))
  }

  /// A family whose events come from `share`, a share of an intake that observes `root`.
  init(root: Container, share: SessionEvents.Share) {
    self.root = root
    containers = [("root", root)]
    intake = EventIntake(share: share)
  }

  func container(named name: String) -> Container? {
    containers.first { $0.name == name }?.container
  }
}

/// A token the session made: the container's token, the container that owns it, and what the
/// script asked for.
struct TokenRecord {
  let token: ContainerToken
  let container: Container
  let service: String
  /// `true` for `register S instance Impl`: one instance, whose scope cannot change.
  let isInstance: Bool
}

/// A weak reference to one of the app's objects.
struct WeakObject {
  weak var object: AnyObject?
}

/// A weak reference to an instance.
struct WeakInstance {
  weak var instance: PlaygroundInstance?
}

/// A resolution `show trace` can print again: a command's own, as it printed it, or one of the
/// app's (over an app's container), kept as its described tree and rendered only when asked: a
/// busy app resolves far more than anyone reads.
struct KeptTrace {
  let service: String
  private let printed: [String]?
  private let tree: ResolutionTree?

  /// A command's trace, as printed.
  init(service: String, lines: [String]) {
    self.service = service
    printed = lines
    tree = nil
  }

  /// One of the app's resolutions.
  init(appTree: ResolutionTree) {
    service = appTree.step.key.serviceName
    printed = nil
    tree = appTree
  }

  /// Its lines; an app's tree opens with where it started and who resolved it
  /// (`request#12, thread 3: ...`), as `DISCOPE_TRACE` prints it.
  func lines(glyphs: ResolutionTree.Glyphs) -> [String] {
    if let printed { return printed }
    guard let tree else { return [] }
    var lines = TraceText.lines(of: tree, glyphs: glyphs)
    lines[0] = TraceText.origin(of: tree.step) + ": " + lines[0]
    return lines
  }
}
