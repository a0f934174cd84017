#if ModelTests
  import Foundation

  /// A task executor that runs every job on one thread of its own, so that a path knows which
  /// thread each step runs on: the cooperative pool may resume a task on any of its threads after
  /// an `await`, and which thread resolved what is the very thing some paths compare.
  ///
  /// `withTaskExecutorPreference(executor) { ... }` runs the closure's nonisolated code (the
  /// container's async API included) here, in the same task: no closure outlives the call on
  /// another thread, holding an instance or a container a moment longer than the caller expects.
  ///
  /// `@unchecked Sendable`: `jobs` is touched only under `condition`.
  final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    /// Where a program runs, step by step.
    static let programThread = ThreadExecutor(name: "model-program")
    /// The other thread a path resolves on.
    static let otherThread = ThreadExecutor(name: "model-other")

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    /// The thread's identity, set by the thread itself before it runs any job.
    private var thread: pthread_t?

    private init(name: String) {
      let thread = Thread { [unowned self] in self.serve() }
      thread.name = name
      thread.start()
    }

    /// Whether the caller runs on this executor's thread (a path checks where it resolves).
    var isCurrentThread: Bool {
      condition.lock()
      defer { condition.unlock() }
      return thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
    }

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      condition.lock()
      jobs.append(job)
      condition.signal()
      condition.unlock()
    }

    /// The thread's loop, for the life of the process (the executors are never released).
    private func serve() {
      condition.lock()
      thread = pthread_self()
      condition.unlock()
      while true {
        condition.lock()
        while jobs.isEmpty { condition.wait() }
        let job = jobs.removeFirst()
        condition.unlock()
        job.runSynchronously(on: asUnownedTaskExecutor())
      }
    }
  }
#endif
