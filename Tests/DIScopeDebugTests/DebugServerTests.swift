import DIScope
import Foundation
import Synchronization
import Testing

@testable import DIScopeDebug

protocol Greeter: AnyObject, Sendable {}
final class Hello: Greeter {}
final class MockHello: Greeter {}
final class Shop: Sendable {
  let greeter: any Greeter
  init(greeter: any Greeter) { self.greeter = greeter }
}

/// A debug server in this process and clients over its socket: what `discope attach` relies on.
@Suite(.serialized)
struct DebugServerTests {
  /// A container like an app's: a greeter with a mock on standby, a shop over it.
  static func appContainer() -> Container {
    let container = Container(name: "shop")
    container.register(Greeter.self) { _ in Hello() }
    container.registerMock(Greeter.self) { MockHello() }
    container.register(Shop.self, scope: .prototype) { r in Shop(greeter: try r.resolve(Greeter.self)) }
    return container
  }

  /// A fresh private directory for sockets.
  static func directory() -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("discope-test-\(UUID().uuidString.prefix(8))").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Collects the server's log lines.
  final class Log: Sendable {
    let lines = Mutex<[String]>([])
    var record: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
    func contains(_ text: String) -> Bool { lines.withLock { $0.contains { $0.contains(text) } } }
  }

  /// Polls `condition` for up to 10 s.
  /// Polls `condition` until it holds. The deadline is only there to end a test that fails: it
  /// is generous, since a loaded machine (a parallel build, the thread sanitizer) is slow.
  static func eventually(_ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .seconds(120)
    while ContinuousClock.now < deadline {
      if condition() { return true }
      usleepMilliseconds(10)
    }
    return condition()
  }

  @Test func aClientSeesTheStacksAndTheAppsResolutionsOnItsThreads() throws {
    let container = Self.appContainer()
    let server = try DebugServer.start(container, socketPath: Self.directory() + "/app.sock", log: { _ in })
    defer { server.stop() }
    let client = try DebugClient.connect(to: server.socketPath)
    #expect(client.app.name == "shop")
    #expect(client.app.pid == getpid())
    var snapshot: ContainerSnapshot?
    var steps: [StepRecord] = []
    #expect(Self.eventually {
      // Resolved on other threads, as an app's workers would.
      DispatchQueue.concurrentPerform(iterations: 2) { _ in _ = try? container.resolve(Shop.self) }
      let updates = client.takeUpdates()
      snapshot = updates.snapshot ?? snapshot
      steps += updates.events.compactMap { if case .step(let step) = $0 { step } else { nil } }
      // Both steps of one resolution: the client may start following in the middle of one
      // (its Greeter step before, its Shop step after), so a Shop step alone is not enough.
      // Each round resolves again, so a whole resolution comes, however the threads run.
      return snapshot != nil && steps.contains { $0.service == "Shop" && $0.depth == 0 }
        && steps.contains { $0.line.contains("Greeter → Hello#") && $0.depth == 1 }
    })
    let services = snapshot?.lineage.first?.stacks.map(\.service) ?? []
    #expect(services.contains("Greeter") && services.contains("Shop"), "\(services)")
    #expect(steps.contains { $0.line.contains("Greeter → Hello#") && $0.depth == 1 }, "\(steps.map(\.line))")
    client.detach(keepChanges: false)
    #expect(Self.eventually { server.attachedClientCount == 0 })
  }

  @Test func commandsRunInTheAppAndDetachingTakesTheSessionsMocksOut() throws {
    let container = Self.appContainer()
    let server = try DebugServer.start(container, socketPath: Self.directory() + "/app.sock", log: { _ in })
    defer { server.stop() }
    let client = try DebugClient.connect(to: server.socketPath)
    let mocked = try client.run("mock Greeter")
    #expect(!mocked.outcome.isFailure, "\(mocked.outcome.output)")
    #expect(mocked.outcome.sessionChanges.count == 1)
    #expect(try container.resolve(Greeter.self) is MockHello)
    #expect(mocked.completion.services.contains("Greeter"))
    let why = try client.explain("Greeter")
    #expect(why.lines.first?.contains("answers") == true, "\(why.lines)")
    client.detach(keepChanges: false)
    #expect(Self.eventually { (try? container.resolve(Greeter.self)) is Hello })

    let keeper = try DebugClient.connect(to: server.socketPath)
    _ = try keeper.run("mock Greeter")
    keeper.detach(keepChanges: true)
    #expect(Self.eventually { server.attachedClientCount == 0 })
    #expect(try container.resolve(Greeter.self) is MockHello, "a kept mock stays")
  }

  @Test func aReadOnlyServerRefusesChangesAndStillExplains() throws {
    let container = Self.appContainer()
    _ = try container.resolve(Greeter.self)
    let server = try DebugServer.start(container, socketPath: Self.directory() + "/ro.sock", readOnly: true, log: { _ in })
    defer { server.stop() }
    let client = try DebugClient.connect(to: server.socketPath)
    #expect(client.app.isReadOnly)
    let mock = try client.run("mock Greeter").outcome
    #expect(mock.isFailure)
    #expect(mock.output.first?.contains("read-only") == true, "\(mock.output)")
    #expect(try container.resolve(Greeter.self) is Hello)
    let why = try client.run("why Greeter").outcome
    #expect(!why.isFailure && why.output.joined().contains("answers"), "\(why.output)")
    #expect(!(try client.run("resolve Greeter").outcome.isFailure), "a built singleton resolves")
    let build = try client.run("resolve Shop").outcome
    #expect(build.isFailure && build.output.joined().contains("would build"), "\(build.output)")
    for command in ["expect Shop new", "expect Shop is Shop"] {
      let outcome = try client.run(command).outcome
      #expect(outcome.isFailure && outcome.output.first?.contains("read-only") == true, "\(command): \(outcome.output)")
    }
    for command in ["register Greeter = Hello", "remove t1", "scope t1 prototype", "cache t1 off", "reset"] {
      #expect(try client.run(command).outcome.output.first?.contains("read-only") == true, "\(command)")
    }
    client.detach(keepChanges: false)
  }

  @Test func aClientOfAnotherVersionIsRefusedWithBothVersions() throws {
    let log = Log()
    let server = try DebugServer.start(Self.appContainer(), socketPath: Self.directory() + "/v.sock", log: log.record)
    defer { server.stop() }
    let raw = try UnixSocket.connect(to: server.socketPath)
    defer { raw.close() }
    try raw.write(Frame.encode(MessageCoding.encode(ClientMessage.hello(protocolVersion: 99, client: "future", asciiOnly: false))))
    let messages = Self.readMessages(from: raw, until: { if case .refused = $0 { true } else { false } })
    guard case .refused(let reason)? = messages.last else {
      Issue.record("no refusal: \(messages)")
      return
    }
    #expect(reason.contains("protocol \(DebugProtocol.version)") && reason.contains("99"), "\(reason)")
    #expect(Self.eventually { log.contains("speaks protocol 99") })
  }

  @Test func garbageAndHugeFramesDisconnectTheClientAndTheAppGoesOn() throws {
    let log = Log()
    let container = Self.appContainer()
    let server = try DebugServer.start(container, socketPath: Self.directory() + "/g.sock", log: log.record)
    defer { server.stop() }
    for garbage: [UInt8] in [[0xFF, 0xFF, 0xFF, 0xFF, 1, 2], Frame.encode(Array("not json".utf8)), Frame.encode(Array("{\"run\":{}}".utf8))] {
      let raw = try UnixSocket.connect(to: server.socketPath)
      try raw.write(garbage)
      // The server closes the connection: reading ends.
      #expect(Self.eventually { raw.wait(forReading: true, milliseconds: 10) && ((try? raw.read()) ?? []).isEmpty || Self.drained(raw) })
      raw.close()
    }
    #expect(Self.eventually { log.contains("protocol error") })
    #expect(try container.resolve(Shop.self).greeter is Hello)
    let client = try DebugClient.connect(to: server.socketPath)
    #expect(try client.run("show stacks").outcome.isFailure == false)
    client.detach(keepChanges: false)
  }

  @Test func aClientThatNeverReadsLosesEventsAndNeverBlocksAResolve() throws {
    let container = Self.appContainer()
    let server = try DebugServer.start(container, socketPath: Self.directory() + "/slow.sock", log: { _ in })
    defer { server.stop() }
    let raw = try UnixSocket.connect(to: server.socketPath)
    defer { raw.close() }
    try raw.write(Frame.encode(MessageCoding.encode(ClientMessage.hello(protocolVersion: DebugProtocol.version, client: "slow", asciiOnly: false))))
    #expect(Self.eventually { server.attachedClientCount == 1 })
    usleepMilliseconds(100)
    // Far more events than the socket's buffer and the queue hold, with nobody reading.
    // They all finish although nobody reads: had a resolve waited for the client, the first full
    // socket buffer would have stopped this loop for good. (No bound on how fast: under the
    // thread sanitizer on a loaded machine 60,000 observed resolves take tens of seconds; that
    // the events were dropped, not waited for, is what the counts below show.)
    // Every event the app made, as an observer that is never paused counts them.
    let emitted = Counter()
    let counting = container.observe { _ in emitted.add() }
    for _ in 0..<60_000 { _ = try container.resolve(Shop.self) }
    counting.cancel()
    // What the client finds when it reads at last: the events that fitted, then how many did not
    // (the server's intake, this client's only, was paused while its queue was full: the
    // container built none of them, and counted each). Read until every event is accounted for: a quiet pause is no sign
    // of the end on a loaded machine, where the server may take a while to write.
    Self.expectEveryEventDeliveredOrDropped(from: raw, emitted: emitted.value)
  }

  /// Reads `socket` until each of the `emitted` events was delivered or counted dropped, and
  /// expects each counted once, more than a thousand of them dropped (a client that never read).
  static func expectEveryEventDeliveredOrDropped(
    from socket: UnixSocket, emitted: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var dropped = 0
    var delivered = 0
    _ = readMessages(from: socket, until: { message in
      switch message {
      case .dropped(let count): dropped += count
      case .events(let events): delivered += events.count
      default: break
      }
      return delivered + dropped >= emitted
    })
    #expect(dropped > 1000, "dropped \(dropped), delivered \(delivered)", sourceLocation: sourceLocation)
    #expect(
      delivered + dropped == emitted, "every event delivered or counted dropped, once", sourceLocation: sourceLocation)
  }

  /// A request that arrives with the client's own detach (or as it is cut off) runs nothing:
  /// a session made after the cleanup would leave its mock in the app for good.
  @Test func aRequestBehindADetachLeavesNoMockBehind() throws {
    let container = Self.appContainer()
    let server = try DebugServer.start(container, socketPath: Self.directory() + "/late.sock", log: { _ in })
    defer { server.stop() }
    let raw = try UnixSocket.connect(to: server.socketPath)
    defer { raw.close() }
    let messages: [ClientMessage] = [
      .hello(protocolVersion: DebugProtocol.version, client: "late", asciiOnly: false), .detach(keepChanges: false),
      .run(id: 1, source: "mock Greeter"),
    ]
    try raw.write(messages.flatMap { Frame.encode(MessageCoding.encode($0)) })
    #expect(Self.eventually { server.attachedClientCount == 0 })
    usleepMilliseconds(200)
    #expect(try container.resolve(Greeter.self) is Hello)
  }

  @Test func aClientThatDripsBytesIsStillCutAtTheHelloDeadline() throws {
    let log = Log()
    let server = try DebugServer.start(
      Self.appContainer(), socketPath: Self.directory() + "/drip.sock", readOnly: false, helloTimeout: .milliseconds(400),
      log: log.record)
    defer { server.stop() }
    let raw = try UnixSocket.connect(to: server.socketPath)
    defer { raw.close() }
    // A length of 1 MiB, then a byte every 100 ms: never a whole frame, never a quiet 200 ms.
    try raw.write([0, 16, 0, 0])
    let deadline = ContinuousClock.now + .seconds(120)
    while !log.contains("no hello"), ContinuousClock.now < deadline {
      try? raw.write([0x7B])
      usleepMilliseconds(100)
    }
    #expect(log.contains("no hello"))
  }

  @Test func aClientThatNeverSaysHelloIsDisconnected() throws {
    let log = Log()
    let server = try DebugServer.start(
      Self.appContainer(), socketPath: Self.directory() + "/mute.sock", readOnly: false, helloTimeout: .milliseconds(300),
      log: log.record)
    defer { server.stop() }
    let raw = try UnixSocket.connect(to: server.socketPath)
    defer { raw.close() }
    #expect(Self.eventually { log.contains("no hello") })
  }

  @Test func startingTwiceStaleSocketsAndStopping() throws {
    let directory = Self.directory()
    let container = Self.appContainer()
    let path = directory + "/app.sock"
    // A socket left by a process that is gone: a file nobody listens on.
    let stale = try UnixSocket.listen(at: path)
    stale.close()
    #expect(FileManager.default.fileExists(atPath: path))
    let server = try DebugServer.start(container, socketPath: path, log: { _ in })
    #expect(throws: DebugServerError.self) { try DebugServer.start(container, socketPath: directory + "/other.sock", log: { _ in }) }
    #expect(throws: DebugServerError.self) { try DebugServer.start(Self.appContainer(), socketPath: path, log: { _ in }) }
    _ = FileManager.default.createFile(atPath: directory + "/file", contents: Data())
    do {
      _ = try DebugServer.start(Self.appContainer(), socketPath: directory + "/file", log: { _ in })
      Issue.record("served over a regular file")
    } catch {
      #expect(error.message.contains("not a socket"), "\(error)")
    }
    var mode = stat()
    #expect(lstat(path, &mode) == 0 && mode.st_mode & 0o777 == 0o600)
    let client = try DebugClient.connect(to: path)
    server.stop()
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(
      Self.eventually {
        guard case .bye(let reason, _) = client.takeUpdates().ended else { return false }
        return reason.contains("stopped its debug server")
      })
    #expect(throws: DebugClientError.self) { try client.run("show stacks") }
    // Stopped, the container may be served again.
    let again = try DebugServer.start(container, socketPath: path, log: { _ in })
    again.stop()
  }

  @Test func startIfRequestedStartsOnlyWithTheVariable() throws {
    unsetenv("DISCOPE_ATTACH")
    #expect(try DebugServer.startIfRequested(Self.appContainer(), socketPath: Self.directory() + "/a.sock") == nil)
  }

  /// A directory made while the umask is 0177 (another thread binding a socket) comes out 0600,
  /// which nobody can search: preparing it must still leave it exactly 0700.
  @Test func aSocketDirectoryMadeUnderANarrowUmaskIsStill0700() throws {
    let directory = SocketDirectory(path: Self.directory() + "/narrow")
    let old = umask(0o177)
    let prepared = Result { try directory.prepare() }
    umask(old)
    try prepared.get()
    var info = stat()
    #expect(lstat(directory.path, &info) == 0 && info.st_mode & 0o777 == 0o700)
  }

  /// Servers binding at once each set the umask to 0177 around their bind: interleaved, the last
  /// to restore it could leave 0177 for the whole process.
  @Test func bindsAtOnceLeaveTheUmaskAsItWas() throws {
    let directory = Self.directory()
    let before = umask(0o022)
    umask(before)
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      for round in 0..<25 {
        let path = "\(directory)/b\(index)-\(round).sock"
        if let socket = try? UnixSocket.listen(at: path) {
          socket.close()
          unlink(path)
        }
      }
    }
    let after = umask(before)
    #expect(after == before)
  }

  @Test func theSocketDirectoryIsPrivateAndListsLiveApps() throws {
    let directory = SocketDirectory(path: Self.directory() + "/discope")
    try directory.prepare()
    var info = stat()
    #expect(lstat(directory.path, &info) == 0 && info.st_mode & 0o777 == 0o700)
    chmod(directory.path, 0o755)
    try directory.prepare()
    #expect(lstat(directory.path, &info) == 0 && info.st_mode & 0o777 == 0o700, "made private again")
    #expect(directory.socketPath(name: "we/ird name", pid: 42).hasSuffix("/we_ird_name-42.sock"))
    let server = try DebugServer.start(
      Self.appContainer(), socketPath: directory.socketPath(name: "shop", pid: getpid()), log: { _ in })
    defer { server.stop() }
    // A socket whose process is gone (no process has pid 2^22 + 1 on Linux's default pid_max).
    let dead = directory.socketPath(name: "gone", pid: 4_194_305)
    try UnixSocket.listen(at: dead).close()
    let apps = directory.attachableProcesses()
    #expect(apps.map(\.name) == ["shop"] && apps.first?.pid == getpid(), "\(apps)")
    #expect(!FileManager.default.fileExists(atPath: dead), "the dead app's socket is cleaned up")
  }

  // MARK: Helpers

  /// Reads and decodes server messages until `stop` matches one, nothing came for `quietAfter`,
  /// or 120 s pass (a deadline for a failing test only).
  static func readMessages(
    from socket: UnixSocket, until stop: (ServerMessage) -> Bool, quietAfter: Duration = .seconds(120)
  ) -> [ServerMessage] {
    var decoder = FrameDecoder()
    var messages: [ServerMessage] = []
    let deadline = ContinuousClock.now + .seconds(120)
    var lastArrival = ContinuousClock.now
    while ContinuousClock.now < deadline && ContinuousClock.now - lastArrival < quietAfter {
      guard socket.wait(forReading: true, milliseconds: 100) else { continue }
      lastArrival = ContinuousClock.now
      guard let bytes = try? socket.read(), !bytes.isEmpty else { break }
      decoder.append(bytes)
      while let payload = try? decoder.next(), let message = try? MessageCoding.decode(ServerMessage.self, from: payload) {
        messages.append(message)
        if stop(message) { return messages }
      }
    }
    return messages
  }

  /// Reads what is there; true at the end of the stream.
  static func drained(_ socket: UnixSocket) -> Bool {
    while socket.wait(forReading: true, milliseconds: 10) {
      guard let bytes = try? socket.read(), !bytes.isEmpty else { return true }
    }
    return false
  }
}

/// The client's side of the version check: a server of another version is refused before the
/// client sends anything else.
@Suite struct ClientVersionTests {
  @Test func aServerOfAnotherVersionIsRefusedWithBothVersions() throws {
    let path = DebugServerTests.directory() + "/future.sock"
    let listener = try UnixSocket.listen(at: path)
    defer { listener.close() }
    let identity = AppIdentity(name: "future", pid: 1, executable: "", since: 0, isReadOnly: false, container: "root")
    Thread.detachNewThread {
      guard let peer = listener.accept(waitingUpTo: 5000) else { return }
      try? peer.write(Frame.encode(MessageCoding.encode(ServerMessage.hello(protocolVersion: 99, app: identity))))
      usleepMilliseconds(500)
      peer.close()
    }
    do {
      _ = try DebugClient.connect(to: path)
      Issue.record("a server of protocol 99 was accepted")
    } catch {
      #expect(error.message.contains("protocol 99") && error.message.contains("speaks \(DebugProtocol.version)"), "\(error)")
    }
  }
}

/// Several clients at once: each sees the app's events, each has its own session, and one
/// leaving takes only its own mocks.
@Suite struct SeveralClientsTests {
  @Test func twoClientsWatchAndActApart() throws {
    let container = DebugServerTests.appContainer()
    let server = try DebugServer.start(container, socketPath: DebugServerTests.directory() + "/two.sock", log: { _ in })
    defer { server.stop() }
    let first = try DebugClient.connect(to: server.socketPath)
    let second = try DebugClient.connect(to: server.socketPath)
    #expect(DebugServerTests.eventually { server.attachedClientCount == 2 })
    usleepMilliseconds(100)
    _ = try container.resolve(Shop.self)
    for client in [first, second] {
      var seen: [EventRecord] = []
      #expect(DebugServerTests.eventually {
        seen += client.takeUpdates().events
        return seen.contains { if case .step(let step) = $0 { step.service == "Shop" } else { false } }
      })
    }
    _ = try first.run("protocol Extra")
    #expect(try second.run("show stacks").outcome.isFailure == false)
    #expect(try first.run("mock Greeter").outcome.sessionChanges.count == 1)
    #expect(try second.run("resolve Greeter").outcome.output.first?.hasPrefix("MockHello#") == true, "one container")
    #expect(try second.run("why Greeter").outcome.isFailure == false)
    second.detach(keepChanges: false)
    #expect(DebugServerTests.eventually { server.attachedClientCount == 1 })
    #expect(try container.resolve(Greeter.self) is MockHello, "the second client took none of the first's mocks")
    first.detach(keepChanges: false)
    #expect(DebugServerTests.eventually { (try? container.resolve(Greeter.self)) is Hello })
  }
}

/// Counts from any thread.
final class Counter: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func add() { count.withLock { $0 += 1 } }
}
