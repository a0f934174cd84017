#if ModelTests
  /// One real way through the container that a program is run along: where and how it resolves,
  /// whether anything observes the container, and how requests are made. Every path must write the
  /// model's events (the known defect aside, see `KnownDefects`).
  struct Path: Sendable, CustomStringConvertible {
    enum Resolves: Sendable {
      /// `resolve` on the thread the program runs on.
      case onProgramThread
      /// `resolveAsync`, awaited on the program's thread.
      case asyncOnProgramThread
      /// `resolve` on another thread of its own (a task executor's), the program's thread waiting.
      case onOtherThread
      /// `resolveAsync` on the other thread.
      case asyncOnOtherThread
      /// `resolve` in a `Task.detached`, on whichever thread of the cooperative pool runs it.
      case inDetachedTask
    }

    enum Requests: Sendable {
      /// `makeChild`, then `shutdown()` (or `shutdownSynchronously()`), then the child released.
      case makeChild
      /// `withChild(named:)`, the request's steps run inside its body.
      case withChild
    }

    let name: String
    let resolves: Resolves
    /// Whether a `TraceRecorder` observes the root (and so its children) for the whole run.
    let observed: Bool
    let requests: Requests
    /// Whether shutdowns are `shutdownSynchronously()` (every instance here is `Disposable`, so
    /// it disposes what `shutdown()` would).
    let synchronousShutdown: Bool
    /// Whether the run ends by shutting the root down before releasing it; otherwise it is
    /// released as it is (README: released means released, for a container shut down or not).
    let shutsDownAtEnd: Bool
    /// Whether the universe's factories are `async` (registered with `async` closures that
    /// resolve with `await`), so that the async engine claims, builds, caches and reports the
    /// shared instances itself (`produceAsyncShared`) rather than handing them to the synchronous
    /// one. Only with an `async` way of resolving.
    var asyncFactories = false
    /// Whether the root tracks holders with no observer of its own (`tracksHolders = true`, as a
    /// debug server with no client does): resolves keep the unobserved fast paths except on a
    /// thread building a shared instance, which must see every step.
    var tracksHoldersOnly = false

    /// Whether every resolve runs on the program's own thread, the thread that shuts down: where
    /// the model must hold to the letter, the known defect included.
    var resolvesOnProgramThread: Bool {
      switch resolves {
      case .onProgramThread, .asyncOnProgramThread: true
      case .onOtherThread, .asyncOnOtherThread, .inDetachedTask: false
      }
    }

    var description: String { name }

    static let all: [Path] = [
      // One line a path: its name, then its knobs.
      Path(name: "sync", resolves: .onProgramThread, observed: false, requests: .makeChild, synchronousShutdown: true, shutsDownAtEnd: true),
      Path(name: "async", resolves: .asyncOnProgramThread, observed: false, requests: .makeChild, synchronousShutdown: false, shutsDownAtEnd: false),
      Path(name: "observed", resolves: .onProgramThread, observed: true, requests: .makeChild, synchronousShutdown: false, shutsDownAtEnd: false),
      Path(name: "withChild", resolves: .onProgramThread, observed: false, requests: .withChild, synchronousShutdown: false, shutsDownAtEnd: true),
      Path(name: "other thread", resolves: .onOtherThread, observed: false, requests: .makeChild, synchronousShutdown: false, shutsDownAtEnd: true),
      Path(name: "detached task", resolves: .inDetachedTask, observed: false, requests: .withChild, synchronousShutdown: false, shutsDownAtEnd: false),
      Path(name: "async, other thread, observed, withChild", resolves: .asyncOnOtherThread, observed: true, requests: .withChild, synchronousShutdown: false, shutsDownAtEnd: true),
      Path(name: "tracking holders only", resolves: .onProgramThread, observed: false, requests: .makeChild, synchronousShutdown: false, shutsDownAtEnd: true, tracksHoldersOnly: true),
      Path(name: "tracking holders only, other thread, withChild", resolves: .onOtherThread, observed: false, requests: .withChild, synchronousShutdown: true, shutsDownAtEnd: false, tracksHoldersOnly: true),
      Path(name: "tracking holders only, async factories", resolves: .asyncOnProgramThread, observed: false, requests: .withChild, synchronousShutdown: false, shutsDownAtEnd: true, asyncFactories: true, tracksHoldersOnly: true),
      Path(name: "async factories", resolves: .asyncOnProgramThread, observed: false, requests: .makeChild, synchronousShutdown: false, shutsDownAtEnd: true, asyncFactories: true),
      Path(name: "async factories, other thread, observed, withChild", resolves: .asyncOnOtherThread, observed: true, requests: .withChild, synchronousShutdown: false, shutsDownAtEnd: false, asyncFactories: true),
    ]
  }
#endif
