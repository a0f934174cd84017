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
    drainEvents()
    family.steps = []
    // Kept for a command's own output (a `shutdown` lists what it disposed): between commands,
    // a busy app's requests dispose things every second, and none of it is a command's.
    family.disposals.forgetUnread()
    family.eagerFailures = []
    noteObservedResolves()
    keepAppTraces(family.trees.map(\.tree))
    family.trees = []
  }

  /// Where a command starts: takes in what happened since the last one (the app's own work over
  /// an app's container), and starts the command's own buffers empty.
  func beginCommand() {
    drainEvents()
    family.leavesNothingStale = false
    family.steps = []
    family.eagerFailures = []
    family.disposals.forgetUnread()
    budget.reset(to: family.instances.count)
  }

  /// Where a command ends: takes in what it caused, and keeps no instance past it (steps hold
  /// instances); the app's trees seen meanwhile are kept as descriptions, for `show trace`.
  func endCommand() {
    drainEvents()
    family.steps = []
    noteObservedResolves()
    // The command's own trees were its output's (`takeTraces()`), or were not asked for.
    keepAppTraces(family.trees.filter { !$0.isOwn }.map(\.tree))
    family.trees = []
    budget.reset(to: family.instances.count)
  }

  /// The eager builds that failed since the command started (taken in first), and forgets them.
  func takeEagerFailures() -> [(info: RegistrationInfo, error: ResolutionError)] {
    drainEvents()
    defer { family.eagerFailures = [] }
    return family.eagerFailures
  }

  /// What the containers disposed since the command started or last asked (taken in first),
  /// in order, and forgets it.
  func takeDisposals() -> [Disposal] {
    drainEvents()
    return family.disposals.takeUnread()
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

  /// Takes in the events since the last call, in order: the session's one intake, the only
  /// caller of `SessionEvents.Share.take()`. Called where a command starts and ends, between commands
  /// (`catchUp()`), and by the readers of what a command caused (`takeTraces()`,
  /// `takeEagerFailures()`, `takeDisposals()`, `staleNotes()`, `validationReport()`); nowhere else.
  func drainEvents() {
    let batch = family.share.take()
    family.trees += batch.trees
    if family.trees.count > FamilyState.maximumHeldTrees {
      family.trees.removeFirst(family.trees.count - FamilyState.maximumHeldTrees)
    }
    let current = Self.currentThread
    for arrival in batch.arrivals {
      let event = arrival.event, thread = arrival.thread
      follow(event)
      switch event {
      case .resolved(let step):
        see(step)
        // What a failed resolve built: this thread's steps, not the app's other threads'.
        if thread == current, family.steps.count < options.limits.maximumFailureSteps { family.steps.append(step) }
      case .mockPushed(let info, let shadowing):
        family.mockTimeline.append((info.key.serviceName,
          "+ \(info.token)  \(info.implementationName) over \(info.key)"
            + (shadowing.map { " (shadows \($0.token))" } ?? " (nothing below)")))
      case .mockPopped(let info, let uncovering):
        family.mockTimeline.append((info.key.serviceName,
          "- \(info.token)  \(info.implementationName) off \(info.key)"
            + (uncovering.map { " (uncovers \($0.token))" }
              ?? ((info.stackDepth ?? 0) > 0 ? " (was under a newer registration)" : " (nothing below)"))))
      case .eagerBuildFailed(let info, let error):
        family.eagerFailures.append((info, error))
      case .disposed(let disposal):
        family.disposals.note(disposal)
      case .resolutionFailed(let error, let container):
        noteFailureSeen(error, in: container)
      default: break
      }
    }
    if family.mockTimeline.count > options.limits.maximumMockSwaps {
      family.mockTimeline.removeFirst(family.mockTimeline.count - options.limits.maximumMockSwaps)
    }
  }

  /// Numbers a newly built instance with the container's creation number, and lets recording
  /// mocks note who they were handed to.
  private func see(_ step: ResolutionStep) {
    guard let instance = step.instance?.value as? PlaygroundInstance else { return }
    if step.outcome == .created, let number = step.instanceNumber, number > 0, instance.number == nil {
      instance.number = number
      if !family.isCheckingExpectation { family.instances[number] = instance }
      family.seen[number] = WeakInstance(instance: instance)
      for (name, value) in instance.parameters + instance.properties {
        if case .instance(let held) = value, held.mockedService != nil {
          held.record("handed to \(instance.label).\(name)")
        }
      }
    }
    if step.depth == 0, !family.isCheckingExpectation, let number = instance.number, family.instances[number] == nil {
      // A root resolve hands the instance to the session, even one it had released: while the
      // session holds it again, a weak registration keeps answering with it.
      family.instances[number] = instance
    }
    if step.depth == 0, instance.mockedService != nil {
      instance.record("resolved as '\(step.key)' (\(step.outcome))")
    }
  }

  /// The trees of the root resolutions recorded since the last call, rendered, oldest first; each
  /// is remembered for `show trace`.
  func takeTraces() -> [[String]] {
    drainEvents()
    noteObservedResolves()
    // Only this thread's: over an app's container, its own threads resolve meanwhile.
    let trees = family.trees.filter(\.isOwn).map(\.tree)
    // What the app resolved meanwhile, on its other threads, is kept for `show trace`.
    keepAppTraces(family.trees.filter { !$0.isOwn }.map(\.tree))
    family.trees = []
    return trees.map { tree in
      let lines = TraceText.lines(of: tree, glyphs: options.glyphs)
      family.traces.append(KeptTrace(service: tree.step.key.serviceName, lines: lines))
      if family.traces.count > options.limits.maximumTraces { family.traces.removeFirst() }
      return lines
    }
  }
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
