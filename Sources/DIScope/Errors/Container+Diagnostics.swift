/// Building ``ResolutionError`` values: the path from the thread's chain, and hints from the stacks.
extension Container {
  /// The services on the chain, outermost first, followed by `last`.
  func path(_ thread: ThreadState, then last: String) -> [String] {
    thread.chain.map(\.key.description) + [last]
  }

  func wasShutDown(_ container: Container, asked key: ServiceKey, thread: ThreadState?) -> ResolutionError {
    // A child by its number too: a request's children share one name, and the app made many.
    let label = container.parent == nil ? container.name : "\(container.name)#\(container.number)"
    let whose = container === self ? "'\(label)'" : "'\(label)', where '\(key)' is registered,"
    return ResolutionError(
      kind: .shutDown, key: key, path: thread.map { path($0, then: key.description) } ?? [key.description],
      message: "cannot resolve '\(key)': the container \(whose) was shut down",
      hints: [.afterShutdown(parent: container.parent?.name)])
  }

  func notRegistered(_ full: ServiceKey, thread: ThreadState, arguments: String?) -> ResolutionError {
    let message = "no registration for '\(full)'"
    return ResolutionError(
      kind: .notRegistered, key: full, path: path(thread, then: full.description),
      message: message, hints: hintsForMissing(full))
  }

  func cycle(through registration: Registration, startingAt start: Int, thread: ThreadState)
    -> ResolutionError
  {
    Self.cycle(
      back: registration.key, loop: thread.chain[start...].map(\.key), along: thread.chain.map(\.key),
      hint: .breakCycle(service: registration.key.serviceName))
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
      hints: [.breakCycle(service: registration.key.serviceName)],
      cycle: thread.chain[from...].map(\.key) + [registration.key, start.key])
  }

  func tooDeep(_ registration: Registration, thread: ThreadState) -> ResolutionError {
    Self.tooDeep(registration.key, along: thread.chain.map(\.key))
  }

  func factoryFailed(_ registration: Registration, error: any Error, thread: ThreadState)
    -> ResolutionError
  {
    Self.factoryFailed(registration, error: error, along: thread.chain.map(\.key))
  }

  // The build guard's errors and a factory's failure, worded once over the keys of the path
  // that led there, whichever engine walked it: a thread's chain (above) or a task's steps
  // (`Container+AsyncDiagnostics.swift`) hand their keys in.

  /// A cycle: `loop`, from the registration met again on, comes back to `key`; `path` is the
  /// whole way to `key`. `hint` says how to break it with the engine's own provider.
  static func cycle(back key: ServiceKey, loop: [ServiceKey], along path: [ServiceKey], hint: ResolutionHint)
    -> ResolutionError
  {
    let members = loop + [key]
    return ResolutionError(
      kind: .cycle, key: key, path: (path + [key]).map(\.description),
      message: "dependency cycle: \(members.map(\.description).joined(separator: " -> "))",
      hints: [hint], cycle: members)
  }

  /// A runaway depth: `key` asked for at the end of `path`, `maximumDepth` long.
  static func tooDeep(_ key: ServiceKey, along path: [ServiceKey]) -> ResolutionError {
    let names = path.map(\.description)
    // Named whole, the path would be thousands of services long: its two ends tell the story.
    let omitted = max(0, names.count - 10)
    let shown = omitted == 0 ? names : names.prefix(5) + ["..."] + names.suffix(5)
    return ResolutionError(
      kind: .tooDeep, key: key, path: Array(shown) + [key.description],
      message: "resolution of '\(key)' is deeper than \(maximumDepth) services",
      hints: [.tooDeep], omittedFromPath: omitted)
  }

  /// `registration`'s factory threw `error`; `path` ends with `registration`'s own key.
  static func factoryFailed(_ registration: Registration, error: any Error, along path: [ServiceKey])
    -> ResolutionError
  {
    ResolutionError(
      kind: .factoryFailed, key: registration.key, path: path.map(\.description),
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
      hints: [.resolveAsKeyType(String(describing: key.type))])
  }

  @usableFromInline
  func argumentMismatch(_ registration: Registration, passed: String?) -> ResolutionError {
    let thread = ThreadState.current
    let takes = registration.argumentTypes.map { "takes arguments \($0)" } ?? "takes no arguments"
    let gave = passed.map { "the resolve passed \($0)" } ?? "the resolve passed none"
    let isDependency = thread.chain.count > (thread.chain.last === registration ? 1 : 0)
    let made = registrationInfo(registration)
    let hint: ResolutionHint =
      registration.argumentTypes == nil
      ? .resolveWithoutArguments(service: registration.key.serviceName, registration: made)
      : passed == nil && isDependency
        ? .injectProvider(service: registration.key.serviceName, arguments: registration.argumentTypes!, registration: made)
        : .passArguments(registration.argumentTypes!, registration: made)
    return ResolutionError(
      kind: .argumentMismatch, key: registration.key,
      path: thread.chain.last === registration
        ? thread.chain.map(\.key.description) : path(thread, then: registration.key.description),
      message: "'\(registration.key)' (\(registration.token)) \(takes), but \(gave)", hints: [hint])
  }

  /// Why nothing answers `key`, and what probably was meant.
  func hintsForMissing(_ key: ServiceKey) -> [ResolutionHint] {
    let keys: [ServiceKey] = family.withLock { _ in
      lineage.flatMap { container in
        container.registry.orderedKeys.filter { !(container.registry.stacks[$0]?.isEmpty ?? true) }
      }
    }
    let emptied = family.withLock { _ in
      lineage.contains { $0.registry.stacks[key]?.isEmpty == true }
    }
    var hints: [ResolutionHint] = []
    if emptied { hints.append(.stackEmptied(key)) }
    let sameType = keys.filter { $0.typeID == key.typeID && $0.dynamicService == key.dynamicService }
    if !sameType.isEmpty {
      var names: [String?] = []
      var registrations: [RegistrationInfo] = []
      for other in sameType where !names.contains(other.name) {
        names.append(other.name)
        if let answering = answeringInfo(other) { registrations.append(answering) }
      }
      hints.append(.registeredUnderAnotherName(service: key.serviceName, names: names, registrations: registrations))
    }
    if let twin = keys.first(where: {
      $0.serviceName == key.serviceName && $0.typeID != key.typeID
    }) {
      hints.append(
        .sameNameInAnotherModule(
          registered: twin.qualifiedServiceName, asked: key.qualifiedServiceName, registration: answeringInfo(twin)))
    }
    let close = keys.filter {
      $0.serviceName != key.serviceName && EditDistance.isClose($0.serviceName, key.serviceName)
    }
    if let guess = close.first { hints.append(.didYouMean(guess.serviceName, registration: answeringInfo(guess))) }
    if hints.isEmpty && !keys.isEmpty {
      hints.append(.registeredHere(keys.prefix(8).map(\.serviceName), more: keys.count > 8))
    }
    hints.append(.register(key))
    return hints
  }
}

extension Container {
  /// The registration that answers `key` here, as a hint names it (with where it was made).
  func answeringInfo(_ key: ServiceKey) -> RegistrationInfo? {
    family.withLock { state in lookup(key, in: state).map { info(of: $0.0, owner: $0.1) } }
  }

  /// `registration` as a hint names it. Outside the family lock.
  func registrationInfo(_ registration: Registration) -> RegistrationInfo {
    family.withLock { _ in info(of: registration, owner: selfOrParent(withID: registration.ownerID)) }
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
