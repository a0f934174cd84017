/// Building ``ResolutionError`` values: the path from the thread's chain, and hints from the stacks.
extension Container {
  /// The services on the chain, outermost first, followed by `last`.
  func path(_ thread: ThreadState, then last: String) -> [String] {
    thread.chain.map(\.key.description) + [last]
  }

  func wasShutDown(_ container: Container, asked key: ServiceKey, thread: ThreadState?) -> ResolutionError {
    let whose = container === self ? "'\(name)'" : "'\(container.name)', where '\(key)' is registered,"
    return ResolutionError(
      kind: .shutDown, key: key, path: thread.map { path($0, then: key.description) } ?? [key.description],
      message: "cannot resolve '\(key)': the container \(whose) was shut down",
      hint: shutDownHint(for: container))
  }

  /// What to do after `container` was shut down: a request's child is replaced by a new child
  /// of its parent; a root (whose children see nothing through it any more) by a new container.
  func shutDownHint(for container: Container) -> String {
    guard let parent = container.parent else {
      return "a shut-down container resolves nothing more, and nothing resolves through it: "
        + "make a new container"
    }
    return "a shut-down container resolves nothing more: make a new child of '\(parent.name)' "
      + "for the next request"
  }

  func notRegistered(_ full: ServiceKey, thread: ThreadState, arguments: String?) -> ResolutionError {
    let message = "no registration for '\(full)'"
    return ResolutionError(
      kind: .notRegistered, key: full, path: path(thread, then: full.description),
      message: message, hint: hintForMissing(full))
  }

  func cycle(through registration: Registration, startingAt start: Int, thread: ThreadState)
    -> ResolutionError
  {
    let loop = thread.chain[start...].map(\.key.description) + [registration.key.description]
    return ResolutionError(
      kind: .cycle, key: registration.key, path: path(thread, then: registration.key.description),
      message: "dependency cycle: \(loop.joined(separator: " -> "))",
      hint: "break the cycle: inject a Provider<\(registration.key.serviceName)> or an "
        + "@Injected property in one of these services, so it is resolved after construction")
  }

  /// A cycle met by two threads (or more) from different ends at once: this one builds `start`
  /// and wants `registration`, whose builder waits, through the others, for `start`.
  func crossThreadCycle(waitingFor registration: Registration, loopsBackTo start: Registration, thread: ThreadState)
    -> ResolutionError
  {
    // Only this thread's part of the loop is known here: say which part is another thread's.
    let from = thread.chain.position(of: start) ?? 0
    let mine = thread.chain[from...].map(\.key.description) + [registration.key.description]
    return ResolutionError(
      kind: .cycle, key: registration.key, path: path(thread, then: registration.key.description),
      message: "dependency cycle: \(mine.joined(separator: " -> ")) -> ... -> \(start.key) "
        + "('\(registration.key)' is being built on another thread, which waits for '\(start.key)')",
      hint: "break the cycle: inject a Provider<\(registration.key.serviceName)> or an "
        + "@Injected property in one of these services, so it is resolved after construction")
  }

  func tooDeep(_ registration: Registration, thread: ThreadState) -> ResolutionError {
    let names = thread.chain.map(\.key.description)
    let shown = names.prefix(5) + ["..."] + names.suffix(5)
    return ResolutionError(
      kind: .tooDeep, key: registration.key, path: Array(shown) + [registration.key.description],
      message: "resolution of '\(registration.key)' is deeper than \(Self.maximumDepth) services",
      hint: "a graph this deep is almost always a mistake; check the path for a service that "
        + "builds a new copy of itself under another name")
  }

  func factoryFailed(_ registration: Registration, error: any Error, thread: ThreadState)
    -> ResolutionError
  {
    ResolutionError(
      kind: .factoryFailed, key: registration.key, path: thread.chain.map(\.key.description),
      message: "the factory of '\(registration.key)' (\(registration.token)) threw: \(error)",
      hint: nil, underlyingError: error)
  }

  /// A resolve by key whose key names another type than the one asked for: answering it would
  /// read one type's instance as another's.
  func typeMismatch(_ key: ServiceKey, asked serviceType: Any.Type, thread: ThreadState)
    -> ResolutionError
  {
    ResolutionError(
      kind: .typeMismatch, key: key, path: path(thread, then: key.description),
      message: "'\(key)' is a key of type '\(key.type)', but the resolve asked for '\(serviceType)'",
      hint: "resolve it as its key's type: resolve(key: key, as: \(key.type).self)")
  }

  @usableFromInline
  func argumentMismatch(_ registration: Registration, passed: String?) -> ResolutionError {
    let thread = ThreadState.current
    let takes = registration.argumentTypes.map { "takes arguments \($0)" } ?? "takes no arguments"
    let gave = passed.map { "the resolve passed \($0)" } ?? "the resolve passed none"
    let isDependency = thread.chain.count > (thread.chain.last === registration ? 1 : 0)
    let hint =
      registration.argumentTypes == nil
      ? "resolve it without arguments: resolve(\(registration.key.serviceName).self)"
      : passed == nil && isDependency
        ? "a dependency is resolved without arguments: inject a Provider<\(registration.key.serviceName), ...> "
          + "and call it with \(registration.argumentTypes!)"
        : "pass \(registration.argumentTypes!) in that order: resolve(_:arguments:)"
    return ResolutionError(
      kind: .argumentMismatch, key: registration.key,
      path: thread.chain.last === registration
        ? thread.chain.map(\.key.description) : path(thread, then: registration.key.description),
      message: "'\(registration.key)' (\(registration.token)) \(takes), but \(gave)", hint: hint)
  }

  /// Why nothing answers `key`, and what probably was meant.
  func hintForMissing(_ key: ServiceKey) -> String {
    let keys: [ServiceKey] = family.withLock { _ in
      lineage.flatMap { container in
        container.registry.orderedKeys.filter { !(container.registry.stacks[$0]?.isEmpty ?? true) }
      }
    }
    let emptied = family.withLock { _ in
      lineage.contains { $0.registry.stacks[key]?.isEmpty == true }
    }
    var hints: [String] = []
    if emptied {
      hints.append("the stack of '\(key)' is empty: every registration of it was removed")
    }
    let sameType = keys.filter { $0.typeID == key.typeID && $0.dynamicService == key.dynamicService }
    if let other = sameType.first {
      hints.append(
        other.name.map { "'\(key.serviceName)' is registered under the name \"\($0)\"" }
          ?? "'\(key.serviceName)' is registered without a name")
    }
    if let twin = keys.first(where: {
      $0.serviceName == key.serviceName && $0.typeID != key.typeID
    }) {
      hints.append(
        "'\(twin.qualifiedServiceName)' is registered, but this resolve asked for "
          + "'\(key.qualifiedServiceName)': a type of the same name from another module")
    }
    let close = keys.map(\.serviceName).filter {
      $0 != key.serviceName && EditDistance.isClose($0, key.serviceName)
    }
    if let guess = close.first { hints.append("did you mean '\(guess)'?") }
    if hints.isEmpty && !keys.isEmpty {
      let listed = keys.prefix(8).map { "'\($0.serviceName)'" }.joined(separator: ", ")
      hints.append("registered here: \(listed)\(keys.count > 8 ? ", ..." : "")")
    }
    hints.append(
      "to fix, register it: container.register(\(key.serviceName).self"
        + (key.name.map { ", name: \"\($0)\"" } ?? "") + ") { r in ... }")
    return hints.joined(separator: "; ")
  }
}

/// Closeness of names, for "did you mean" hints.
enum EditDistance {
  static func isClose(_ a: String, _ b: String) -> Bool {
    let x = Array(a.lowercased()), y = Array(b.lowercased())
    if x == y { return true }
    let limit = max(1, min(x.count, y.count) / 3)
    return distance(x, y) <= limit
  }

  static func distance(_ x: [Character], _ y: [Character]) -> Int {
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var previous = Array(0...y.count)
    var current = previous
    for i in 1...x.count {
      current[0] = i
      for j in 1...y.count {
        let substitution = previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[y.count]
  }
}
