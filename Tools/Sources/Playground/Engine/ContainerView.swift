import DIScopeDebug

/// What the panes read of a container, wherever it is: its events as records, its stacks as a
/// snapshot, why a service resolves as it does, and news about the connection. A container in
/// this process is shown through a ``ContainerFeed``; one in a running app, through a
/// ``RemoteView`` over the app's debug server.
///
/// Every method is called on the UI thread and returns at once (a remote view answers from what
/// already arrived), except `explanation(of:)`, which may ask the app.
///
/// ```swift
/// let view = engine.makeView(glyphs: .unicode)
/// for item in view.drain() { print(item.record) }
/// print(view.snapshot()?.registrationCount ?? 0)
/// ```
public protocol ContainerView: AnyObject, Sendable {
  /// Takes every event collected so far, oldest first.
  func drain() -> [FeedItem]
  /// The epoch stamped on events from now on (a replay rebuilt from scratch drops older ones).
  var epoch: Int { get set }
  /// The stacks as they are now; nil when nothing is known yet.
  func snapshot() -> ContainerSnapshot?
  /// Bumped whenever the stacks may have changed without an event saying so: another container
  /// followed (`container use`), a snapshot arrived from the app.
  var snapshotVersion: Int { get }
  /// Why `service` resolves as it does: a title and its lines; nil when there is no such service.
  func explanation(of service: String) -> (title: String, lines: [String])?
  /// Lines about the connection since the last call (`312 events dropped`, `app ended (pid 42)`).
  func takeNotices() -> [String]
  /// Asks for the stacks again (after events were dropped); a local view has nothing to do.
  func refresh()
  /// What this session changed in an attached app and has not changed back, oldest first
  /// (`removed t1 Config -> AppConfig [singleton]`); quitting asks whether to keep it.
  var sessionChanges: [String] { get }
  /// `shop:4242` for an attached app (`shop:4242 ENDED` once it is gone); nil for a local one.
  var connectionLabel: String? { get }
  /// Ends the connection to an attached app; the session's changes are undone unless kept.
  func close(keepingChanges: Bool)
  /// Names to complete that arrived on their own (an attached app's, on attaching); nil when
  /// none arrived since the last call. A local engine's words come with each command's result.
  func takeCompletionWords() -> CompletionWords?
  /// Whether the view follows the container's events: off while no pane is drawn (a line REPL),
  /// so that no event is worded for no one (a session's intake hands the view nothing; a
  /// container with no session is not observed); on again, it follows from then on (pane 1 is
  /// read afresh).
  func follow(events isOn: Bool)
}

extension ContainerView {
  /// A view whose events come whatever it says (an attached app's server sends them).
  public func follow(events isOn: Bool) {}
  public func takeNotices() -> [String] { [] }
  public func refresh() {}
  public var sessionChanges: [String] { [] }
  public var connectionLabel: String? { nil }
  public func close(keepingChanges: Bool) {}
  public func takeCompletionWords() -> CompletionWords? { nil }
}

/// One event for the panes and the epoch it belongs to.
public struct FeedItem: Sendable {
  public var record: EventRecord
  public var epoch: Int

  public init(record: EventRecord, epoch: Int) {
    self.record = record
    self.epoch = epoch
  }
}
