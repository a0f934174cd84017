#if ModelTests
  import DIScope

  /// The container's meaning, as README.md states it, written to be read rather than to be fast:
  /// plain arrays, linear searches, reachability recomputed whenever it is asked. It runs a
  /// program and writes the events a correct container's run would (see `Event`); it never looks
  /// at the container's code or state.
  ///
  /// The rules, each with the README's words it encodes:
  /// - Stacks: "each key ... has a stack of registrations; the newest answers. `remove(token)`
  ///   removes exactly that registration wherever it sits ... Removing a token that is no longer
  ///   live returns `false` and changes nothing."
  /// - Scopes: prototype "a new instance on every resolve"; graph "one instance per root resolve,
  ///   shared inside it"; singleton "built on first resolve, then cached"; eager "a singleton built
  ///   as soon as it is registered"; weak "shared while anyone holds it, built anew after release"
  ///   (a value type under weak "behaves as .prototype", `Scope.weak`).
  /// - Caching: "`setCaching(false, for:)` makes any scope behave as `.prototype` without forgetting
  ///   it; changing scope or caching drops what was cached"; a mock "answers with its instance".
  /// - Children: "A child sees its parent's registrations; the parent never sees the child's.
  ///   Prototype and graph dependencies resolve from the container where the resolution started ...
  ///   singletons are built in, and cached by, the container that owns their registration."
  /// - Cycles: a resolve that comes back to a registration it is building is a cycle; "a cached
  ///   instance found is not a build: it answers at any depth" (Docs/Design.md).
  /// - Shutdown: "disposes what the container built, once, in reverse creation order ... and leaves
  ///   the container resolving nothing more"; a child's resolve of what a shut-down container owns
  ///   fails too; "Mocks, values, prototypes and graph instances are not the container's to dispose
  ///   (a mock or a value pushed with `disposing: true` is)".
  /// - Dropping: "a scope or caching change, or a removal, that lets go of a cached instance
  ///   disposes it by the same rule".
  /// - Release: "once a container is shut down and its last reference goes, nothing it built stays
  ///   alive, whichever threads or tasks resolved from it"; and (the rule the core is being fixed
  ///   to keep) a shutdown itself lets go of everything the container built, whichever thread
  ///   resolved it: only the caller's references, and what live containers keep, keep an instance.
  struct Model {
    typealias InstanceID = Int
    typealias ContainerID = Int
    typealias RegistrationID = Int

    struct Instance {
      let service: Service
      let dependencies: [InstanceID]
      /// Disposed once at most (a second shutdown, or a removal after one, finds nothing).
      var isDisposed = false
    }

    /// How a registration answers.
    enum Answer {
      case factory(scope: Scope, isCaching: Bool, loop: Bool)
      /// A mock or a value: the instance pushed, whatever happens to its scope or caching.
      case prebuilt(InstanceID, disposing: Bool)
    }

    struct Registration {
      let service: Service
      let container: ContainerID
      var answer: Answer
      var isLive = true
      /// A singleton's (or eager one's) instance, held.
      var cached: InstanceID?
      /// A weak registration's newest instance, not held: it answers only while alive.
      var weakCached: InstanceID?
    }

    struct ContainerState {
      let parent: ContainerID?
      /// Each key's registrations, oldest first: the last answers.
      var stacks: [Service: [RegistrationID]] = [:]
      var isShutDown = false
      var isReleased = false
    }

    /// Why a resolve fails, by the kind `ResolutionError` names it.
    struct Refusal: Error {
      let kind: ResolutionError.Kind
      static let notRegistered = Refusal(kind: .notRegistered)
      static let cycle = Refusal(kind: .cycle)
      static let shutDown = Refusal(kind: .shutDown)
    }

    /// What one root resolve keeps while under way.
    struct RootResolve {
      /// Graph-scope instances of this root resolve, by registration.
      var graph: [RegistrationID: InstanceID] = [:]
      /// The registrations being built, outermost first.
      var chain: [RegistrationID] = []
      /// What the factories under way have resolved so far and hold in their locals.
      var inFlight: [InstanceID] = []
    }

    /// Instances by id; ids are creation order, which is also the order a container numbers
    /// them in (what a shutdown disposes by, newest first).
    private var instances: [Instance] = []
    /// Registrations by id; ids are the order the program made them in (what `.remove(n)` counts).
    private var registrationTable: [Registration] = []
    private var factoryRegistrations: [RegistrationID] = []
    private var containers: [ContainerState] = [ContainerState(parent: nil)]
    /// The open containers, root first: the levels `Op` names.
    private var open: [ContainerID] = [0]
    /// What the caller holds (`resolve(..., hold: true)` until `dropHeld`).
    private var held: [InstanceID] = []
    private(set) var events: [Event] = []

    /// The events a correct container's run of `program` writes, its ending included (see
    /// `ContainerRunner.finish`: requests ended, held dropped, root shut down if `shutsDownAtEnd`,
    /// and released).
    static func events(of program: [Op], shutsDownAtEnd: Bool) -> [Event] {
      var model = Model()
      for (step, op) in program.enumerated() { model.apply(op, step: step) }
      model.finish(step: program.count, shutsDown: shutsDownAtEnd)
      return model.events
    }

    mutating func apply(_ op: Op, step: Int) {
      perform(op, step: step)
      switch op {
      case .beginRequest, .endRequest, .shutdown: break
      default: events.append(.alive(.afterStep(step), alive()))
      }
    }

    private mutating func perform(_ op: Op, step: Int) {
      switch op {
      case .register(let service, let scope, let loop, let level):
        let id = push(
          service, .factory(scope: scope, isCaching: true, loop: loop), in: container(at: level))
        factoryRegistrations.append(id)
        if scope == .eager { buildEagerly(id) }
      case .value(let level):
        let value = make(.requestID, from: [])
        push(.requestID, .prebuilt(value, disposing: false), in: container(at: level))
      case .mock(let service, let disposing, let level):
        let mock = make(service, from: [])
        push(service, .prebuilt(mock, disposing: disposing), in: container(at: level))
      case .resolve(let service, let level, let hold):
        let outcome = resolveRoot(service, in: container(at: level))
        events.append(.resolved(step: step, service, outcome))
        if hold, case .instance(let id) = outcome { held.append(id) }
      case .remove(let index):
        guard !registrationTable.isEmpty else { return }
        let id = index % registrationTable.count
        events.append(.returned(step: step, "remove", remove(id)))
      case .setScope(let index, let scope):
        guard !factoryRegistrations.isEmpty else { return }
        let id = factoryRegistrations[index % factoryRegistrations.count]
        events.append(.returned(step: step, "setScope", change(id, scope: scope)))
      case .setCaching(let index, let isCaching):
        guard !factoryRegistrations.isEmpty else { return }
        let id = factoryRegistrations[index % factoryRegistrations.count]
        events.append(.returned(step: step, "setCaching", change(id, isCaching: isCaching)))
      case .beginRequest:
        guard open.count <= Op.maximumDepth else { return }
        containers.append(ContainerState(parent: open.last!))
        open.append(containers.count - 1)
      case .endRequest:
        guard open.count > 1 else { return }
        endRequest()
        events.append(.alive(.afterRequest(step: step), alive()))
      case .shutdown(let level):
        shutdown(container(at: level))
        events.append(.alive(.afterShutdown(step: step), alive()))
      case .dropHeld:
        held.removeAll()
      }
    }

    /// How every run ends: the requests still open end, the caller lets go, the root keeps what
    /// it keeps; then it is shut down (keeping only its mocks and values) or not, and released,
    /// and nothing may stay alive.
    mutating func finish(step: Int, shutsDown: Bool) {
      while open.count > 1 { endRequest() }
      held.removeAll()
      events.append(.alive(.end, alive()))
      if shutsDown {
        shutdown(0)
        events.append(.alive(.afterShutdown(step: step), alive()))
      }
      containers[0].isReleased = true
      open.removeAll()
      events.append(.alive(.afterRelease, alive()))
    }

    // MARK: Registering

    private func container(at level: Int) -> ContainerID { open[min(level, open.count - 1)] }

    @discardableResult
    private mutating func push(_ service: Service, _ answer: Answer, in container: ContainerID) -> RegistrationID {
      registrationTable.append(Registration(service: service, container: container, answer: answer))
      let id = registrationTable.count - 1
      containers[container].stacks[service, default: []].append(id)
      return id
    }

    private mutating func make(_ service: Service, from dependencies: [InstanceID]) -> InstanceID {
      instances.append(Instance(service: service, dependencies: dependencies))
      let id = instances.count - 1
      events.append(.made(service, id, from: dependencies))
      return id
    }

    /// An eager registration is built as it is registered (or switched to eager), by a root resolve
    /// of its key in its container, when it is the one that answers there; a failure is left for
    /// the first resolve to meet.
    private mutating func buildEagerly(_ id: RegistrationID) {
      let registration = registrationTable[id]
      guard containers[registration.container].stacks[registration.service]?.last == id else { return }
      _ = resolveRoot(registration.service, in: registration.container)
    }

    // MARK: Resolving

    private mutating func resolveRoot(_ service: Service, in container: ContainerID) -> Outcome {
      var root = RootResolve()
      do {
        return .instance(try resolve(service, from: container, &root))
      } catch {
        return .failed(error.kind)
      }
    }

    /// The registration that answers for `service` in `container`: its own newest, else its
    /// parent's answer.
    private func answering(_ service: Service, from container: ContainerID) -> RegistrationID? {
      var current: ContainerID? = container
      while let here = current {
        if let top = containers[here].stacks[service]?.last { return top }
        current = containers[here].parent
      }
      return nil
    }

    private mutating func resolve(
      _ service: Service, from container: ContainerID, _ root: inout RootResolve
    ) throws(Refusal) -> InstanceID {
      guard !containers[container].isShutDown else { throw .shutDown }
      guard let id = answering(service, from: container) else { throw .notRegistered }
      let owner = registrationTable[id].container
      guard !containers[owner].isShutDown else { throw .shutDown }
      switch registrationTable[id].answer {
      case .prebuilt(let instance, _):
        return instance
      case .factory(let scope, let isCaching, _):
        let effective: Scope =
          !isCaching ? .prototype : (scope == .weak && service.isValue) ? .prototype : scope
        switch effective {
        case .prototype:
          return try build(id, resolvingFrom: container, &root)
        case .graph:
          if let instance = root.graph[id] { return instance }
          let instance = try build(id, resolvingFrom: container, &root)
          root.graph[id] = instance
          return instance
        case .singleton, .eager:
          if let instance = registrationTable[id].cached { return instance }
          let instance = try build(id, resolvingFrom: owner, &root)
          registrationTable[id].cached = instance
          return instance
        case .weak:
          if let instance = registrationTable[id].weakCached, isAlive(instance, during: root) {
            return instance
          }
          let instance = try build(id, resolvingFrom: owner, &root)
          registrationTable[id].weakCached = instance
          return instance
        }
      }
    }

    /// Runs a registration's factory: its dependencies resolved, in order, from `container`.
    private mutating func build(
      _ id: RegistrationID, resolvingFrom container: ContainerID, _ root: inout RootResolve
    ) throws(Refusal) -> InstanceID {
      guard !root.chain.contains(id) else { throw .cycle }
      guard case .factory(_, _, let loop) = registrationTable[id].answer else { preconditionFailure() }
      let service = registrationTable[id].service
      root.chain.append(id)
      let heldBefore = root.inFlight.count
      defer {
        root.chain.removeLast()
        root.inFlight.removeLast(root.inFlight.count - heldBefore)
      }
      var dependencies: [InstanceID] = []
      for dependency in service.dependencies(loop: loop) {
        let instance = try resolve(dependency, from: container, &root)
        dependencies.append(instance)
        root.inFlight.append(instance)
      }
      return make(service, from: dependencies)
    }

    // MARK: Changing

    private mutating func remove(_ id: RegistrationID) -> Bool {
      let registration = registrationTable[id]
      guard registration.isLive, !containers[registration.container].isReleased else { return false }
      dropCache(of: id)
      registrationTable[id].isLive = false
      containers[registration.container].stacks[registration.service]?.removeAll { $0 == id }
      return true
    }

    private mutating func change(_ id: RegistrationID, scope: Scope? = nil, isCaching: Bool? = nil) -> Bool {
      let registration = registrationTable[id]
      guard registration.isLive, !containers[registration.container].isReleased,
        case .factory(let oldScope, let oldCaching, let loop) = registration.answer
      else { return false }
      dropCache(of: id)
      registrationTable[id].answer = .factory(
        scope: scope ?? oldScope, isCaching: isCaching ?? oldCaching, loop: loop)
      if scope == .eager { buildEagerly(id) }
      return true
    }

    /// What a registration caches is let go of, and disposed if the container built it (or was
    /// handed it `disposing: true`) and it is `Disposable`.
    private mutating func dropCache(of id: RegistrationID) {
      if let instance = cachedToDispose(by: id) { dispose(instance) }
      registrationTable[id].cached = nil
      registrationTable[id].weakCached = nil
    }

    /// The instance a registration caches that is its container's to dispose, if any.
    private func cachedToDispose(by id: RegistrationID) -> InstanceID? {
      let registration = registrationTable[id]
      let instance: InstanceID?
      switch registration.answer {
      case .prebuilt(let pushed, let disposing): instance = disposing ? pushed : nil
      case .factory:
        instance = registration.cached ?? registration.weakCached.flatMap { isAlive($0) ? $0 : nil }
      }
      guard let instance, instances[instance].service.isDisposable, !instances[instance].isDisposed
      else { return nil }
      return instance
    }

    private mutating func dispose(_ instance: InstanceID) {
      instances[instance].isDisposed = true
      events.append(.disposed(instance))
    }

    // MARK: Shutting down and releasing

    /// Disposes every instance the container caches that is its to dispose, newest first, lets go
    /// of them, and refuses every resolve from then on.
    private mutating func shutdown(_ container: ContainerID) {
      containers[container].isShutDown = true
      let live = registrationTable.indices.filter {
        registrationTable[$0].container == container && registrationTable[$0].isLive
      }
      for instance in live.compactMap(cachedToDispose(by:)).sorted(by: >) { dispose(instance) }
      for id in live {
        registrationTable[id].cached = nil
        registrationTable[id].weakCached = nil
      }
    }

    /// The innermost request ends: its child is shut down, then released.
    private mutating func endRequest() {
      let child = open.removeLast()
      shutdown(child)
      containers[child].isReleased = true
    }

    // MARK: What is alive

    /// The instances something holds: the caller, a live registration of a container not released
    /// (a cached singleton, a pushed mock or value), and what they were built from, transitively.
    private func reachable(adding extra: [InstanceID] = []) -> Set<InstanceID> {
      var roots = held + extra
      for registration in registrationTable
      where registration.isLive && !containers[registration.container].isReleased {
        if let cached = registration.cached { roots.append(cached) }
        if case .prebuilt(let instance, _) = registration.answer { roots.append(instance) }
      }
      var seen: Set<InstanceID> = []
      while let next = roots.popLast() {
        if seen.insert(next).inserted { roots.append(contentsOf: instances[next].dependencies) }
      }
      return seen
    }

    private func isAlive(_ instance: InstanceID) -> Bool { reachable().contains(instance) }

    /// During a root resolve, what its factories hold and its graph instances are alive too.
    private func isAlive(_ instance: InstanceID, during root: RootResolve) -> Bool {
      reachable(adding: root.inFlight + Array(root.graph.values)).contains(instance)
    }

    /// The objects alive now (values have no identity to keep alive), in id order.
    private func alive() -> [InstanceID] {
      reachable().filter { !instances[$0].service.isValue }.sorted()
    }
  }
#endif
