import DIScope
import DisSyntax

/// `shutdown` and `release container NAME`: disposing what a container built, newest first.
extension Session {
  func shutdown() throws -> [String] {
    if container.isShutDown {
      throw ScriptFailure(
        "'\(container.name)' was shut down already",
        hint: "'reset' starts a fresh root container; a child goes with 'release container NAME'")
    }
    return shutDown(container) + ["\(container.name) is shut down: it resolves nothing more"]
  }

  func releaseContainer(named name: String) throws -> [String] {
    let target = try existingContainer(named: name)
    guard let parent = target.parent else {
      throw ScriptFailure(
        "the root container cannot be released",
        hint: "'shutdown' disposes what it built; 'reset' starts a fresh one")
    }
    // Its children go with it, the deepest first: each may use what its parent built.
    let doomed = family.containers.filter { isDescendant($0.container, of: target) }.reversed()
    var lines: [String] = []
    for (_, child) in doomed where !child.isShutDown { lines += shutDown(child) }
    family.containers.removeAll { isDescendant($0.container, of: target) }
    let wasCurrent = doomed.contains { $0.container === container }
    if wasCurrent { switchContainer(to: parent) }
    let released = doomed.map(\.name).reversed().joined(separator: ", ")
    return lines + ["released \(released)" + (wasCurrent ? "; \(parent.name) is current" : "")]
  }

  /// Shuts `container` down; one line per instance disposed, newest first.
  private func shutDown(_ container: Container) -> [String] {
    _ = takeDisposals()  // what came before this container's shutdown is not its
    try? container.shutdownSynchronously()  // each failure is in its `.disposed` event too
    let disposals = takeDisposals()
    guard !disposals.isEmpty else { return ["\(container.name): nothing to dispose"] }
    return disposals.map { disposal in
      let subject = "\(disposal.typeName)#\(disposal.instanceNumber) (\(disposal.registration.token))"
      return disposal.failure.map { "- \(container.name): dispose of \(subject) failed: \($0)" }
        ?? "- \(container.name): disposed \(subject)"
    }
  }

  /// Fails when `container`, or a container it resolves through, is shut down: it then resolves
  /// nothing registered there, so `validate` would report every registration once over, and a
  /// child made of it would fail on its first resolve of its parent's services.
  func requireRunning(_ container: Container, toDo task: String) throws {
    guard let shutDown = container.outermostShutDown else { return }
    let why = shutDown === container
      ? "'\(container.name)' is shut down"
      : "'\(shutDown.name)' is shut down, and '\(container.name)' resolves through it"
    throw ScriptFailure("\(why): \(task)", hint: wording.afterShutdown(of: shutDown))
  }

  /// Whether `container` is `ancestor` or one of its descendants.
  private func isDescendant(_ container: Container, of ancestor: Container) -> Bool {
    var next: Container? = container
    while let current = next {
      if current === ancestor { return true }
      next = current.parent
    }
    return false
  }
}

extension Container {
  /// The outermost container that is shut down among this one and its parents: the one to
  /// start again from (a fresh root, or the next request's child of a running parent).
  var outermostShutDown: Container? {
    var found: Container?
    var next: Container? = self
    while let current = next {
      if current.isShutDown { found = current }
      next = current.parent
    }
    return found
  }
}
