/// Holder tracking: remembering what each cached instance was built with.
extension Container {
  /// Whether this container family remembers, for each instance it caches (singleton, eager,
  /// weak), which instances it was built with: what ``staleReferences()`` and ``explain(_:name:)``
  /// read.
  ///
  /// Holders are tracked whenever the family is observed (``observe(_:)``, a ``TraceRecorder``,
  /// `DISCOPE_TRACE=1`, the playground): the creation tree that observers see says what each
  /// instance was built with, so nothing reads an instance's fields. Set this to `true` to track
  /// them without an observer of your own, and back to `false` to stop (tracking goes on while
  /// anything else observes). An unobserved family records nothing and pays nothing; one that only
  /// tracks holders keeps the unobserved resolve paths except on a thread building a shared
  /// instance, whose steps are what it holds. Instances built while nothing tracked have no
  /// holdings recorded.
  ///
  /// ```swift
  /// container.tracksHolders = true
  /// _ = try container.resolve(ControlContext.self)
  /// let token = container.mock(WebService.self, with: MockWebService())
  /// container.staleReferences()   // ControlContext#3 still holds WebService#1 from t2 ...
  /// ```
  public var tracksHolders: Bool {
    get { family.isObserved }
    set {
      let (old, needsNew) = family.withLock { _ -> (Observation?, Bool) in
        if newValue { return (nil, registry.attachments.holderTracking == nil) }
        defer { registry.attachments.holderTracking = nil }
        return (registry.attachments.holderTracking, false)
      }
      old?.cancel()
      guard needsNew else { return }
      // An observer that takes no event: being observed is what makes the engine report the
      // steps holdings are made from, on the threads building shared instances.
      let observation = observeForHolderTracking()
      let extra = family.withLock { _ -> Observation? in
        if registry.attachments.holderTracking == nil {
          registry.attachments.holderTracking = observation
          return nil
        }
        return observation  // another thread turned it on meanwhile
      }
      extra?.cancel()
    }
  }
}
