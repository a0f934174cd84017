#if ModelTests
  import DIScope
  import TestSupport

  /// The small, fixed world every generated program works in: four classes and a request value,
  /// with fixed dependency edges (Config <- Repo <- Audit, Config <- Audit, Repo + Audit + RequestID
  /// <- Handler). The diamond (Audit needs Config directly and through Repo) is what makes the graph
  /// scope observable; the `loop` variant of Config (it needs a Handler) is what makes cycles.
  enum Service: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case config, repo, audit, handler, requestID

    /// What a factory of this service resolves, in the order it resolves it.
    func dependencies(loop: Bool) -> [Service] {
      switch self {
      case .config: loop ? [.handler] : []
      case .repo: [.config]
      case .audit: [.config, .repo]
      case .handler: [.repo, .audit, .requestID]
      case .requestID: []
      }
    }

    /// A value type: it has no identity of its own to keep alive, and `.weak` treats it as
    /// `.prototype` (see `Scope.weak`).
    var isValue: Bool { self == .requestID }

    /// Whether its instances are `Disposable` (Audit is not, so that disposal is seen to skip it).
    var isDisposable: Bool { self != .audit && self != .requestID }

    var description: String { "." + rawValue }
  }

  /// What one run of a program saw happen to its instances: every instance made (with its
  /// dependencies), every disposal, in the order they happened, and which instances are alive.
  /// Each run has its own world, so runs never count each other's instances.
  ///
  /// `@unchecked Sendable`: its only state is behind `Locked`.
  final class World: @unchecked Sendable {
    private final class WeakBox {
      weak var object: AnyObject?
      init(_ object: AnyObject) { self.object = object }
    }

    private struct State {
      var nextSerial = 1
      var events: [Event] = []
      var tracked: [(serial: Int, box: WeakBox)] = []
    }

    private let state = Locked(State())

    /// Records that an instance of `service` was made from `dependencies`; returns its serial.
    func made(_ service: Service, from dependencies: [Int]) -> Int {
      state.withLock { state in
        let serial = state.nextSerial
        state.nextSerial += 1
        state.events.append(.made(service, serial, from: dependencies))
        return serial
      }
    }

    /// Watches `object` (weakly), for `aliveSerials`.
    func track(_ serial: Int, _ object: AnyObject) {
      let box = WeakBox(object)
      state.withLock { $0.tracked.append((serial, box)) }
    }

    func record(_ event: Event) { state.withLock { $0.events.append(event) } }

    var events: [Event] { state.withLock { $0.events } }

    /// The serials of the tracked objects still alive, in serial order.
    var aliveSerials: [Int] {
      state.withLock { state in state.tracked.filter { $0.box.object != nil }.map(\.serial) }
    }
  }

  /// An instance of the universe: what a resolve hands back, on any thread.
  protocol Part: AnyObject, Sendable {
    var serial: Int { get }
  }

  /// Disposal is recorded in the world's log, in the order it happens.
  protocol LoggedDisposal: Part, Disposable {
    var world: World { get }
  }

  extension LoggedDisposal {
    func dispose() throws { world.record(.disposed(serial)) }
  }

  /// A request's value: identity is its serial, since a value type has no other.
  struct RequestID: Sendable, Hashable {
    let serial: Int
    init(world: World) { serial = world.made(.requestID, from: []) }
  }

  // Each class holds what it was built with (so that its dependencies live as long as it does, as
  // real services' do), and a mock is built with nothing.

  final class Config: LoggedDisposal {
    let world: World
    let serial: Int
    let handler: Handler?
    init(world: World, handler: Handler?) {
      self.world = world
      self.handler = handler
      serial = world.made(.config, from: [handler?.serial].compactMap { $0 })
      world.track(serial, self)
    }
  }

  final class Repo: LoggedDisposal {
    let world: World
    let serial: Int
    let config: Config?
    init(world: World, config: Config?) {
      self.world = world
      self.config = config
      serial = world.made(.repo, from: [config?.serial].compactMap { $0 })
      world.track(serial, self)
    }
  }

  /// Not `Disposable`: a shutdown must skip it.
  final class Audit: Part {
    let serial: Int
    let config: Config?
    let repo: Repo?
    init(world: World, config: Config?, repo: Repo?) {
      self.config = config
      self.repo = repo
      serial = world.made(.audit, from: [config?.serial, repo?.serial].compactMap { $0 })
      world.track(serial, self)
    }
  }

  final class Handler: LoggedDisposal {
    let world: World
    let serial: Int
    let repo: Repo?
    let audit: Audit?
    let request: RequestID?
    init(world: World, repo: Repo?, audit: Audit?, request: RequestID?) {
      self.world = world
      self.repo = repo
      self.audit = audit
      self.request = request
      serial = world.made(.handler, from: [repo?.serial, audit?.serial, request?.serial].compactMap { $0 })
      world.track(serial, self)
    }
  }
#endif
