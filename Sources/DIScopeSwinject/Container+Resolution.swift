import DIScope
import Synchronization

/// The entry point of Swinject's extensions: resolves with a factory invoker of any arguments.
public protocol _Resolver {
  /// Resolves `Service` registered with a factory of `Arguments` under `name` and `option`,
  /// calling the factory through `invoker`; `nil` if none.
  func _resolve<Service, Arguments>(
    name: String?, option: ServiceKeyOption?, invoker: @escaping ((Arguments) -> Any) -> Any
  ) -> Service?
}

extension Container: _Resolver {
  /// Resolves with a factory invoker of any arguments (Swinject's extension point); `nil`, with
  /// the failure logged, when nothing answers.
  public func _resolve<Service, Arguments>(
    name: String?, option: ServiceKeyOption? = nil,
    invoker: @escaping ((Arguments) -> Any) -> Any
  ) -> Service? {
    if isSynchronized { resolutionLock.lock() }
    defer { if isSynchronized { resolutionLock.unlock() } }
    let key = ServiceKey(
      serviceType: Service.self, argumentsType: Arguments.self, name: name, option: option)
    if Service.self == GraphIdentifier.self && key.argumentsType == Resolver.self && name == nil {
      return currentObjectGraph as? Service
    }
    var failure: (any Error)?
    let discopeKey = key.discopeKey
    if let entry = getEntry(for: key, discopeKey: discopeKey) {
      switch resolve(entry: entry, key: key, discopeKey: discopeKey, invoker: invoker)
        as Result<Service, any Error>
      {
      case .success(let instance): return instance
      case .failure(let error): failure = error
      }
    }
    if let wrapper: Service = resolveAsWrapper(name: name, option: option, invoker: invoker) {
      return wrapper
    }
    if failure == nil {
      // Not registered through this API: DIScope answers anyway if something was pushed there
      // directly (a mock from a test or `discope attach`), or says why not, with the path.
      do {
        return try discope.resolve(key: discopeKey, as: Service.self)
      } catch {
        failure = error
      }
    }
    let error = failure ?? notRegistered(key)
    // Said before the `nil` is returned: the factory that asked may force-unwrap it on its next
    // line. In `validate()`'s dry run the factory is handed the `nil` as at run time, and the
    // report lists what it took it for.
    let inDryRun = DIScope.Container.noteHandedNilInDryRun(resolutionError(error, asked: key))
    sayOnStandardError(error, for: key, inDryRun: inDryRun)
    debugHelper.resolutionFailed(
      serviceType: Service.self, key: key, availableRegistrations: getRegistrations(),
      error: error)
    return nil
  }

  /// Resolves `entry` through DIScope, which calls back the factory registered for it
  /// (`build(_:owner:)`) unless its scope has the instance already.
  internal func resolve<Service, Factory>(
    entry: ServiceEntryProtocol, key: ServiceKey, discopeKey: DIScope.ServiceKey,
    invoker: @escaping (Factory) -> Any
  ) -> Result<Service, any Error> {
    let invoke = { invoker(entry.factory as! Factory) }
    let thread = ThreadGraphs.current
    thread.pending.append(
      ThreadGraphs.PendingBuild(entry: ObjectIdentifier(entry), resolver: self, invoke: invoke))
    defer { thread.pending.removeLast() }
    do {
      return .success(try discope.resolve(key: discopeKey, as: Service.self))
    } catch let error as ResolutionError where error.kind == .cycle {
      // A resolve of a service still being built on this thread: DIScope calls it a cycle, and
      // Swinject builds it again in the same graph (see `instance(of:thread:invoke:)`), which is how
      // a factory's dependency reaches back to it through `initCompleted`. So does this, up to
      // DIScope's depth: a cycle of initialisers alone never ends, and where Swinject stops the
      // program at depth 200, this returns `nil`, said first with the cycle's path (`_resolve`).
      guard (thread.existingFrame(frameID)?.depth ?? 0) < DIScope.Container.maximumDepth else {
        return .failure(unclosedCycle(error))
      }
      return Result {
        let instance = self.instance(of: entry, thread: thread, invoke: invoke)
        guard let service = instance as? Service else {
          throw FacadeError.typeMismatch(
            String(describing: type(of: instance)), String(describing: Service.self))
        }
        return service
      }
    } catch {
      return .failure(error)
    }
  }

  /// The factory of every DIScope registration the facade makes (`asker` names it): builds
  /// `entry` as the resolve that asked DIScope for it said, or, when DIScope was asked directly
  /// (the typed fast path, `validate()`), as its own container's resolve would.
  static func build(
    _ entry: ServiceEntryProtocol, owner: ContainerReference, askedBy asker: DIScopeRegistrationID
  ) throws -> Any {
    let thread = ThreadGraphs.current
    let instance: Any
    if let pending = thread.takePending(for: entry) {
      instance = pending.resolver.instance(
        of: entry, thread: thread, askedBy: asker, invoke: pending.invoke)
    } else {
      guard let container = owner.container else { throw FacadeError.containerReleased }
      guard let factory = entry.makeWithoutArguments else {
        throw FacadeError.needsArguments(String(describing: entry.serviceType))
      }
      instance = container.instance(of: entry, thread: thread, askedBy: asker) { factory(container) }
    }
    return instance
  }

  /// Swinject's resolve of one registration, in this container's graph on this thread: the
  /// instance its storage keeps for the graph, or a new one, stored, then completed by its
  /// `initCompleted` handlers. A factory that resolved the same registration meanwhile (a cycle
  /// through `initCompleted`) stored an instance already: that one is returned. `asker` is the
  /// DIScope registration whose factory asked (`nil` for a resolve of a cycle, which DIScope
  /// refused). Not generic, so that a build looks up no generic metadata.
  func instance(
    of entry: ServiceEntryProtocol, thread: ThreadGraphs, askedBy asker: DIScopeRegistrationID? = nil,
    invoke: () -> Any
  ) -> Any {
    let frame = enterGraph(thread)
    defer { leaveGraph(thread, frame) }
    let flags = entry.buildFlags
    if flags.contains(.isTransient) {
      // Nothing kept, so nothing to look for: build, then complete.
      let made = invoke()
      if flags.contains(.hasInitCompleted) {
        entry.completeInitialization(of: made, resolver: self)
      }
      return made
    }
    // Inside the resolve (`enterGraph` above), so there is one.
    let graph = currentGraph(of: frame).unsafelyUnwrapped
    if let persisted = entry.instance(inGraph: graph, askedBy: asker) { return persisted }
    let made = invoke()
    // Not asked by `asker` this time: what a cycle stored meanwhile answers.
    if let persisted = entry.instance(inGraph: graph, askedBy: nil) { return persisted }
    if entry.setInstance(made, inGraph: graph, builtFor: asker)
      && DIScope.Container.isDryRunOnCurrentThread
    {
      frame.storedInDryRun.append(entry)
    }
    frame.inFlight.append(entry)
    if flags.contains(.hasInitCompleted) {
      entry.completeInitialization(of: made, resolver: self)
    }
    return made
  }

  /// Resolves a `Lazy`, `Provider` or `Optional` of a registered service.
  fileprivate func resolveAsWrapper<Wrapper, Arguments>(
    name: String?, option: ServiceKeyOption?, invoker: @escaping ((Arguments) -> Any) -> Any
  ) -> Wrapper? {
    guard let wrapper = Wrapper.self as? InstanceWrapper.Type else { return nil }
    let key = ServiceKey(
      serviceType: wrapper.wrappedType, argumentsType: Arguments.self, name: name, option: option)
    let discopeKey = key.discopeKey
    guard let entry = getEntry(for: key, discopeKey: discopeKey) else {
      return wrapper.init(inContainer: self, withInstanceFactory: nil) as? Wrapper
    }
    let factory = { [reference] (graph: GraphIdentifier?) -> Any? in
      guard let self = reference.container else { return nil }
      // A wrapper a synchronized resolver made builds under its lock, as its resolves do.
      if self.isSynchronized { self.resolutionLock.lock() }
      defer { if self.isSynchronized { self.resolutionLock.unlock() } }
      // A resolve of its own, one level deeper, as Swinject's is: the graph set here ends with
      // it when the wrapper is used outside any resolve. Left to the build's own levels, it
      // outlived a resolve that DIScope answered from its cache (a singleton) without calling
      // the build back, and every later resolve on the thread joined that ended graph.
      let thread = ThreadGraphs.current
      let frame = thread.frame(self.frameID)
      let origin = frame.graph
      if let graph { frame.graph = graph }
      self.enterGraph(thread)
      defer {
        self.leaveGraph(thread, frame)
        // What the wrapper found goes on after it: the graph of the resolve it was used in (or
        // the one set for the next), or, inside a resolve that had made none yet, none (a
        // `Lazy`'s graph is not that resolve's). A `Provider` inside such a resolve resolved
        // in the graph the resolve made meanwhile: it stays.
        if graph != nil || origin != nil { frame.graph = origin }
      }
      return wrapper.resolveWrapped(
        entry: entry, key: key, discopeKey: discopeKey, in: self, invoker: invoker)
    }
    return wrapper.init(inContainer: self, withInstanceFactory: factory) as? Wrapper
  }

  private func notRegistered(_ key: ServiceKey) -> ResolutionError {
    ResolutionError(
      kind: .notRegistered, key: key.discopeKey, path: [key.discopeKey.description],
      message: "no registration for \(describe(serviceType: key.serviceType, serviceKey: key))")
  }

  /// `error` as DIScope's value: what the resolve of `key` failed with.
  private func resolutionError(_ error: any Error, asked key: ServiceKey) -> ResolutionError {
    if let error = error as? ResolutionError { return error }
    return ResolutionError(
      kind: .factoryFailed, key: key.discopeKey, path: [key.discopeKey.description],
      message: "resolving '\(key.discopeKey)' failed: \(error)", underlyingError: error)
  }

  /// DIScope's cycle error for a cycle this gave up on, worded for Swinject's API: what closes a
  /// cycle there is `initCompleted` (or a `Lazy` or `Provider`), and DIScope's own advice
  /// (`@Injected`) does not apply.
  private func unclosedCycle(_ error: ResolutionError) -> ResolutionError {
    let members = error.cycle.isEmpty ? [error.key, error.key] : error.cycle
    let (first, second) = (members[0].serviceName, members[1].serviceName)
    // The example's names are a guess at the app's (`Egg` -> `egg`): the hint shows the shape.
    func variable(_ name: String) -> String { name.prefix(1).lowercased() + name.dropFirst() }
    return ResolutionError(
      kind: .cycle, key: error.key, path: error.path,
      message: "dependency cycle that no initCompleted closes: "
        + members.map(\.description).joined(separator: " -> "),
      hints: [
        .note(
          "close it in initCompleted: build '\(first)' without its '\(second)', then set it in "
            + ".initCompleted { r, \(variable(first)) in \(variable(first)).\(variable(second)) = "
            + "r.resolve(\(second).self) }; "
            + "or resolve a Lazy<\(second)> or Provider<\(second)> in the factory of '\(first)'")
      ],
      cycle: error.cycle)
  }
}

extension Container: Resolver {
  /// Resolves `serviceType`; `nil` if nothing is registered for it.
  ///
  /// ```swift
  /// let animal = container.resolve(Animal.self)
  /// ```
  @inlinable @inline(__always)
  public func resolve<Service>(_ serviceType: Service.Type) -> Service? {
    resolveDirectly(serviceType)
  }

  /// Resolves `serviceType` registered under `name`; `nil` if none.
  @inlinable @inline(__always)
  public func resolve<Service>(_ serviceType: Service.Type, name: String?) -> Service? {
    resolveDirectly(serviceType, name: name)
  }

  /// `resolve(_:)` called through the `Resolver` protocol (a factory's `r.resolve`): compiled
  /// once for every type, so the resolve `register` compiled for the type answers, if it made one
  /// (see `TypedResolve`), and anything else takes the generic path out of line.
  ///
  /// A function of its own, not `resolve(_:)`, though the same for a caller: `resolve(_:)` is
  /// inlined, and its fast path, compiled generically, makes optionals of the service, whose
  /// metadata a generic function looks up on entry whichever path it then takes. (`@_implements`
  /// is the one way to answer a requirement with another function; `@_disfavoredOverload` keeps a
  /// direct `container.resolve(X.self)` on the inlined `resolve(_:)`.)
  @_implements(Resolver, resolve(_:)) @_disfavoredOverload
  public func resolveThroughProtocol<Service>(_ serviceType: Service.Type) -> Service? {
    if let typed = TypedResolves.find(ObjectIdentifier(Service.self)) {
      return resolve(Service.self, name: nil, through: typed)
    }
    return resolveGenerically(serviceType)
  }

  /// `resolve(_:name:)` called through the `Resolver` protocol (see
  /// `resolveThroughProtocol(_:)`).
  @_implements(Resolver, resolve(_:name:)) @_disfavoredOverload
  public func resolveThroughProtocol<Service>(
    _ serviceType: Service.Type, name: String?
  ) -> Service? {
    if let typed = TypedResolves.find(ObjectIdentifier(Service.self)) {
      return resolve(Service.self, name: name, through: typed)
    }
    return resolveGenerically(serviceType, name: name)
  }

  /// Resolves through `typed`, made for `Service`: its closure writes the optional into this
  /// function's own result, so nothing here needs generic metadata. (Made here, an
  /// `Optional<Service>` would be looked up at run time on every call.) Unretained: the table keeps
  /// every typed resolve for good.
  @inline(__always)
  internal func resolve<Service>(
    _: Service.Type, name: String?, through typed: Unmanaged<TypedResolve>
  ) -> Service? {
    // Borrowed, not retained: the closure is called with no reference counted to its context.
    Unmanaged<TypedResolveOf<Service>>.fromOpaque(typed.toOpaque())
      ._withUnsafeGuaranteedRef { $0.resolve(self, name) }
  }

  /// `resolveDirectly(_:)` out of line, for a generic caller: the optionals it makes cost a
  /// metadata lookup, which the caller's own path (`resolve(_:through:)`) then does not pay.
  @inline(never)
  internal func resolveGenerically<Service>(_ serviceType: Service.Type) -> Service? {
    resolveDirectly(serviceType)
  }

  /// `resolveDirectly(_:name:)` out of line (see `resolveGenerically(_:)`).
  @inline(never)
  internal func resolveGenerically<Service>(
    _ serviceType: Service.Type, name: String?
  ) -> Service? {
    resolveDirectly(serviceType, name: name)
  }

  /// `resolve(_:)` without looking for a typed resolve: what that resolve runs.
  @inlinable @inline(__always)
  internal func resolveDirectly<Service>(_ serviceType: Service.Type) -> Service? {
    // No name passed on: DIScope's fast path, given none, reads no name (and a caller that stays
    // generic looks up no `Optional<String>` metadata for it).
    if isRoot {
      do { return try discope.resolve(serviceType) } catch {}
    } else if isSynchronized && !hasRegisteredItself.load(ordering: .acquiring) {
      return resolveAsView(serviceType, name: nil)
    }
    return resolveBySwinjectPath(serviceType, name: nil)
  }

  /// `resolve(_:name:)` without looking for a typed resolve: what that resolve runs.
  @inlinable @inline(__always)
  internal func resolveDirectly<Service>(_ serviceType: Service.Type, name: String?) -> Service? {
    // A root container's registrations are DIScope's plain keys: DIScope's fast path, inlined
    // here and so into the caller, answers a cached instance without the facade, and calls back
    // its factory for anything else. Whatever it cannot answer (a wrapper, a cycle, nothing
    // registered) takes Swinject's path.
    // (`do`/`catch`, not `try?`: in a caller that stays generic, `try?` makes an optional of the
    // service through its generic metadata, looked up on every call.)
    if isRoot {
      do { return try discope.resolve(serviceType, name: name) } catch {}
    } else if isSynchronized && !hasRegisteredItself.load(ordering: .acquiring) {
      return resolveAsView(serviceType, name: name)
    }
    return resolveBySwinjectPath(serviceType, name: name)
  }

  /// A resolve through a synchronized resolver that registered nothing itself: the lock held, as
  /// its parent would resolve (DIScope's path, through the view's DIScope child, which holds
  /// nothing of its own either); what that cannot answer (a wrapper, whose factory must take the
  /// lock too, a cycle, nothing registered) takes Swinject's path. A factory is given the
  /// container it was registered in, not the view, which resolves the same registrations.
  @inlinable @inline(__always)
  internal func resolveAsView<Service>(_ serviceType: Service.Type, name: String?) -> Service? {
    resolutionLock.lock()
    defer { resolutionLock.unlock() }
    do {
      return try name == nil ? discope.resolve(serviceType) : discope.resolve(serviceType, name: name)
    } catch {}
    return resolveBySwinjectPath(serviceType, name: name)
  }

  /// Swinject's path for a resolve without arguments.
  @usableFromInline
  internal func resolveBySwinjectPath<Service>(_: Service.Type, name: String?) -> Service? {
    _resolve(name: name) { (factory: (Resolver) -> Any) in factory(self) }
  }
}
