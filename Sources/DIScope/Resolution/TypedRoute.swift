/// Where a typed resolve that missed the inlined lookup goes without the family lock: the one
/// out-of-line call `resolveUncached` makes before the general path.
///
/// Checked once for all the routed paths: that nothing validates or records edges on this
/// thread, then, by what the thread knows of the key, a prototype or graph-scope registration this
/// thread resolved before (built again, or for graph scope found built), or a singleton it has the
/// route to and no instance of (claimed for this thread). (A child's own value is read before,
/// with no thread state at all: see `Container.valueRegisteredInChild`.)
///
/// **Routed builds retain nothing.** The registration comes from this thread's cache entry,
/// which holds it; while a resolve is under way on the thread, whatever the cache lets go of is
/// parked on the thread until the root resolve ends (`FastPathCache.discard`), so that entry's
/// hold outlasts the build even if the build's own factory removes or replaces the registration.
/// The plan is a trivial value: deciding, building and finishing count no reference but the
/// instance's own.
extension Container {
  /// What `routedBuild` decided.
  @usableFromInline
  struct RoutedBuild {
    @usableFromInline
    enum Kind: UInt8 {
      /// The general path answers.
      case general
      /// A graph-scope instance this root resolve built already: at `detail` in the thread's graph.
      case graphHit
      /// A prototype to build; it is on the chain.
      case prototype
      /// A graph-scope instance to build; it is on the chain.
      case graph
      /// A singleton this thread now builds: it holds the claim (epoch `detail`; see
      /// `finishBuilding`) and is on the chain. Built in `owner`.
      case singleton
    }

    @usableFromInline let kind: Kind
    /// The registration to build (unretained: see above).
    @usableFromInline let registration: Unmanaged<Registration>?
    /// The calling thread's state (unretained: the thread's key owns it).
    @usableFromInline let thread: Unmanaged<ThreadState>?
    /// The graph index of a `graphHit`, the epoch a `singleton` was claimed in, or the entry
    /// generation a `prototype`'s route was found valid under (its bits; for the step an
    /// observer sees).
    @usableFromInline let detail: Int
    /// The container a `singleton` is built in (its owner, itself or an ancestor of the resolving
    /// container, which holds it alive).
    @usableFromInline let owner: Unmanaged<Container>?

    static var general: RoutedBuild {
      RoutedBuild(kind: .general, registration: nil, thread: nil, detail: 0, owner: nil)
    }
  }

  /// The routed path for a resolve of `typeID` whose probe of this thread's cache stopped at
  /// `index` of `entryOwner`'s entries; `factoryType` is the caller's
  /// `FactoryRegistration<Service>`: a route answers only a registration of that class.
  /// Observed families take the general path for everything but prototypes, whose steps the
  /// caller reports itself.
  ///
  /// - Throws: A cycle or a runaway depth through a prototype or graph-scope registration.
  @usableFromInline
  func routedBuild(
    at index: Int, typeID: ObjectIdentifier, factoryType: ObjectIdentifier,
    entryOwner: Unmanaged<Container>
  ) throws -> RoutedBuild {
    // A valid index means this thread has a table, made with its state.
    guard index >= 0, let raw = ThreadState.currentIfMade else { return .general }
    let thread = Unmanaged<ThreadState>.fromOpaque(raw)
    return try thread._withUnsafeGuaranteedRef { state -> RoutedBuild in
      var generation: UInt64 = 0
      guard state.isPlain,
        let route = entryOwner._withUnsafeGuaranteedRef({ owner in
          state.cache.validRoute(at: index, typeID: typeID) {
            generation = owner.entryGeneration
            return generation
          }
        }),
        route.registration._withUnsafeGuaranteedRef({ ObjectIdentifier(type(of: $0)) == factoryType })
      else { return .general }
      let registration = route.registration
      switch route.scope {
      case .prototype:
        try enterRoutedBuild(registration, thread: state)
        return RoutedBuild(
          kind: .prototype, registration: registration, thread: thread,
          detail: Int(truncatingIfNeeded: generation), owner: nil)
      case .graph where !family.isObserved:
        if let found = registration._withUnsafeGuaranteedRef({ state.graph.index(of: $0) }) {
          return RoutedBuild(kind: .graphHit, registration: nil, thread: thread, detail: found, owner: nil)
        }
        try enterRoutedBuild(registration, thread: state)
        return RoutedBuild(kind: .graph, registration: registration, thread: thread, detail: 0, owner: nil)
      case .singleton where !family.isObserved && !route.holdsInstance:
        guard let epoch = claimSingleton(registration, thread: state) else { return .general }
        state.chain.push(registration)
        return RoutedBuild(
          kind: .singleton, registration: registration, thread: thread, detail: epoch,
          owner: route.owner)
      default:
        return .general
      }
    }
  }

  /// Guards against cycles and runaway depth, and puts `registration` on the chain.
  @inline(__always)
  private func enterRoutedBuild(_ registration: Unmanaged<Registration>, thread: ThreadState) throws {
    if thread.chain.position(of: registration) != nil || thread.chain.count >= Self.maximumDepth {
      throw refusedRoutedBuild(registration, thread: thread)
    }
    thread.chain.push(registration)
  }

  /// The error of a routed build that would close a cycle or go too deep: made out of line, so
  /// that the routed path keeps a small frame (a `ResolutionError` is a large value).
  @inline(never)
  private func refusedRoutedBuild(_ registration: Unmanaged<Registration>, thread: ThreadState) -> any Error {
    if let start = thread.chain.position(of: registration) {
      return cycle(through: registration.takeUnretainedValue(), startingAt: start, thread: thread)
    }
    return tooDeep(registration.takeUnretainedValue(), thread: thread)
  }

  /// Claims the build of a routed singleton under one family lock; returns the epoch claimed, or
  /// `nil` when the general path must answer (built already, which it caches for this thread;
  /// another thread building it now, which it waits for; a weak or isolated registration; a cycle
  /// or runaway depth, which it reports). Checked before the claim, so nothing is given back.
  private func claimSingleton(_ registration: Unmanaged<Registration>, thread: ThreadState) -> Int? {
    guard thread.chain.count < Self.maximumDepth, thread.chain.position(of: registration) == nil
    else { return nil }
    let me = ObjectIdentifier(thread)
    return registration._withUnsafeGuaranteedRef { registration in
      guard registration.isolation == .none else { return nil }
      return family.withLock { _ in
        registration.state.withLockHeld { state in
          // The route's scope was read when the route was stored: the generation vouches for it.
          // Built already (by this thread's general path, which stores only the route at first,
          // or by another thread): the general path answers, and keeps the instance in this
          // thread's cache, where the inlined lookup finds it from then on.
          guard !state.hasCached, !state.isBuilding, state.weakInstance == nil else { return nil }
          state.builder = me
          return state.epoch
        }
      }
    }
  }
}
