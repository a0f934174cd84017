import DIScope
import DIScopeDebug
import DisSyntax
import Foundation
import Synchronization

/// Runs commands on the engine away from the UI thread, in order, so typing never waits on the
/// container. Results come back through `takeResults()`, which the event loop polls.
///
/// With `isSynchronous`, jobs run at once on the caller's thread (the line REPL and tests).
///
/// `@unchecked Sendable`: the engine is not thread-safe; it is touched only inside `perform`,
/// which runs on the serial `queue` (or on the only thread, when synchronous). Everything else
/// is behind `results` (a Mutex) or immutable.
final class EngineWorker: @unchecked Sendable {
  /// Work for the engine. `epoch` ties the results to the model state that asked for them.
  enum Job: Sendable {
    /// A command as typed, or read line by line from a script at `site` (`nil`: typed).
    case run(source: String, site: RegistrationSite?, epoch: Int)
    /// A command of a script, written at `site` (`nil`: none).
    case runEntry(Entry, site: RegistrationSite?, epoch: Int)
    /// A fresh engine (a replay stepping back, or `:open`), then `entries` replayed on it.
    case restart(replaying: [(entry: Entry, site: RegistrationSite?)], epoch: Int)
  }

  enum Result: Sendable {
    case outcome(PlaygroundOutcome, epoch: Int)
    /// The job finished; `words` are the completion names as they are now (nil when nothing
    /// completes: reading them costs a walk over every instance held).
    case idle(words: CompletionWords?, pending: Int)
  }

  private let factory: PlaygroundEngineFactory
  private var engine: any PlaygroundEngine
  private let queue = DispatchQueue(label: "discope.playground.engine")
  private let results = Mutex<[Result]>([])
  private let pending = Atomic<Int>(0)
  /// The current engine's view, read by the UI thread while the queue may replace the engine.
  private let currentView: Mutex<any ContainerView>
  private let glyphs: ResolutionTree.Glyphs
  let isSynchronous: Bool
  /// Whether each job ends by reading the completion words. Off for a script read line by line,
  /// where nothing completes: the words list every instance the session holds, and reading them
  /// after each command made a replay quadratic.
  private let reportsCompletionWords = Atomic<Bool>(true)

  init(
    engine: any PlaygroundEngine, factory: @escaping PlaygroundEngineFactory, glyphs: ResolutionTree.Glyphs,
    isSynchronous: Bool = false
  ) {
    self.engine = engine
    self.factory = factory
    self.glyphs = glyphs
    self.isSynchronous = isSynchronous
    currentView = Mutex(engine.makeView(glyphs: glyphs))
  }

  /// What the panes show: the current engine's container.
  var view: any ContainerView { currentView.withLock { $0 } }

  /// Queues a job (or runs it now when synchronous).
  func submit(_ job: Job) {
    pending.add(1, ordering: .relaxed)
    if isSynchronous {
      perform(job)
    } else {
      queue.async { self.perform(job) }
    }
  }

  /// Stops (or starts again) reading the completion words after each job.
  func setReportsCompletionWords(_ reports: Bool) {
    reportsCompletionWords.store(reports, ordering: .relaxed)
  }

  /// Takes the results that arrived, oldest first.
  func takeResults() -> [Result] {
    results.withLock { results in
      defer { results.removeAll(keepingCapacity: true) }
      return results
    }
  }

  /// Waits until every queued job has finished (tests, measurements, the end of a session).
  func waitUntilIdle() {
    if !isSynchronous { queue.sync {} }
  }

  private func perform(_ job: Job) {
    var produced: [Result] = []
    switch job {
    case .run(let source, let site, let epoch):
      view.epoch = epoch
      produced.append(.outcome(engine.run(source, at: site), epoch: epoch))
    case .runEntry(let entry, let site, let epoch):
      view.epoch = epoch
      produced.append(.outcome(engine.run(entry, at: site), epoch: epoch))
    case .restart(let entries, let epoch):
      engine = factory()
      let fresh = engine.makeView(glyphs: glyphs)
      fresh.epoch = epoch
      currentView.withLock { $0 = fresh }
      for (entry, site) in entries { produced.append(.outcome(engine.run(entry, at: site), epoch: epoch)) }
    }
    let left = pending.subtract(1, ordering: .relaxed).newValue
    let words = reportsCompletionWords.load(ordering: .relaxed) ? engine.completionWords : nil
    produced.append(.idle(words: words, pending: left))
    results.withLock { $0 += produced }
  }
}
