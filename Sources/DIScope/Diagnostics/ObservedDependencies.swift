/// What real resolves showed of the dependency graph: for each registration seen built, what its
/// factory resolved (and which registration answered); and the root resolves that failed. Made
/// from the trees a ``TraceRecorder`` records and the failures observers hear, for
/// ``Container/validateWithoutBuilding(from:)``: a validation that runs no factory, where running
/// one is not safe (a running program, whose factories act on the world or may trap).
///
/// ```swift
/// let recorder = TraceRecorder(container)
/// // ... the program resolves as it does ...
/// var observed = ObservedDependencies()
/// observed.record(recorder.recorded)
/// let report = container.validateWithoutBuilding(from: observed)
/// report.unchecked   // each registration not seen built: .notSeenBuilt
/// ```
///
/// Bounded, whatever runs for however long: a registration is kept by its place (its container's
/// name and its key), not its token, since a server registers a value in each request's child,
/// each under a new token; past `keepingAtMost` places, the least recently seen half is let go.
/// Holds descriptions only (``RegistrationInfo``), never a registration or an instance.
public struct ObservedDependencies: Sendable {
  /// Where a registration lives: a request's `RequestID` is one place, however many requests.
  struct Place: Hashable, Sendable {
    let container: String
    let key: ServiceKey
  }

  /// One dependency a build resolved, as it was answered when last seen.
  struct Dependency: Sendable {
    let key: ServiceKey
    let to: RegistrationInfo?
    /// The container the resolve started in (a request's child, for a handler built there).
    let resolvedIn: String
  }

  /// The registration last seen built at a place, and what its builds resolved.
  struct Build: Sendable {
    var registration: RegistrationInfo
    /// Every dependency its builds resolved, by the key asked and the container that answered:
    /// one entry, however many requests answered it (the newest kept).
    var dependencies: [DependencyPlace: Dependency]
    var lastSeen: UInt64
  }

  struct DependencyPlace: Hashable, Sendable {
    let key: ServiceKey
    let answeredIn: String?
  }

  /// A root resolve that failed, with the container it started in.
  struct Failure: Sendable {
    let error: ResolutionError
    let container: String
    var lastSeen: UInt64
  }

  private struct FailureIdentity: Hashable {
    let kind: ResolutionError.Kind
    let key: ServiceKey
    let path: [String]
    let container: String
  }

  private(set) var builds: [Place: Build] = [:]
  private var failureTable: [FailureIdentity: Failure] = [:]
  /// Orders what was seen, to let go of the least recently seen first.
  private var clock: UInt64 = 0
  private let limit: Int
  private let failureLimit: Int

  /// An empty record keeping at most `limit` registrations' builds and `failures` distinct
  /// failures (each bound let go of by halves, least recently seen first).
  public init(keepingAtMost limit: Int = 10_000, failures: Int = 256) {
    self.limit = max(1, limit)
    self.failureLimit = max(1, failures)
  }

  /// Whether nothing was recorded.
  public var isEmpty: Bool { builds.isEmpty && failureTable.isEmpty }

  /// Records what each tree's builds resolved: a step that created its instance had exactly its
  /// children as dependencies (a cached step built nothing, and says nothing of them).
  public mutating func record(_ trees: [ResolutionTree]) {
    for tree in trees { record(tree) }
  }

  /// Records what one tree's builds resolved (see the overload for several trees).
  public mutating func record(_ tree: ResolutionTree) {
    clock += 1
    note(tree)
    if builds.count > limit { forgetLeastRecent() }
  }

  /// Records a root resolve that failed, in `container` (a ``ContainerEvent/resolutionFailed(_:container:)``).
  /// A failure of the program's lifecycle rather than its graph (a shut-down or released
  /// container) is not kept.
  public mutating func record(_ error: ResolutionError, in container: String) {
    switch error.kind {
    case .shutDown, .containerReleased: return
    default: break
    }
    clock += 1
    let identity = FailureIdentity(kind: error.kind, key: error.key, path: error.path, container: container)
    failureTable[identity] = Failure(error: error, container: container, lastSeen: clock)
    if failureTable.count > failureLimit {
      let kept = failureTable.sorted { $0.value.lastSeen > $1.value.lastSeen }.prefix(max(1, failureLimit / 2))
      failureTable = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
    }
  }

  /// The failures seen, oldest first.
  var failures: [Failure] { failureTable.values.sorted { $0.lastSeen < $1.lastSeen } }

  /// What was seen of the build of `registration`, if this very registration (by token) was seen
  /// built.
  func build(of registration: RegistrationInfo) -> Build? {
    guard let build = builds[Place(container: registration.container, key: registration.key)],
      build.registration.token == registration.token
    else { return nil }
    return build
  }

  private mutating func note(_ tree: ResolutionTree) {
    // Dependencies first, as they were built: the tree is as deep as a resolve may go.
    for child in tree.children { note(child) }
    guard tree.step.outcome == .created, let registration = tree.step.registration else { return }
    let place = Place(container: registration.container, key: registration.key)
    var build = builds[place]
    // Another registration at this place now (a mock over it, a later request's value): what the
    // earlier one resolved says nothing of this one.
    if build?.registration.token != registration.token {
      build = Build(registration: registration, dependencies: [:], lastSeen: clock)
    }
    build!.registration = registration
    build!.lastSeen = clock
    for child in tree.children {
      let to = child.step.registration
      build!.dependencies[DependencyPlace(key: child.step.key, answeredIn: to?.container)] = Dependency(
        key: child.step.key, to: to, resolvedIn: child.step.container)
    }
    builds[place] = build
  }

  /// Lets go of the least recently seen half of the builds.
  private mutating func forgetLeastRecent() {
    let kept = builds.sorted { $0.value.lastSeen > $1.value.lastSeen }.prefix(max(1, limit / 2))
    builds = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
  }
}
