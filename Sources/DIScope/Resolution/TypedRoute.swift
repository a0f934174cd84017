/// Where a typed resolve that missed the inlined lookup goes without the family lock: the one
/// out-of-line call `resolveUncached` makes before the general path.
///
/// Checked once for all the routed paths: that nothing validates or records edges on this
/// thread, then, by what the thread knows of the key, a prototype or graph-scope registration this
/// thread resolved before (`RoutedPrototypes`), or a singleton it has the route to and no instance
/// of (`RoutedSingletons`). (A child's own value is read before, with no thread state at all: see
/// `Container.valueInPlace`.)
extension Container {
  /// What `typedRoute` found.
  @usableFromInline
  enum TypedRoute {
    /// The general path answers.
    case none
    /// A prototype or graph-scope registration to build (or, for graph scope, find built).
    case perResolve(Registration, isGraph: Bool)
    /// A singleton this thread now builds: it holds the claim (see `finishBuilding`).
    case claimedSingleton(Registration, epoch: Int, owner: Unmanaged<Container>)
  }

  /// The routed path for a resolve of `typeID` whose probe of this thread's cache stopped at
  /// `index` of `entryOwner`'s entries; `factoryType` is the caller's `FactoryBox<Service>`.
  /// Observed families take the general path for everything but prototypes, whose steps the
  /// caller reports itself.
  @usableFromInline
  func typedRoute(
    at index: Int, typeID: ObjectIdentifier, factoryType: ObjectIdentifier,
    entryOwner: Unmanaged<Container>, thread: ThreadState
  ) -> TypedRoute {
    guard thread.isPlain else { return .none }
    let isObserved = family.isObserved
    return entryOwner._withUnsafeGuaranteedRef { owner -> TypedRoute in
      guard index >= 0, let route = thread.cache.validRoute(
        at: index, typeID: typeID, generation: { owner.entryGeneration })
      else { return .none }
      let registration = route.registration
      guard ObjectIdentifier(type(of: registration.factory)) == factoryType else { return .none }
      switch route.scope {
      case .prototype:
        return .perResolve(registration, isGraph: false)
      case .graph where !isObserved:
        return .perResolve(registration, isGraph: true)
      case .singleton where !isObserved && !route.holdsInstance:
        return claimSingleton(registration, owner: route.owner, thread: thread)
      default:
        return .none
      }
    }
  }

  /// Claims the build of a routed singleton under one family lock; `.none`
  /// when the general path must answer (built already, which it caches for this thread; another
  /// thread building it now, which it waits for; a weak or isolated registration; a cycle or runaway depth, which it reports).
  private func claimSingleton(
    _ registration: Registration, owner: Unmanaged<Container>, thread: ThreadState
  ) -> TypedRoute {
    guard registration.isolation == .none, thread.chain.count < Self.maximumDepth,
      thread.chain.position(of: registration) == nil
    else { return .none }
    let me = ObjectIdentifier(thread)
    return family.withLock { _ in
      registration.state.withLockHeld { state in
        // The route's scope was read when the route was stored: the generation vouches for it.
        // Built already (by this thread's general path, which stores only the route at first, or
        // by another thread): the general path answers, and keeps the instance in this thread's
        // cache, where the inlined lookup finds it from then on.
        guard !state.hasCached, !state.isBuilding, state.weakInstance == nil else { return .none }
        state.builder = me
        return .claimedSingleton(registration, epoch: state.epoch, owner: owner)
      }
    }
  }
}
