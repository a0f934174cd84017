/// Disposing one cached instance the container built: the rule that decides whether an instance
/// is the container's to dispose, and the call that disposes it, shared by a shutdown (every
/// cached instance, newest first) and by every change that lets one instance go (a scope or
/// caching change, a removal): nothing the container built is dropped undisposed.
extension Container {
  /// One instance to dispose: its registration, creation number and value. A class, so that the
  /// register path's removal carries an empty optional of one word, where a struct holding an
  /// `Any` was initialised and destroyed through its value witnesses on every swap.
  final class DisposableInstance {
    let registration: Registration
    let number: Int
    let instance: Any
    init(registration: Registration, number: Int, instance: Any) {
      self.registration = registration
      self.number = number
      self.instance = instance
    }
  }

  /// Whether `registration` caches an instance that letting it go must dispose: the cheap
  /// question a removal asks before `instanceToDispose` (a class instance's type is read from the
  /// object itself, with no existential made for it). Under the family lock.
  static func cachesInstanceToDispose(
    _ registration: Registration, state: RegistrationState, thread: ThreadState
  ) -> Bool {
    guard state.liveCachedNumber != nil else { return false }
    if registration.disposal?.dispose != nil || registration.isolation == .mainActor { return true }
    if let object = state.cachedObject { return thread.disposableTypes.hasDispose(object: object) }
    guard let value = state.cachedInstance(of: registration) else { return false }
    return thread.disposableTypes.hasDispose(value)
  }

  /// What `registration` caches that the container must dispose when it lets it go, or `nil`:
  /// nothing cached, nothing to call (not ``Disposable``, ``AsyncDisposable``, a `dispose:` rule
  /// or a `@MainActor` factory's), or a mock or value the container did not build (unless pushed
  /// with `disposing: true`). Under the family lock; the cache itself is left as it is.
  static func instanceToDispose(
    of registration: Registration, state: inout RegistrationState, thread: ThreadState
  ) -> DisposableInstance? {
    // A mock, or a value registered as it is, is the caller's, not the container's, unless
    // pushed with `disposing: true`: only let go of, with no instance read out (a class instance
    // would be boxed for it) and no question asked of its type.
    let isPrebuilt =
      registration.isMock || registration.factoryIsInstance || registration.storedFactory is InstanceBox
    if isPrebuilt && registration.disposal?.disposesPrebuilt != true { return nil }
    guard let number = state.liveCachedNumber, let value = state.cachedInstance(of: registration)
    else { return nil }
    // An instance with nothing to call is only let go of. One a `@MainActor` factory built may
    // conform on the main actor only: it is asked there (`disposeOnMainActor`).
    let hasDispose =
      registration.disposal?.dispose != nil || registration.isolation == .mainActor
      || thread.disposableTypes.hasDispose(value)
    return hasDispose ? DisposableInstance(registration: registration, number: number, instance: value) : nil
  }

  /// Disposes `item`, awaiting what needs it; `disposed` is false for a `@MainActor` instance
  /// with nothing to call after all (its conformance seen on the main actor).
  func dispose(_ item: DisposableInstance) async -> (disposed: Bool, failure: (any Error)?) {
    do {
      if let dispose = item.registration.disposal?.dispose {
        try await dispose(item.instance)
      } else if item.registration.isolation == .mainActor {
        return (try await Self.disposeOnMainActor(MainActorInstance(value: item.instance)), nil)
      } else if let disposable = item.instance as? any AsyncDisposable {
        try await disposable.dispose()
      } else if let disposable = item.instance as? any Disposable {
        try disposable.dispose()
      }
      return (true, nil)
    } catch {
      return (true, error)
    }
  }

  /// Disposes an instance a change let go of (see `instanceToDispose`): a ``Disposable`` one at
  /// once, on this thread, out of the lock; one that needs `await` (``AsyncDisposable``, a
  /// `dispose:` closure, a `@MainActor` factory's) in a task of its own, since the change is
  /// synchronous. Observers see its `.disposed` event, with its failure if it failed.
  func disposeDropped(_ item: DisposableInstance) {
    let needsAwait =
      item.registration.disposal?.dispose != nil || item.registration.isolation == .mainActor
      || !(item.instance is any Disposable)
    if needsAwait {
      let item = UncheckedDisposal(item: item)
      Task { [self] in
        let (disposed, failure) = await dispose(item.item)
        if disposed { reportDisposal(item.item, failure: failure, cause: .dropped) }
      }
    } else {
      let (disposed, failure) = Self.disposeSynchronously(item.instance)
      if disposed { reportDisposal(item, failure: failure, cause: .dropped) }
    }
  }

  /// Tells observers an instance was disposed (or failed to be); returns what it told them.
  @discardableResult
  func reportDisposal(_ item: DisposableInstance, failure: (any Error)?, cause: Disposal.Cause) -> Disposal {
    let disposal = Disposal(
      registration: item.registration.info(stackDepth: nil, container: name),
      instanceNumber: item.number,
      typeName: item.registration.explicitImplementationName ?? String(describing: type(of: item.instance)),
      failure: failure.map { "\($0)" }, cause: cause)
    if family.isObserved { emit(.disposed(disposal)) }
    return disposal
  }
}

/// An instance handed to the task that disposes it.
///
/// `@unchecked Sendable`: the instance is one the container cached and shared with every caller,
/// which `register` requires to be `Sendable` (or its registrant vouched for it); it is held here
/// only to be disposed, once, by the one task it is handed to.
struct UncheckedDisposal: @unchecked Sendable {
  let item: Container.DisposableInstance
}
