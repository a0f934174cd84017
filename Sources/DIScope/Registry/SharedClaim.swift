/// The claim of a shared instance's build (singleton, eager, weak): the one place its rules are
/// decided, whichever path asks — the general path (`Container.buildShared`), the routed one
/// (`claimSingleton`) and the async engine (`produceAsyncShared`). See Docs/Design.md, "An
/// instance's life: one table of states and events".
///
/// A registration's instance is *none*, *claimed* (a builder, a thread or an `async` build's
/// `BuildSignal`, is building it), *cached* or *weak-held*. A claim reads the state and moves it from
/// none to claimed; `endClaim` moves it from claimed to cached or weak-held (if the epoch is still
/// the claim's) or back to none (a failed build, or one a change or a shutdown overtook).
enum SharedClaim {
  /// Built already: its box and number.
  case cached(InstanceBox, number: Int)
  /// A weak registration's live instance and its number.
  case weak(AnyObject, number: Int)
  /// Claimed now, in `epoch`: the claimer builds, then ends the claim (`endClaim`) whatever
  /// happens.
  case claimed(epoch: Int)
  /// Its owner shut down since the resolve found it: the resolve is refused, as one that looked
  /// up after the shutdown is (a build claimed before the shutdown goes on, and its instance goes
  /// to its own resolve alone, uncached: `endClaim`).
  case ownerShutDown
  /// The registration changed (its scope or caching, a removal) since the resolve read the state
  /// it decided by: built for that resolve alone, as a build a change overtook is, claimed by no
  /// one and kept by nothing.
  case changed
  /// Another builder holds the claim: wait for it (a thread on the family's condition, a task on
  /// the builder's task), then claim again.
  case busy(builder: ObjectIdentifier)
}

extension RegistrationState {
  /// Claims the build of `registration`'s shared instance for `builder`, or says what answers
  /// instead (`self` being `registration`'s state). Under the family lock.
  ///
  /// `ownerIsShutDown`: whether the registration's owner shut down since the resolve found it.
  /// `readIn`: the epoch of the state the resolve decided its scope by (`nil`: the caller checked
  /// under this lock that nothing changed since).
  @inline(__always)
  mutating func claim(
    _ registration: Registration, for builder: ObjectIdentifier, ownerIsShutDown: Bool, readIn: Int?
  ) -> SharedClaim {
    if let cached = cachedBox(of: registration) { return .cached(cached, number: cachedNumber ?? 0) }
    if ownerIsShutDown { return .ownerShutDown }
    if let weak = weakInstance { return .weak(weak, number: cachedNumber ?? 0) }
    if let readIn, readIn != epoch { return .changed }
    if let holder = self.builder { return .busy(builder: holder) }
    self.builder = builder
    return .claimed(epoch: epoch)
  }

  /// Ends a claim: the builder (and an `async` build's signal) cleared; returns whether what was
  /// built is to be kept — only if it was built (`epoch` not `nil`) in the epoch the claim read
  /// (a scope or caching change, a removal or a shutdown since bumped it: built for nothing).
  /// Under the family lock.
  @inline(__always)
  mutating func endClaim(claimedIn epoch: Int?) -> Bool {
    builder = nil
    if awaitableBuild != nil { awaitableBuild = nil }
    guard let epoch else { return false }
    return self.epoch == epoch
  }
}
