import DIScope

/// Reading the container's own events: instance numbers, recording mocks, the mock timeline.
extension Session {
  /// The current family's one observer: what the playground's panes subscribe to
  /// (``SessionEvents/subscribe(seenFrom:_:)``) rather than observing the container a second
  /// time. `reset` makes a new family, with a new one: a follower of the session's container
  /// (``followContainer(_:)``) subscribes again there.
  ///
  /// ```swift
  /// let subscription = session.events.subscribe(seenFrom: session.container) { queue.append($0) }
  /// ```
  public var events: SessionEvents { family.events }

  /// Takes in what the container did since the last command (the app's own registrations,
  /// resolutions and mock swaps) without running anything, and lets go of the steps and trees
  /// kept for the next command's output. A long-lived session over a busy app (a debugger
  /// attached for hours) calls it between commands, so that what it buffers stays small.
  ///
  /// ```swift
  /// timer.onTick { session.catchUp() }
  /// ```
  public func catchUp() {
    let trees = withTakenEvents { taken in
      // Kept for a command's own output (a `shutdown` lists what it disposed): between commands,
      // a busy app's requests dispose things every second, and none of it is a command's.
      taken.startOver()
      return taken.takeTrees()
    }
    noteObservedResolves(trees)
    keepAppTraces(trees.map(\.tree))
  }

  /// Where a command starts: takes in what happened since the last one (the app's own work over
  /// an app's container), and starts the command's own buffers empty.
  func beginCommand() {
    withTakenEvents { $0.startOver() }
    family.leavesNothingStale = false
    budget.reset(to: family.numbering.instances.count)
  }

  /// Where a command ends: takes in what it caused, and keeps no instance past it (steps hold
  /// instances); the app's trees seen meanwhile are kept as descriptions, for `show trace`.
  func endCommand() {
    let trees = withTakenEvents { taken in
      taken.forgetSteps()
      return taken.takeTrees()
    }
    noteObservedResolves(trees)
    // The command's own trees were its output's (`takeTraces()`), or were not asked for.
    keepAppTraces(trees.filter { !$0.isOwn }.map(\.tree))
    budget.reset(to: family.numbering.instances.count)
  }

  /// The eager builds that failed since the command started (taken in first), and forgets them.
  func takeEagerFailures() -> [(info: RegistrationInfo, error: ResolutionError)] {
    withTakenEvents { $0.takeEagerFailures() }
  }

  /// What the containers disposed since the command started or last asked (taken in first),
  /// in order, and forgets it.
  func takeDisposals() -> [Disposal] {
    withTakenEvents { $0.takeDisposals() }
  }

  /// Keeps the newest of `trees`, the app's own resolutions (its threads', its requests'), for
  /// `show trace`: each says where it started and who resolved it (`request#12, thread 3:`), as
  /// `DISCOPE_TRACE` prints it. Only over an app's container: a script's session resolves on its
  /// own thread only, and its trees are its commands'.
  func keepAppTraces(_ trees: [ResolutionTree]) {
    guard isOverAppContainer else { return }
    for tree in trees.suffix(options.limits.maximumTraces) { family.traces.append(KeptTrace(appTree: tree)) }
    if family.traces.count > options.limits.maximumTraces {
      family.traces.removeFirst(family.traces.count - options.limits.maximumTraces)
    }
  }

  /// Takes in the events since the last call, in order, then hands `body` what they left for
  /// the commands (``TakenEvents``): the only way to it, so that no reader sees it stale.
  /// `body` returns what the caller acts on after. The state is moved out of the family while
  /// `body` runs (and back after), not changed in place: a body that reached the family would
  /// otherwise be an overlapping access, which Swift stops the program for; moved, it would only
  /// see an empty value.
  ///
  /// ```swift
  /// let failures = withTakenEvents { $0.takeEagerFailures() }
  /// ```
  func withTakenEvents<Result>(_ body: (inout TakenEvents) throws -> Result) rethrows -> Result {
    drainEvents()
    var taken = TakenEvents()
    swap(&taken, &family.intake.taken)
    defer { swap(&taken, &family.intake.taken) }
    return try body(&taken)
  }

  /// Takes in the events since the last call, in order (numbering the instances it sees: ``InstanceNumbering/see(_:)``): the session's one intake, the only
  /// caller of `SessionEvents.Share.take()` and the only writer of ``TakenEvents``. Called by
  /// ``withTakenEvents(_:)`` (where a command starts and ends, between commands, and by the
  /// readers of what a command caused), and where only the numbering must be current
  /// (`staleNotes()`).
  func drainEvents() {
    let batch = family.intake.share.take()
    for arrival in batch.arrivals {
      follow(arrival.event)
      switch arrival.event {
      case .resolved(let step): family.numbering.see(step)
      case .resolutionFailed(let error, let container): noteFailureSeen(error, in: container)
      default: break
      }
    }
    family.intake.taken.take(batch, onThread: Self.currentThread, limits: TakenEvents.Limits(options.limits))
  }

  /// The trees of the root resolutions recorded since the last call, rendered, oldest first; each
  /// is remembered for `show trace`.
  func takeTraces() -> [[String]] {
    let taken = withTakenEvents { $0.takeTrees() }
    noteObservedResolves(taken)
    // Only this thread's: over an app's container, its own threads resolve meanwhile.
    let trees = taken.filter(\.isOwn).map(\.tree)
    // What the app resolved meanwhile, on its other threads, is kept for `show trace`.
    keepAppTraces(taken.filter { !$0.isOwn }.map(\.tree))
    return trees.map { tree in
      let lines = TraceText.lines(of: tree, glyphs: options.glyphs)
      family.traces.append(KeptTrace(service: tree.step.key.serviceName, lines: lines))
      if family.traces.count > options.limits.maximumTraces { family.traces.removeFirst() }
      return lines
    }
  }
}

/// The session's intake of its family's events: its share of them (see
/// ``SessionEvents/share(glyphs:)``), and what they left for the commands, reachable only in
/// this file: through ``Session/withTakenEvents(_:)``, which takes in what arrived first.
struct EventIntake {
  let share: SessionEvents.Share
  /// Only `drainEvents()` writes it and only `withTakenEvents` hands it out (`fileprivate`:
  /// nothing else in the module can read it stale).
  fileprivate var taken = TakenEvents()

  init(share: SessionEvents.Share) { self.share = share }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Session {
  /// The calling thread, as a number: a command's own steps are those of the thread it runs on
  /// (`package`: the debug server numbers the threads of the events it sends the same way).
  package static var currentThread: UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }
}
