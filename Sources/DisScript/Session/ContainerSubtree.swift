import DIScope
import DIScopeLocked

/// Which of a family's events an observer of one of its containers would be handed
/// (`Container.observe`): those of that container and of its children. A subscriber to a
/// family's one observer (``SessionEvents``) that follows a child (`container use`) sees what it
/// saw when it observed the child itself.
///
/// An event names where it happened: a step by the number of the container it started in, any
/// other event by the name of the container it changed. The container's own events are told at
/// once; another's by its live children (`Container.liveChildren`), read when a number or name
/// not met before arrives, and remembered: a busy app's requests each cost one read, not one per
/// step. A child made before the family was observed, that has changed nothing, is not listed
/// there: its steps are not seen (nor is anything shown of it in pane 1). A name shared by a
/// child and a container outside counts as the child's.
final class ContainerSubtree: Sendable {
  private struct Known {
    weak var container: Container?
    var inside: Set<UInt64> = []
    var outside: Set<UInt64> = []
    var insideNames: Set<String> = []
  }

  private let number: UInt64
  private let name: String
  /// The family's root sees every event of the family: nothing to look up.
  private let isWholeFamily: Bool
  private let known: Locked<Known>

  init(_ container: Container) {
    number = container.number
    name = container.name
    isWholeFamily = container.parent == nil
    known = Locked(Known(container: container))
  }

  /// Whether an observer of the container would have been handed `event`.
  func contains(_ event: ContainerEvent) -> Bool {
    if isWholeFamily { return true }
    switch event {
    case .resolved(let step): return contains(number: step.containerNumber)
    case .registered(let info), .removed(let info, _), .scopeChanged(let info, _), .cachingChanged(let info),
      .mockPushed(let info, _), .mockPopped(let info, _), .eagerBuildFailed(let info, _):
      return contains(name: info.container)
    case .resolutionFailed(_, let container): return contains(name: container)
    case .disposed(let disposal): return contains(name: disposal.registration.container)
    }
  }

  private func contains(number: UInt64) -> Bool {
    if number == self.number { return true }
    let answer = known.withLock { known -> Bool? in
      known.inside.contains(number) ? true : known.outside.contains(number) ? false : nil
    }
    if let answer { return answer }
    readChildren()
    return known.withLock { known in
      if known.inside.contains(number) { return true }
      // Bounded: a busy app's requests come and go by the thousand.
      if known.outside.count >= 4_096 { known.outside.removeAll() }
      known.outside.insert(number)
      return false
    }
  }

  private func contains(name: String) -> Bool {
    if name == self.name { return true }
    // Changes are rare: the children are read again each time.
    readChildren()
    return known.withLock { $0.insideNames.contains(name) }
  }

  /// Notes the container's live children, out of the lock (`liveChildren` takes the family's).
  private func readChildren() {
    guard let container = known.withLock({ $0.container }) else { return }
    let children = container.liveChildren
    known.withLock { known in
      for child in children {
        known.inside.insert(child.number)
        known.insideNames.insert(child.name)
      }
    }
  }
}
