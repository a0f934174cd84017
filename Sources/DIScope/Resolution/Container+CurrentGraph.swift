/// What a compatibility module needs to know of the graph scope's instances on this thread.
extension Container {
  /// The graph-scope instances the root resolve under way on the calling thread built so far,
  /// each with the token of the registration that built it; empty outside a resolve.
  ///
  /// For DIScopeSwinject, whose `.graph` is this graph scope: its registrations share an instance
  /// through this graph alone until something outside the resolve may ask for it again by graph
  /// (a `Lazy` or `Provider` made in the resolve, or its `GraphIdentifier`). Then, and only then,
  /// the facade keeps what was built so far in its storages, by graph, as Swinject does.
  ///
  /// ```swift
  /// for (token, instance) in DIScope.Container.graphInstancesOfCurrentResolve() { ... }
  /// ```
  package static func graphInstancesOfCurrentResolve() -> [(token: RegistrationToken, instance: Any)] {
    guard let raw = ThreadState.currentIfMade else { return [] }
    return Unmanaged<ThreadState>.fromOpaque(raw)._withUnsafeGuaranteedRef { thread in
      let graph = thread.graph
      var found: [(token: RegistrationToken, instance: Any)] = []
      found.reserveCapacity(graph.count)
      for index in 0..<graph.count {
        let entry = graph.storage[index]
        // Named by its number and owner, never read through its unretained registration (see
        // `GraphEntry`); the token's key is not part of its identity.
        let token = RegistrationToken(
          number: entry.registrationNumber, ownerID: ContainerID(raw: entry.ownerID), key: nil)
        let instance: Any =
          entry.isBoxed
          ? unsafeDowncast(entry.instance, to: InstanceBox.self).anyValue : entry.instance
        found.append((token, instance))
      }
      return found
    }
  }
}
