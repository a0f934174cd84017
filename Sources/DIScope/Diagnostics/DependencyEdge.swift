/// One edge of the dependency graph: a registration's factory resolved `key`, and `to` answered
/// (or nothing did).
public struct DependencyEdge: Sendable, Hashable {
  /// The registration whose factory asked.
  public let from: RegistrationInfo
  /// What it asked for.
  public let key: ServiceKey
  /// The registration that answered, or `nil` when nothing was registered.
  public let to: RegistrationInfo?
  /// The container the dependency was resolved from.
  public let resolvedIn: String
}

/// Collects edges while validation or an eager build runs on a thread.
///
/// Used by one thread at a time (the one whose `ThreadState` holds it); `@unchecked Sendable` so a
/// registration may keep the edges an eager build found.
final class EdgeLog: @unchecked Sendable {
  private(set) var edges: [DependencyEdge] = []
  private var seen: Set<EdgeID> = []

  private struct EdgeID: Hashable {
    let from: RegistrationToken
    let key: ServiceKey
    let to: RegistrationToken?
  }

  func record(from: Registration, to: Registration?, key: ServiceKey, resolvedIn container: Container) {
    guard seen.insert(EdgeID(from: from.token, key: key, to: to?.token)).inserted else { return }
    let fromInfo = from.info(stackDepth: nil, container: container.containerName(of: from.ownerID))
    let toInfo = to.map { $0.info(stackDepth: nil, container: container.containerName(of: $0.ownerID)) }
    let fullKey = to?.key ?? key
    edges.append(DependencyEdge(from: fromInfo, key: fullKey, to: toInfo, resolvedIn: container.name))
  }

  func absorb(_ more: [DependencyEdge]) {
    for edge in more
    where seen.insert(EdgeID(from: edge.from.token, key: edge.key, to: edge.to?.token)).inserted {
      edges.append(edge)
    }
  }
}
