import DIScope

/// What pane 1 shows of a container at one moment: its stacks and its parents' (nearest first),
/// and the stale references its cached instances hold. Taken in the app's process and sent to a
/// client whole, so that a client never reads a container it cannot reach.
///
/// ```swift
/// let snapshot = ContainerSnapshot(of: container, describingStale: { StaleText.line($0) })
/// for record in snapshot.lineage { print(record.name, record.stacks.count) }
/// ```
public struct ContainerSnapshot: Codable, Sendable, Hashable {
  /// One container's stacks.
  public struct Level: Codable, Sendable, Hashable {
    public var name: String
    public var stacks: [Stack]

    public init(name: String, stacks: [Stack]) {
      self.name = name
      self.stacks = stacks
    }
  }

  /// One service's registrations, the one that answers first.
  public struct Stack: Codable, Sendable, Hashable {
    public var service: String
    public var registrations: [RegistrationRecord]

    public init(service: String, registrations: [RegistrationRecord]) {
      self.service = service
      self.registrations = registrations
    }
  }

  /// A stale reference, worded for a pane.
  public struct Stale: Codable, Sendable, Hashable {
    /// The token of the registration whose cached instance holds it.
    public var holderToken: String
    /// Tells two stale references apart (holder and held, with their instance numbers).
    public var identity: String
    /// One line for the user: what is held, and what answers now.
    public var line: String

    public init(holderToken: String, identity: String, line: String) {
      self.holderToken = holderToken
      self.identity = identity
      self.line = line
    }
  }

  /// A cached instance whose holdings are unknown (built while holders were not tracked): any
  /// stale reference it holds cannot be seen.
  public struct Untracked: Codable, Sendable, Hashable {
    /// The token of the registration that caches it.
    public var holderToken: String
    /// One line for the user: the instance, and why what it holds is unknown.
    public var line: String

    public init(holderToken: String, line: String) {
      self.holderToken = holderToken
      self.line = line
    }
  }

  /// The live children of one name (`request`), as pane 1 lists them: how many live now, and
  /// the newest one's own registrations (a request's values, its overrides).
  public struct ChildGroup: Codable, Sendable, Hashable {
    public var name: String
    public var count: Int
    /// The newest, as traces name it: `request#12`.
    public var newest: String
    /// The name of the newest one's parent.
    public var parent: String
    public var stacks: [Stack]

    public init(name: String, count: Int, newest: String, parent: String, stacks: [Stack]) {
      self.name = name
      self.count = count
      self.newest = newest
      self.parent = parent
      self.stacks = stacks
    }
  }

  /// The container and its parents, nearest first.
  public var lineage: [Level]
  /// The container's live children (``Container/liveChildren``), grouped by name, oldest group
  /// first; nil from a server that does not send them.
  public var children: [ChildGroup]?
  public var stale: [Stale]
  /// The cached instances whose holdings are unknown, so that `stale` may not be all; nil from a
  /// server that does not say, or when there are none.
  public var untracked: [Untracked]?
  /// Names the container family: it changes when a fresh container takes over (`reset`), whose
  /// tokens start again at t1.
  public var family: UInt64

  public init(
    lineage: [Level], stale: [Stale] = [], untracked: [Untracked] = [], family: UInt64 = 0, children: [ChildGroup]? = nil
  ) {
    self.untracked = untracked.isEmpty ? nil : untracked
    self.lineage = lineage
    self.children = children
    self.stale = stale
    self.family = family
  }

  /// How many registrations the snapshot shows, parents' included.
  public var registrationCount: Int { lineage.reduce(0) { $0 + $1.stacks.reduce(0) { $0 + $1.registrations.count } } }
}

extension ContainerSnapshot {
  /// The snapshot of `container` now; `describingStale` words each stale reference.
  public init(of container: Container, describingStale: (StaleReference) -> String) {
    var lineage: [Level] = []
    var current: Container? = container
    var root = container
    while let next = current {
      lineage.append(
        Level(
          name: next.name,
          stacks: next.stacks.map { stack in
            Stack(service: stack.key.description, registrations: stack.registrations.map(RegistrationRecord.init))
          }))
      root = next
      current = next.parent
    }
    let scan = container.scanStaleReferences()
    let stale = scan.found.map { reference in
      Stale(
        holderToken: reference.holder.registration.token.description,
        identity: "\(reference.holder.registration.token)\(reference.holder)|\(reference.held.registration.token)\(reference.held)",
        line: describingStale(reference))
    }
    self.init(
      lineage: lineage, stale: stale,
      untracked: scan.untracked.map {
        Untracked(holderToken: $0.instance.registration.token.description, line: $0.description)
      },
      family: UInt64(UInt(bitPattern: ObjectIdentifier(root).hashValue)),
      children: Self.childGroups(of: container))
  }

  /// `container`'s live children by name, each group's newest with its own stacks; nil when
  /// there are none (what a snapshot of an app with no request under way says).
  static func childGroups(of container: Container) -> [ChildGroup]? {
    var groups: [(name: String, children: [Container])] = []
    for child in container.liveChildren {
      if let index = groups.firstIndex(where: { $0.name == child.name }) {
        groups[index].children.append(child)
      } else {
        groups.append((child.name, [child]))
      }
    }
    guard !groups.isEmpty else { return nil }
    return groups.compactMap { group in
      guard let newest = group.children.last else { return nil }
      return ChildGroup(
        name: group.name, count: group.children.count, newest: "\(newest.name)#\(newest.number)",
        parent: newest.parent?.name ?? "",
        stacks: newest.stacks.map { stack in
          Stack(service: stack.key.description, registrations: stack.registrations.map(RegistrationRecord.init))
        })
    }
  }
}

extension Container {
  /// Why `service` (as the container names it: `Logger`, `Logger named "audit"`) resolves as it
  /// does, or nil when neither this container nor a parent has it. For a debugger that knows a
  /// service by name only.
  ///
  /// ```swift
  /// container.explanation(ofServiceNamed: "Logger")?.lines.forEach { print($0) }
  /// ```
  public func explanation(ofServiceNamed service: String) -> Explanation? {
    var current: Container? = self
    while let next = current {
      if let stack = next.stacks.first(where: { $0.key.description == service }) {
        return explain(key: stack.key)
      }
      current = next.parent
    }
    return nil
  }
}
