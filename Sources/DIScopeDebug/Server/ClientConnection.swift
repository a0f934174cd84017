import DIScope
import DIScopeLocked
import DisScript
import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One attached client: a reader thread for its requests, a writer thread for what the app sends
/// it, an outbox in between, and its session (on the server's command queue).
///
/// Whatever the client does (garbage, a frame of 4 GB, silence, a kill -9), the app's threads
/// only ever append to the outbox; the worst a client can do is lose its own events or be
/// disconnected, with the reason logged.
final class ClientConnection: Sendable {
  let id: Int
  private let socket: UnixSocket
  /// The same socket, for the calls that may come after it is closed (see `SocketHandle`).
  private let handle: SocketHandle
  private let server: ServerCore
  private let outbox = ClientOutbox()
  /// The client's session, and whether it has said hello; touched on the command queue only
  /// (the session) or under the lock (the rest).
  private struct State {
    /// The client's subscription to the server's intake, from its hello to its close.
    var subscriber: ServerEvents.Subscriber?
    var isOverAppContainer = false
    var isClosed = false
    var asciiOnly = false
    /// Set by the client's `detach`: it waits for a `left` saying what was undone or kept.
    var isDetaching = false
    var keepChanges = false
  }
  private let state = Locked(State())
  /// `nonisolated(unsafe)`: made on the command queue and only touched there (with its timer).
  nonisolated(unsafe) private var session: AttachedSession?
  /// Lets the session take in the app's events every 100 ms, on the command queue: a session
  /// buffers what the container does between commands, instances included, and a client that
  /// types nothing for an hour (or is stopped with Ctrl-Z) must not make that buffer grow.
  nonisolated(unsafe) private var catchUpTimer: DispatchSourceTimer?
  /// The reader and the writer; the last to end closes the socket.
  private let runningThreads = Atomic<Int>(2)
  /// Requests queued for the command queue and not yet run.
  private let inFlight = Atomic<Int>(0)

  init(id: Int, socket: UnixSocket, server: ServerCore) {
    self.id = id
    self.socket = socket
    handle = SocketHandle(socket)
    self.server = server
  }

  /// Starts the threads; the server's hello goes first.
  func start() {
    outbox.send(.hello(protocolVersion: DebugProtocol.version, app: server.identity))
    guard DetachedThread.start({ [self] in writeLoop() }) else {
      // No thread for it: the connection is refused, the app goes on.
      runningThreads.store(0, ordering: .releasing)
      handle.close()
      server.remove(self)
      return server.log("client \(id) refused: no thread could be made for it")
    }
    guard DetachedThread.start({ [self] in readLoop() }) else {
      close(reason: "no thread could be made to read it", isProtocolError: false)
      handle.shutdown()
      return threadEnded()
    }
  }

  // MARK: Reading

  private func readLoop() {
    defer { threadEnded() }
    var decoder = FrameDecoder()
    let helloDeadline = ContinuousClock.now + server.helloTimeout
    while !state.withLock({ $0.isClosed }) {
      // Checked on every pass: a client that drips a byte at a time must not outlive it.
      if !state.withLock({ $0.isOverAppContainer }), ContinuousClock.now > helloDeadline {
        return close(reason: "no hello within \(server.helloTimeout)", isProtocolError: true)
      }
      // A client that sends requests faster than they run is not read until they have: its
      // requests and their replies must not pile up in the app.
      if inFlight.load(ordering: .acquiring) >= Self.requestsInFlight {
        usleepMilliseconds(5)
        continue
      }
      guard socket.wait(forReading: true, milliseconds: 200) else { continue }
      let bytes: [UInt8]
      do {
        bytes = try socket.read()
      } catch {
        return close(reason: "\(error)", isProtocolError: false)
      }
      guard !bytes.isEmpty else { return close(reason: "the client went away", isProtocolError: false) }
      decoder.append(bytes)
      do {
        while let payload = try decoder.next() {
          handle(try MessageCoding.decode(ClientMessage.self, from: payload))
          if state.withLock({ $0.isClosed }) { return }
        }
      } catch {
        return close(reason: "protocol error: \(error)", isProtocolError: true)
      }
    }
  }

  /// How many of a client's requests may wait for the command queue at once.
  static let requestsInFlight = 4

  private func handle(_ message: ClientMessage) {
    let isOverAppContainer = state.withLock { $0.isOverAppContainer }
    switch message {
    case .hello(let version, let client, let asciiOnly):
      guard !isOverAppContainer else { return }
      guard version == DebugProtocol.version else {
        outbox.send(
          .refused(
            reason: "this app's debug server speaks protocol \(DebugProtocol.version), \(client) speaks \(version): "
              + "use a discope built with the same DIScope version as the app"))
        return close(reason: "it speaks protocol \(version)", isProtocolError: true, afterSending: true)
      }
      attach(asciiOnly: asciiOnly)
    case _ where !isOverAppContainer:
      return close(reason: "protocol error: a request before hello", isProtocolError: true)
    case .run(let id, let source, let site):
      onCommandQueue { [self] session in
        let outcome = session.run(source, at: site?.site)
        outbox.send(.result(id: id, outcome: outcome, completion: session.completion))
        outbox.requestSnapshot()
      }
    case .refresh:
      outbox.requestSnapshot()
    case .explain(let id, let service):
      onCommandQueue { [self] session in
        let lines =
          session.container.explanation(ofServiceNamed: service)?.lines(stale: { StaleText.line($0) }) ?? []
        outbox.send(.explanation(id: id, title: "why \(service)", lines: lines))
      }
    case .undoChanges(let id):
      onCommandQueue { [self] session in
        let report = undo(session, others: server.journals.others(than: self.id))
        outbox.send(.undone(id: id, report: report))
        outbox.requestSnapshot()
      }
    case .rebuild(let id, let holders):
      onCommandQueue { [self] session in
        let lines = session.rebuild(holders)
        server.log("client \(self.id): rebuilt at its word: \(lines.joined(separator: "; "))")
        outbox.send(.rebuilt(id: id, lines: lines))
        outbox.requestSnapshot()
      }
    case .detach(let keepChanges):
      state.withLock {
        $0.isDetaching = true
        $0.keepChanges = keepChanges
      }
      close(reason: "detached", isProtocolError: false, afterSending: true)
    }
  }

  /// Runs `body` with the client's session on the command queue, unless the client has gone by
  /// then: a request that waited behind the client's own detach must not make a new session
  /// (whose changes nothing would undo).
  private func onCommandQueue(_ body: @escaping @Sendable (AttachedSession) -> Void) {
    inFlight.add(1, ordering: .acquiringAndReleasing)
    server.commands.async { [self] in
      defer { inFlight.subtract(1, ordering: .acquiringAndReleasing) }
      guard !state.withLock({ $0.isClosed }) else { return }
      body(attachedSession())
    }
  }

  private func attach(asciiOnly: Bool) {
    state.withLock {
      $0.isOverAppContainer = true
      $0.asciiOnly = asciiOnly
    }
    let outbox = self.outbox
    // The server's one intake, shared by every client: the record is made once for all of them
    // (the step described, a script's instance named by its script type) on the app's thread.
    let subscriber = server.events.subscribe(addingSkipped: { outbox.countSkipped($0) }) { record in
      // On the app's thread: a full queue counts the record and stops there (and tells the
      // intake, paused once every client's queue is full: the next events are not even built).
      if outbox.dropIfFull() { return }
      outbox.push(record)
    }
    let closed = state.withLock { state -> Bool in
      if !state.isClosed { state.subscriber = subscriber }
      return state.isClosed
    }
    if closed || !outbox.fills(from: subscriber) { subscriber.cancel() }
    server.commands.async { [self] in
      guard !state.withLock({ $0.isClosed }) else { return }
      outbox.send(.completion(AttachedSession.completion(of: server.container, events: server.events, glyphs: .unicode)))
    }
    outbox.requestSnapshot()
    server.log("client \(id) attached")
  }

  /// The session, made on the command queue at first use.
  private func attachedSession() -> AttachedSession {
    if let session { return session }
    let made = AttachedSession(
      container: server.container, events: server.events, isReadOnly: server.isReadOnly,
      glyphs: state.withLock { $0.asciiOnly } ? .ascii : .unicode)
    server.journals.add(made.journal, client: id)
    session = made
    let timer = DispatchSource.makeTimerSource(queue: server.commands)
    timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
    timer.setEventHandler { [weak made] in made?.catchUp() }
    timer.resume()
    catchUpTimer = timer
    return made
  }

  // MARK: Writing

  private func writeLoop() {
    defer {
      // Done writing: the reader's poll wakes to the end of the stream and ends too.
      handle.shutdown()
      threadEnded()
    }
    // Events are sent in batches, at most one per period: enough for a screen to follow, and
    // the app's process never encodes more than a queue per period for a client.
    while let batch = outbox.take(waitingUpTo: 50) {
      do {
        try write(batch)
      } catch {
        return close(reason: "\(error)", isProtocolError: false)
      }
    }
  }

  private func write(_ batch: ClientOutbox.Batch) throws(SocketError) {
    let context = EventRecord.Context(glyphs: state.withLock { $0.asciiOnly } ? .ascii : .unicode)
    var bytes: [UInt8] = []
    func add(_ message: ServerMessage) { bytes += Frame.encode(MessageCoding.encode(message)) }
    if batch.dropped > 0 { add(.dropped(count: batch.dropped)) }
    var changesStacks = batch.wantsSnapshot
    var records: [EventRecord] = []
    for arrival in batch.events {
      // A step's instance type is named as the intake named it (a script's class), else as the
      // described step does (the registration's implementation name, else the Swift type's).
      let record = EventRecord(
        arrival.event, context: context, thread: arrival.thread, typeName: arrival.instanceTypeName)
      changesStacks = changesStacks || record.changesStacks
      records.append(record)
      if records.count == DebugProtocol.eventsPerFrame {
        add(.events(records))
        records.removeAll(keepingCapacity: true)
      }
    }
    if !records.isEmpty { add(.events(records)) }
    for reply in batch.replies { add(reply) }
    if changesStacks {
      add(.snapshot(ContainerSnapshot(of: server.container, describingStale: { StaleText.line($0) })))
    }
    if !bytes.isEmpty { try socket.write(bytes) }
  }

  // MARK: Closing

  /// Detaches: the subscription to the server's intake is cancelled (the last one stops the
  /// observation), the session's changes undone (unless kept; a client
  /// that asked to detach hears what was done in `left`), the outbox closed; the writer sends what was queued before (with `afterSending`) and the last of
  /// the two threads closes the socket. Safe to call from any thread, more than once.
  func close(reason: String, isProtocolError: Bool, afterSending: Bool = false) {
    let taken = state.withLock { state -> (ServerEvents.Subscriber?, Bool, Bool)? in
      guard !state.isClosed else { return nil }
      state.isClosed = true
      defer { state.subscriber = nil }
      return (state.subscriber, state.keepChanges, state.isDetaching)
    }
    guard let (subscriber, keepChanges, isDetaching) = taken else { return }
    subscriber?.cancel()
    if isProtocolError {
      server.log("client \(id) disconnected: \(reason)")
    } else {
      server.log("client \(id) detached (\(reason))")
    }
    server.commands.async { [self] in
      // A client that went without asking (a kill, a lost connection) keeps nothing.
      let report = leave(keepingChanges: keepChanges && isDetaching)
      if isDetaching { outbox.send(.left(report)) }
      session = nil
      catchUpTimer?.cancel()
      catchUpTimer = nil
      outbox.close()
      // Unblocks a writer stuck on a client that does not read, and the reader's poll.
      if !afterSending { handle.shutdown() }
    }
  }

  /// Undoes the session's changes, or keeps them; logs what was done. On the command queue.
  private func leave(keepingChanges: Bool) -> LeaveReport {
    guard let session else { return LeaveReport() }
    let others = server.journals.remove(client: id)
    if keepingChanges {
      let kept = session.keepChanges()
      if !kept.isEmpty { server.log("client \(id): kept its changes: \(kept.joined(separator: "; "))") }
      return LeaveReport(kept: kept)
    }
    return undo(session, others: others)
  }

  /// Undoes the session's changes (as it leaves, or at the client's `undoChanges`); logs what was
  /// done. On the command queue.
  private func undo(_ session: AttachedSession, others: [(client: Int, journal: SessionJournal)]) -> LeaveReport {
    let undoing = session.undoChanges(others: others)
    if !undoing.undone.isEmpty { server.log("client \(id): undid its changes: \(undoing.undone.joined(separator: "; "))") }
    if !undoing.notUndone.isEmpty {
      server.log("client \(id): could not undo: \(undoing.notUndone.joined(separator: "; "))")
    }
    if !undoing.stillHolding.isEmpty {
      server.log("client \(id): left instances holding what it put in: \(undoing.stillHolding.joined(separator: "; "))")
    }
    return LeaveReport(
      undone: undoing.undone, notUndone: undoing.notUndone, stillHolding: undoing.stillHolding,
      rebuildable: undoing.rebuildable.map(\.holder))
  }

  /// Called by each of the two threads as it ends: the last one closes the socket (closed
  /// earlier, its number could be reused by the app while the other thread still polls it).
  private func threadEnded() {
    guard runningThreads.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 else { return }
    handle.close()
    server.remove(self)
  }

  /// Ends the connection because the server stops: the client hears why.
  func stop(reason: String) {
    outbox.send(.bye(reason: reason))
    close(reason: reason, isProtocolError: false, afterSending: true)
    // A client that does not read keeps the writer in `send`: give the bye a second, then cut.
    DispatchQueue.global().asyncAfter(deadline: .now() + 1) { [handle] in handle.shutdown() }
  }
}
