import Synchronization

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

/// Collects edges while validation or an eager build runs.
///
/// Locked: an `await validate()` run may record edges from the concurrent branches of an `async`
/// factory (`async let`). `Sendable` so that a registration may keep the edges an eager build found.
final class EdgeLog: Sendable {
  private let state = Mutex(State())

  private struct State {
    var edges: [DependencyEdge] = []
    var seen: Set<EdgeID> = []
  }

  private struct EdgeID: Hashable {
    let from: RegistrationToken
    let key: ServiceKey
    let to: RegistrationToken?
  }

  var edges: [DependencyEdge] { state.withLock { $0.edges } }

  func record(from: Registration, to: Registration?, key: ServiceKey, resolvedIn container: Container) {
    let id = EdgeID(from: from.token, key: key, to: to?.token)
    guard state.withLock({ !$0.seen.contains(id) }) else { return }
    // Made out of the lock: `info` takes the family lock.
    let fromInfo = from.info(stackDepth: nil, container: container.containerName(of: from.ownerID))
    let toInfo = to.map { $0.info(stackDepth: nil, container: container.containerName(of: $0.ownerID)) }
    let fullKey = to?.key ?? key
    let edge = DependencyEdge(from: fromInfo, key: fullKey, to: toInfo, resolvedIn: container.name)
    state.withLock { state in
      if state.seen.insert(id).inserted { state.edges.append(edge) }
    }
  }

  func absorb(_ more: [DependencyEdge]) {
    state.withLock { state in
      for edge in more
      where state.seen.insert(EdgeID(from: edge.from.token, key: edge.key, to: edge.to?.token)).inserted {
        state.edges.append(edge)
      }
    }
  }
}
