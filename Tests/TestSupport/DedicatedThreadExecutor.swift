import Foundation

/// A task executor whose jobs all run on one thread of its own, which stays alive (and idle)
/// between jobs until `stop()`: a test can so say on which thread a task's resolves run, where
/// the cooperative pool would pick one by chance (and may run the test's next step on the same
/// thread, hiding what a thread left behind).
///
/// ```swift
/// let executor = DedicatedThreadExecutor()
/// defer { executor.stop() }
/// await withTaskExecutorPreference(executor) { ... }
/// ```
public final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
  // @unchecked Sendable: `jobs` and `stopped` are read and written only under `condition`'s lock.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var stopped = false

  public init() {
    let thread = Thread { [self] in run() }
    thread.name = "DedicatedThreadExecutor"
    thread.start()
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Ends the thread once the jobs enqueued so far have run.
  public func stop() {
    condition.lock()
    stopped = true
    condition.signal()
    condition.unlock()
  }

  private func run() {
    while true {
      condition.lock()
      while jobs.isEmpty && !stopped { condition.wait() }
      if jobs.isEmpty {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
