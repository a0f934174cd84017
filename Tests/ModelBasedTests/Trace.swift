#if ModelTests
  import DIScope

  /// What a resolve came to: an instance (by serial), or a failure by kind. Kinds, not messages:
  /// the model says why a resolve fails, not how the container words it.
  enum Outcome: Hashable, Sendable, CustomStringConvertible {
    case instance(Int)
    case failed(ResolutionError.Kind)
    /// Anything thrown that is not a `ResolutionError` (never expected).
    case threw(String)

    var description: String {
      switch self {
      case .instance(let serial): "#\(serial)"
      case .failed(let kind): "error \(kind.rawValue)"
      case .threw(let text): "threw \(text)"
      }
    }
  }

  /// Where the instances alive are compared.
  enum Checkpoint: Hashable, Sendable, CustomStringConvertible {
    /// After every step that is not a request's beginning or end, or a shutdown: so that what a
    /// container keeps that it should not shows where it starts, before it changes what a weak
    /// registration answers or what a later change disposes.
    case afterStep(Int)
    /// Right after `shutdown` of a container (at the step given): it let go of what it built.
    case afterShutdown(step: Int)
    /// Right after a request's child was shut down and released.
    case afterRequest(step: Int)
    /// The program done, its requests ended, nothing held by the caller: what the root keeps.
    case end
    /// The root shut down, then released: nothing it built may stay alive.
    case afterRelease

    var description: String {
      switch self {
      case .afterStep(let step): "after step \(step)"
      case .afterShutdown(let step): "after the shutdown at step \(step)"
      case .afterRequest(let step): "after the request ended at step \(step)"
      case .end: "at the end, before the root's shutdown"
      case .afterRelease: "after the root was shut down and released"
      }
    }
  }

  /// One thing a run saw, in the order it happened. The model writes the same events; two runs
  /// agree when their events are equal once serials are renamed by first appearance (so which
  /// serial an instance got, or the order threads drew them, never matters: only which resolves
  /// share an instance, what it was built from, and what was disposed and kept).
  enum Event: Hashable, Sendable, CustomStringConvertible {
    /// An instance was made (a factory ran, or a mock or value was built to be pushed).
    case made(Service, Int, from: [Int])
    case resolved(step: Int, Service, Outcome)
    /// What `remove`, `setScope` or `setCaching` returned (`false`: the token was not live).
    case returned(step: Int, String, Bool)
    case disposed(Int)
    case alive(Checkpoint, [Int])
    /// Something the run did not expect of the container at all (a shutdown that threw, a
    /// request that failed): the model never writes it, so it always disagrees.
    case unexpected(String)

    var description: String {
      switch self {
      case .made(let service, let serial, let from):
        "made #\(serial) \(service.rawValue)" + (from.isEmpty ? "" : " from " + from.map { "#\($0)" }.joined(separator: ", "))
      case .resolved(let step, let service, let outcome): "step \(step): resolve \(service.rawValue) -> \(outcome)"
      case .returned(let step, let what, let value): "step \(step): \(what) returned \(value)"
      case .disposed(let serial): "disposed #\(serial)"
      case .alive(let checkpoint, let serials):
        "alive \(checkpoint): [" + serials.map { "#\($0)" }.joined(separator: ", ") + "]"
      case .unexpected(let text): "unexpected: \(text)"
      }
    }

    /// The program step it reports on, if it names one.
    var step: Int? {
      switch self {
      case .resolved(let step, _, _), .returned(let step, _, _): step
      case .alive(.afterStep(let step), _), .alive(.afterShutdown(let step), _), .alive(.afterRequest(let step), _): step
      case .made, .disposed, .alive, .unexpected: nil
      }
    }

    /// The same event with its serials renamed.
    func renamed(_ name: (Int) -> Int) -> Event {
      switch self {
      case .made(let service, let serial, let from): .made(service, name(serial), from: from.map(name))
      case .resolved(let step, let service, .instance(let serial)): .resolved(step: step, service, .instance(name(serial)))
      case .resolved, .returned, .unexpected: self
      case .disposed(let serial): .disposed(name(serial))
      case .alive(let checkpoint, let serials): .alive(checkpoint, serials.map(name).sorted())
      }
    }
  }

  /// A run's events with serials renamed 1, 2, 3... in order of first appearance: equal for two
  /// runs exactly when they made, shared, disposed and kept the same instances.
  func canonical(_ events: [Event]) -> [Event] {
    var names: [Int: Int] = [:]
    func name(_ serial: Int) -> Int {
      if let known = names[serial] { return known }
      names[serial] = names.count + 1
      return names.count
    }
    return events.map { $0.renamed(name) }
  }

  /// Where two canonical traces first part, with a few events of context, for a failure message.
  func firstDifference(_ expected: [Event], _ actual: [Event], context: Int = 4) -> String? {
    let common = zip(expected, actual).prefix { $0 == $1 }.count
    if common == expected.count && common == actual.count { return nil }
    var lines = ["first difference at event \(common):"]
    for event in expected[max(0, common - context)..<common] { lines.append("    \(event)") }
    lines.append("  expected: " + (common < expected.count ? "\(expected[common])" : "(nothing more)"))
    lines.append("  actual:   " + (common < actual.count ? "\(actual[common])" : "(nothing more)"))
    for event in actual.dropFirst(common + 1).prefix(context) { lines.append("    then \(event)") }
    return lines.joined(separator: "\n")
  }
#endif
