/// Putting back a registration that was removed, for a debugger that undoes what its user did
/// (`discope attach` leaves the app as it was). Package-only: an app registers and removes; only
/// a tool that took a registration out on its user's behalf puts that very one back.
extension Container {
  /// A registration held so that it can be put back after a removal: the registration itself
  /// (its factory, scope, caching, group and number) and where it sat in its stack.
  ///
  /// ```swift
  /// let held = container.heldRegistrations()[3]!   // t3, before a command removes it
  /// container.remove(held.token)
  /// container.reinstate(held)                      // t3 is back where it was
  /// ```
  package struct HeldRegistration: Sendable {
    fileprivate let registration: Registration
    /// Its position from the bottom of its stack (0 = the oldest) when it was held.
    package let indexFromBottom: Int
    /// The container whose stack it sat in.
    package let owner: Container
    /// The registration as it was when held: its implementation's name as built, the instance it
    /// had cached (a removal lets both go).
    package let info: RegistrationInfo

    /// Its token, as it was and as it is again once reinstated.
    package var token: RegistrationToken { registration.token }

    /// Whether it answers with an instance it was given (a mock's, a value's), which comes back
    /// with it; otherwise what it had built was let go at its removal, and is built anew.
    package var answersWithGivenInstance: Bool { registration.factoryIsInstance }
  }

  /// What ``reinstate(_:)`` did.
  package enum Reinstatement: Sendable, Equatable {
    /// Back in its stack, numbered as before; `info.stackDepth` says where it sits now (a
    /// registration pushed over its key since sits above it).
    case reinstated(RegistrationInfo)
    /// It was never removed, or was put back already: nothing changed.
    case alreadyLive
    /// The container was shut down meanwhile: it resolves nothing, and nothing is put back.
    case containerShutDown
  }

  /// Every live registration of this container, held, by token number: taken before a command
  /// that may remove some, so that the removed ones can be put back. Costs a walk of the stacks,
  /// as ``stacks`` does.
  package func heldRegistrations() -> [Int: HeldRegistration] {
    family.withLock { _ in
      var held: [Int: HeldRegistration] = [:]
      for stack in registry.stacks.allStacks {
        for index in 0..<stack.count {
          let registration = stack[index]
          // Under the family lock, which guards the registration's state too.
          let info = registration.state.withLockHeld { state in
            registration.info(lockHeld: state, stackDepth: stack.count - 1 - index, container: name)
          }
          held[registration.number] = HeldRegistration(
            registration: registration, indexFromBottom: index, owner: self, info: info)
        }
      }
      return held
    }
  }

  /// Puts `held` back in its stack, at the place it had from the bottom (on top when the stack
  /// is shorter now), with its number, factory, scope and caching; it caches nothing (what it had
  /// cached was let go, and disposed, at its removal): its next resolve builds anew, and an eager
  /// one is built now. Observers hear `registered` (and `mockPushed` for a mock).
  @discardableResult
  package func reinstate(_ held: HeldRegistration) -> Reinstatement {
    precondition(held.owner === self, "a held registration goes back into its own container")
    let registration = held.registration
    // The depth where it went; `.failure` says why it did not go back.
    let placed = family.withLock { state -> Result<Int?, ReinstatementRefusal> in
      if registry.isShutDown { return .failure(.containerShutDown) }
      if registry.registration(for: registration.token) != nil { return .failure(.alreadyLive) }
      registry.reinsert(registration, at: held.indexFromBottom)
      forgetValue(of: registration.key)
      _ = noteValue(pushed: registration, prebuilt: .none)
      bumpGeneration(holding: &state)
      return .success(
        registry.stacks[registration.key].flatMap { stack in
          stack.lastIndex { $0 === registration }.map { stack.count - 1 - $0 }
        })
    }
    let depth: Int?
    switch placed {
    case .success(let placedDepth): depth = placedDepth
    case .failure(.alreadyLive): return .alreadyLive
    case .failure(.containerShutDown): return .containerShutDown
    }
    // Described out of the family lock: a registration's state is guarded by that same lock.
    let info = registration.info(stackDepth: depth, container: name)
    forgetOnThisThread(registration.key)
    if family.isObserved {
      emit(.registered(info))
      if registration.isMock { emit(.mockPushed(info, shadowing: nil)) }
    }
    if info.scope == .eager { buildEagerly(registration) }
    return .reinstated(info)
  }

  private enum ReinstatementRefusal: Error { case alreadyLive, containerShutDown }
}
