#if ModelTests
  import DIScope
  import Foundation
  import TestSupport

  /// A resolved instance, as it crosses back from whichever thread resolved it.
  enum Resolved: Sendable {
    case object(any Part)
    case value(RequestID)

    var serial: Int {
      switch self {
      case .object(let part): part.serial
      case .value(let value): value.serial
      }
    }
  }

  /// What one resolve came to, and the instance when there is one (for the caller to hold).
  struct Resolution: Sendable {
    let outcome: Outcome
    let instance: Resolved?

    static func answered(_ instance: Resolved) -> Resolution {
      Resolution(outcome: .instance(instance.serial), instance: instance)
    }

    static func failed(_ error: any Error) -> Resolution {
      let outcome: Outcome =
        if let error = error as? ResolutionError { .failed(error.kind) } else { .threw("\(error)") }
      return Resolution(outcome: outcome, instance: nil)
    }
  }

  /// Runs a program on a real container along one path, writing the events the model writes
  /// (the world records what was made and disposed; the runner what each step returned, and the
  /// instances alive at each checkpoint).
  ///
  /// The runner holds nothing the program does not: a container only while it is open (tokens
  /// name theirs weakly), an instance only while the program holds it. So what is alive at a
  /// checkpoint is what the container keeps.
  final class ContainerRunner {
    private final class TokenRef {
      let token: RegistrationToken
      weak var container: Container?
      init(_ token: RegistrationToken, _ container: Container) {
        self.token = token
        self.container = container
      }
    }

    let path: Path
    let world = World()
    /// The open containers, root first (the levels `Op` names).
    private var open: [Container] = []
    private var tokens: [TokenRef] = []
    private var factoryTokens: [TokenRef] = []
    private var held: [Resolved] = []
    private var recorder: TraceRecorder?

    private init(path: Path) { self.path = path }

    /// The events of `program` run along `path`, on the program's own thread.
    static func events(of program: [Op], along path: Path) async -> [Event] {
      await withTaskExecutorPreference(ThreadExecutor.programThread) {
        let runner = ContainerRunner(path: path)
        await runner.run(program)
        return runner.world.events
      }
    }

    private func run(_ program: [Op]) async {
      open = [Container(name: "root")]
      if path.observed { recorder = TraceRecorder(open[0], keepingAtMost: 4) }
      if path.tracksHoldersOnly { open[0].tracksHolders = true }
      var step = 0
      _ = await runSteps(program, from: &step)
      await finish(programLength: program.count)
    }

    /// Runs steps until the program ends, or until an `.endRequest` ends the request this call
    /// runs in (one level of requests per call, so that `withChild`'s body can hold its steps);
    /// returns the step of that `.endRequest`, if any.
    private func runSteps(_ program: [Op], from step: inout Int) async -> Int? {
      while step < program.count {
        let current = step
        let op = program[current]
        step += 1
        switch op {
        case .beginRequest:
          guard open.count <= Op.maximumDepth else { continue }
          let ended = await request { await self.runSteps(program, from: &step) }
          if let ended { world.record(.alive(.afterRequest(step: ended), world.aliveSerials)) }
        case .endRequest:
          if open.count > 1 { return current }
        case .shutdown:
          await apply(op, step: current)
        default:
          await apply(op, step: current)
          // An `async` eager registration builds in a task of its own: done before the step's
          // checkpoint, as the synchronous one is built by its `register` or `setScope`.
          if path.asyncFactories { for container in open { await container.eagerBuildsFinished() } }
          world.record(.alive(.afterStep(current), world.aliveSerials))
        }
      }
      return nil
    }

    /// Runs `body` in a new request, a child of the innermost open container, which is shut
    /// down and released when it returns.
    private func request(_ body: () async -> Int?) async -> Int? {
      switch path.requests {
      case .makeChild:
        open.append(open.last!.makeChild(named: "request"))
        let ended = await body()
        await shutdown(open.removeLast())  // its last reference: released here
        return ended
      case .withChild:
        do {
          return try await open.last!.withChild(named: "request") { child in
            open.append(child)
            defer { open.removeLast() }
            return await body()
          }
        } catch {
          world.record(.unexpected("withChild threw \(error)"))
          return nil
        }
      }
    }

    private func container(at level: Int) -> Container { open[min(level, open.count - 1)] }

    private func apply(_ op: Op, step: Int) async {
      switch op {
      case .register(let service, let scope, let loop, let level):
        let container = container(at: level)
        let token = register(service, scope, loop: loop, in: container)
        tokens.append(TokenRef(token, container))
        factoryTokens.append(tokens.last!)
      case .value(let level):
        let container = container(at: level)
        tokens.append(TokenRef(container.register(RequestID.self, value: RequestID(world: world)), container))
      case .mock(let service, let disposing, let level):
        let container = container(at: level)
        tokens.append(TokenRef(mock(service, disposing: disposing, in: container), container))
      case .resolve(let service, let level, let hold):
        let resolution = await resolve(service, in: container(at: level))
        world.record(.resolved(step: step, service, resolution.outcome))
        if hold, let instance = resolution.instance { held.append(instance) }
      case .remove(let index):
        guard !tokens.isEmpty else { return }
        let ref = tokens[index % tokens.count]
        // A released container's tokens are dead: there is nothing to call `remove` on.
        world.record(.returned(step: step, "remove", ref.container?.remove(ref.token) ?? false))
      case .setScope(let index, let scope):
        guard !factoryTokens.isEmpty else { return }
        let ref = factoryTokens[index % factoryTokens.count]
        do {
          let changed = try ref.container?.setScope(scope, for: ref.token) ?? false
          // Switched to eager, an `async` registration builds in a task: its build is part of
          // the step, as the synchronous one is built before `setScope` returns.
          if path.asyncFactories, let container = ref.container { await container.eagerBuildsFinished() }
          world.record(.returned(step: step, "setScope", changed))
        } catch {
          world.record(.returned(step: step, "setScope threw \(error)", false))
        }
      case .setCaching(let index, let isCaching):
        guard !factoryTokens.isEmpty else { return }
        let ref = factoryTokens[index % factoryTokens.count]
        world.record(.returned(step: step, "setCaching", ref.container?.setCaching(isCaching, for: ref.token) ?? false))
      case .shutdown(let level):
        await shutdown(container(at: level))
        world.record(.alive(.afterShutdown(step: step), world.aliveSerials))
      case .dropHeld:
        held.removeAll()
      case .beginRequest, .endRequest:
        preconditionFailure("requests are run by runSteps")
      }
    }

    /// How every run ends (as `Model.finish`): the requests have ended as `runSteps` returned;
    /// the program lets go of what it held; the root is shut down if the path says so, then
    /// released.
    private func finish(programLength: Int) async {
      held.removeAll()
      world.record(.alive(.end, world.aliveSerials))
      if path.shutsDownAtEnd {
        await shutdown(open[0])
        world.record(.alive(.afterShutdown(step: programLength), world.aliveSerials))
      }
      open.removeAll()  // the root's last reference
      world.record(.alive(.afterRelease, world.aliveSerials))
      recorder = nil
    }

    private func shutdown(_ container: Container) async {
      do {
        if path.synchronousShutdown { try container.shutdownSynchronously() } else { try await container.shutdown() }
      } catch {
        world.record(.unexpected("shutdown threw \(error)"))
      }
    }

    // MARK: The universe's registrations

    private func register(_ service: Service, _ scope: Scope, loop: Bool, in container: Container) -> RegistrationToken {
      if path.asyncFactories { return registerAsync(service, scope, loop: loop, in: container) }
      let world = self.world
      // Each factory resolves its dependencies in `Service.dependencies` order (Swift evaluates
      // arguments left to right).
      switch service {
      case .config:
        return container.register(Config.self, scope: scope) { r in
          Config(world: world, handler: loop ? try r.resolve(Handler.self) : nil)
        }
      case .repo:
        return container.register(Repo.self, scope: scope) { r in
          Repo(world: world, config: try r.resolve(Config.self))
        }
      case .audit:
        return container.register(Audit.self, scope: scope) { r in
          Audit(world: world, config: try r.resolve(Config.self), repo: try r.resolve(Repo.self))
        }
      case .handler:
        return container.register(Handler.self, scope: scope) { r in
          Handler(
            world: world, repo: try r.resolve(Repo.self), audit: try r.resolve(Audit.self),
            request: try r.resolve(RequestID.self))
        }
      case .requestID:
        return container.register(RequestID.self, scope: scope) { _ in RequestID(world: world) }
      }
    }

    /// `register`, with `async` factories: the same dependencies, in the same order, awaited.
    private func registerAsync(_ service: Service, _ scope: Scope, loop: Bool, in container: Container) -> RegistrationToken {
      let world = self.world
      switch service {
      case .config:
        return container.register(Config.self, scope: scope) { r in
          Config(world: world, handler: loop ? try await r.resolve(Handler.self) : nil)
        }
      case .repo:
        return container.register(Repo.self, scope: scope) { r in
          Repo(world: world, config: try await r.resolve(Config.self))
        }
      case .audit:
        return container.register(Audit.self, scope: scope) { r in
          let config = try await r.resolve(Config.self)
          return Audit(world: world, config: config, repo: try await r.resolve(Repo.self))
        }
      case .handler:
        return container.register(Handler.self, scope: scope) { r in
          let repo = try await r.resolve(Repo.self)
          let audit = try await r.resolve(Audit.self)
          return Handler(world: world, repo: repo, audit: audit, request: try await r.resolve(RequestID.self))
        }
      case .requestID:
        return container.register(RequestID.self, scope: scope) { _ async in RequestID(world: world) }
      }
    }

    private func mock(_ service: Service, disposing: Bool, in container: Container) -> RegistrationToken {
      switch service {
      case .config: container.mock(Config.self, with: Config(world: world, handler: nil), disposing: disposing)
      case .repo: container.mock(Repo.self, with: Repo(world: world, config: nil), disposing: disposing)
      case .audit: container.mock(Audit.self, with: Audit(world: world, config: nil, repo: nil), disposing: disposing)
      case .handler:
        container.mock(
          Handler.self, with: Handler(world: world, repo: nil, audit: nil, request: nil), disposing: disposing)
      case .requestID: container.mock(RequestID.self, with: RequestID(world: world), disposing: disposing)
      }
    }

    // MARK: Resolving along the path

    private func resolve(_ service: Service, in container: Container) async -> Resolution {
      switch path.resolves {
      case .onProgramThread:
        return Self.resolveSynchronously(service, in: container, expecting: .programThread)
      case .asyncOnProgramThread:
        return await Self.resolveAsync(service, in: container)
      case .onOtherThread:
        return await withTaskExecutorPreference(ThreadExecutor.otherThread) {
          Self.resolveSynchronously(service, in: container, expecting: .otherThread)
        }
      case .asyncOnOtherThread:
        return await withTaskExecutorPreference(ThreadExecutor.otherThread) {
          await Self.resolveAsync(service, in: container)
        }
      case .inDetachedTask:
        // The task gets the container through a box it empties, and leaves its answer there:
        // nothing the task captured outlives it on the pool's thread (a task's closure and result
        // may be freed there a moment after the awaiting side resumes).
        let handoff = Handoff(container)
        let task = Task.detached { handoff.resolve(service) }
        await task.value
        return handoff.take()
      }
    }

    enum Where { case programThread, otherThread, poolThread }

    /// A resolve, checking first that it runs where the path says (else the path would compare
    /// nothing it claims to).
    static func resolveSynchronously(
      _ service: Service, in container: Container, expecting place: Where
    ) -> Resolution {
      let onProgram = ThreadExecutor.programThread.isCurrentThread
      let onOther = ThreadExecutor.otherThread.isCurrentThread
      let isRight =
        switch place {
        case .programThread: onProgram
        case .otherThread: onOther
        case .poolThread: !onProgram && !onOther
        }
      guard isRight else { return Resolution(outcome: .threw("resolved on the wrong thread"), instance: nil) }
      do {
        switch service {
        case .config: return .answered(.object(try container.resolve(Config.self)))
        case .repo: return .answered(.object(try container.resolve(Repo.self)))
        case .audit: return .answered(.object(try container.resolve(Audit.self)))
        case .handler: return .answered(.object(try container.resolve(Handler.self)))
        case .requestID: return .answered(.value(try container.resolve(RequestID.self)))
        }
      } catch {
        return .failed(error)
      }
    }

    private static func resolveAsync(_ service: Service, in container: Container) async -> Resolution {
      do {
        switch service {
        case .config: return .answered(.object(try await container.resolveAsync(Config.self)))
        case .repo: return .answered(.object(try await container.resolveAsync(Repo.self)))
        case .audit: return .answered(.object(try await container.resolveAsync(Audit.self)))
        case .handler: return .answered(.object(try await container.resolveAsync(Handler.self)))
        case .requestID: return .answered(.value(try await container.resolveAsync(RequestID.self)))
        }
      } catch {
        return .failed(error)
      }
    }
  }

  /// A detached task's resolve: the container goes in, the resolution comes out, and the task
  /// keeps neither (see `ContainerRunner.resolve`).
  private final class Handoff: Sendable {
    private struct Slot {
      var container: Container?
      var resolution: Resolution?
    }

    private let slot: Locked<Slot>

    init(_ container: Container) { slot = Locked(Slot(container: container)) }

    func resolve(_ service: Service) {
      let container = slot.withLock { slot in
        defer { slot.container = nil }
        return slot.container!
      }
      let resolution = ContainerRunner.resolveSynchronously(service, in: container, expecting: .poolThread)
      slot.withLock { $0.resolution = resolution }
    }

    func take() -> Resolution {
      slot.withLock { slot in
        defer { slot.resolution = nil }
        return slot.resolution!
      }
    }
  }
#endif
