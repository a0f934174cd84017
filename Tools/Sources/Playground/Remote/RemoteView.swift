import DIScopeDebug
import Synchronization

/// The panes' view of a container in another process: what the app's debug server sent, taken
/// as it arrives. Never waits for the app, except to explain a service (Enter on pane 1).
///
/// Events the server had to drop (this terminal read slower than the app changed) are reported
/// as a notice, and the stacks are asked for again at once, so pane 1 is never left wrong.
public final class RemoteView: ContainerView {
  private struct State {
    var epoch = 0
    var snapshot: ContainerSnapshot?
    var snapshotVersion = 0
    var notices: [String] = []
    var completion: CompletionWords?
    /// Words that arrived with events, not yet handed to the screen.
    var freshCompletion: CompletionWords?
    var sessionChanges: [String] = []
    /// Whether the first change was announced (once a session).
    var hasAnnouncedChanges = false
    var ended: String?
    var isClosed = false
    var leaveReport: LeaveReport?
    /// Whether leaving undoes first and waits, attached, for the rebuild offer (see
    /// `offersRebuild`); then whether it still has to detach.
    var offersRebuild = false
    var awaitsDetach = false
    /// When the stacks were last asked for on a timer: the app's children come and go (a
    /// request's lives milliseconds) with no event saying so.
    var lastChildrenRefresh = ContinuousClock.now
  }

  /// How often pane 1's list of the app's live children is read again.
  static let childrenRefreshPeriod = Duration.seconds(1)

  /// The connection to the app.
  public let client: DebugClient
  private let state = Mutex(State())

  /// What leaving does with the session's changes, said with the first of them: `:quit asks
  /// whether to keep it`. Nil says nothing (a script replayed, whose output is compared).
  public let leavingRule: String?

  public init(client: DebugClient, leavingRule: String? = nil) {
    self.client = client
    self.leavingRule = leavingRule
  }

  public func drain() -> [FeedItem] {
    let updates = client.takeUpdates()
    return state.withLock { state in
      if let snapshot = updates.snapshot, snapshot != state.snapshot {
        state.snapshot = snapshot
        state.snapshotVersion += 1
      }
      let now = ContinuousClock.now
      if state.ended == nil, now - state.lastChildrenRefresh >= Self.childrenRefreshPeriod {
        state.lastChildrenRefresh = now
        client.refresh()
      }
      if let words = updates.completion {
        state.completion = words
        state.freshCompletion = state.completion
      }
      if updates.dropped > 0 {
        state.notices.append(
          "\(updates.dropped) events dropped (this terminal read slower than the app changed); the stacks are read again")
        client.refresh()
      }
      if let ended = updates.ended, state.ended == nil {
        state.ended = ended.description
        state.notices.append(ended.description + (ended.isAppGone ? "; the panes keep what it showed (:quit leaves)" : ""))
      }
      return updates.events.map { FeedItem(record: $0, epoch: state.epoch) }
    }
  }

  public var epoch: Int {
    get { state.withLock { $0.epoch } }
    set { state.withLock { $0.epoch = newValue } }
  }

  public func snapshot() -> ContainerSnapshot? { state.withLock { $0.snapshot } }

  public var snapshotVersion: Int { state.withLock { $0.snapshotVersion } }

  public func explanation(of service: String) -> (title: String, lines: [String])? {
    guard let reply = try? client.explain(service) else { return nil }
    return reply.lines.isEmpty ? (reply.title, ["the app has no service \(service)"]) : reply
  }

  public func takeNotices() -> [String] {
    state.withLock { state in
      defer { state.notices = [] }
      return state.notices
    }
  }

  public func refresh() { client.refresh() }

  public func takeCompletionWords() -> CompletionWords? {
    state.withLock { state in
      defer { state.freshCompletion = nil }
      return state.freshCompletion
    }
  }

  public var sessionChanges: [String] { state.withLock { $0.ended == nil ? $0.sessionChanges : [] } }

  public var connectionLabel: String? {
    "\(client.app.name):\(client.app.pid)" + (client.app.isReadOnly ? " read-only" : "")
      + (state.withLock { $0.ended } == nil ? "" : " ENDED")
  }

  public func close(keepingChanges: Bool) {
    guard let offersRebuild = state.withLock({ state -> Bool? in
      defer { state.isClosed = true }
      return state.isClosed ? nil : state.offersRebuild
    }) else { return }
    // Undone first, the session still attached, for `rebuild(_:)` and then `detachAfterUndo()`;
    // an app that does not answer is left the usual way.
    if !keepingChanges && offersRebuild, let undone = try? client.undoChanges() {
      state.withLock {
        $0.leaveReport = undone
        $0.awaitsDetach = true
      }
      return
    }
    let report = client.detach(keepChanges: keepingChanges)
    state.withLock { $0.leaveReport = report }
  }

  /// Whether leaving without keeping the changes undoes them first and stays attached, so that
  /// the one leaving may be offered to rebuild what still holds them (see `RebuildOffer`): set by
  /// a client that can ask someone, before it closes.
  public var offersRebuild: Bool {
    get { state.withLock { $0.offersRebuild } }
    set { state.withLock { $0.offersRebuild = newValue } }
  }

  /// Asks the app to rebuild `holders` (from ``leaveReport``, after an undo that stayed
  /// attached); what it did, a line each.
  public func rebuild(_ holders: [HolderToRebuild]) -> [String] {
    do {
      return try client.rebuild(holders)
    } catch {
      return ["not rebuilt: \(error.message)"]
    }
  }

  /// Detaches after an undo that stayed attached; what the detach did (nothing, unless the app
  /// changed something of the session's since), or nil when there was no such undo.
  @discardableResult
  public func detachAfterUndo() -> LeaveReport? {
    guard state.withLock({ state in defer { state.awaitsDetach = false }; return state.awaitsDetach }) else { return nil }
    return client.detach(keepChanges: false)
  }

  /// What the app did about the session's changes as it was left; nil before, or when it did not
  /// say (it was gone).
  public var leaveReport: LeaveReport? { state.withLock { $0.leaveReport } }

  /// What the engine learnt from a command's reply: the words to complete, the session's
  /// changes. Returns what to say with the command: at its first change, once, that it changed
  /// the running app (carried by the command's outcome, so that it is said after the command,
  /// whenever the screen next draws).
  func note(_ reply: DebugClient.Reply) -> String? {
    state.withLock { state in
      state.completion = reply.completion
      state.sessionChanges = reply.outcome.sessionChanges
      guard let leavingRule, !state.hasAnnouncedChanges, !reply.outcome.sessionChanges.isEmpty else {
        return nil
      }
      state.hasAnnouncedChanges = true
      return "note: this changed the running app \(client.app.name) (pid \(client.app.pid)); \(leavingRule)"
    }
  }

  var completionWords: CompletionWords? { state.withLock { $0.completion } }

  /// Why nothing can run any more, once the app is gone.
  var endedReason: String? {
    if let ended = state.withLock({ $0.ended }) { return ended }
    return client.isEnded ? "app ended (pid \(client.app.pid))" : nil
  }
}
