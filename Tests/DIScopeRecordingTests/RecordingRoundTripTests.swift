import DIScope
import DIScopeRecording
import Foundation
import Testing

/// Every kind of event written and read back with its fields.
@Suite struct RecordingRoundTripTests {
  @Test func everyEventKindReadsBackWithItsFields() async throws {
    let path = recordingPath()
    defer { removeRecording(path) }
    let container = Container(name: "app")
    let recorder = try container.record(to: path)
    let loggerToken = container.register(Logger.self) { _ in Logger() }
    container.register(Database.self, name: "main", scope: .prototype) { r in
      // A factory slow enough to time: its own time is most of its build.
      usleep(2_000)
      return Database(logger: try r.resolve(Logger.self))
    }
    _ = try container.resolve(Database.self, name: "main")
    #expect(throws: ResolutionError.self) { try container.resolve(Missing.self) }
    try container.setScope(.prototype, for: loggerToken)
    container.setCaching(false, for: loggerToken)
    let mock = container.mock(Logger.self, with: Logger())
    container.remove(mock)
    container.register(Broken.self, scope: .eager) { _ in throw Boom() }
    container.register(Pool.self) { _ in Pool() }
    _ = try container.resolve(Pool.self)
    container.register(Service.self, scope: .prototype) { r async throws in
      Service(database: try await r.resolve(Database.self, name: "main"))
    }
    _ = try await container.resolveAsync(Service.self)
    try await container.shutdown()
    recorder.stop()

    let recording = try Recording(path: path)
    #expect(recording.rootContainer == "app")
    #expect(recording.tornRecord == nil)
    #expect(recording.entries.first?.sequence == 1)
    expectConsecutive(recording)
    let events = recording.entries.map(\.event)

    guard case .registered(let logger) = events.first(where: { if case .registered = $0 { true } else { false } })
    else { Issue.record("no registration"); return }
    #expect(logger.service == "Logger" && logger.scope == .singleton && logger.container == "app")
    #expect(logger.token == loggerToken.number && logger.isCaching && !logger.isMock)
    #expect(logger.site?.hasPrefix("RecordingRoundTripTests.swift:") == true)

    let database = try #require(steps(recording).first { $0.service == "Database" && $0.name == "main" })
    #expect(database.outcome == .created && database.scope == .prototype && database.depth == 0)
    #expect(database.container == "app" && database.instanceType == "Database")
    let time = try #require(database.buildTime)
    #expect(time.nanoseconds >= 2_000_000 && time.ownNanoseconds >= 2_000_000)
    #expect(time.ownNanoseconds <= time.nanoseconds)
    let loggerStep = try #require(steps(recording).first { $0.service == "Logger" })
    #expect(loggerStep.depth == 1 && loggerStep.outcome == .created && loggerStep.instanceNumber != nil)
    #expect(loggerStep.token == loggerToken.number)

    let failure = try #require(
      events.lazy.compactMap { if case .resolutionFailed(let failure, let container) = $0 { (failure, container) } else { nil } }.first)
    #expect(failure.0.kind == "notRegistered" && failure.0.service == "Missing" && failure.1 == "app")
    #expect(!failure.0.message.isEmpty)

    #expect(events.contains { if case .scopeChanged(let info, let from) = $0 { info.scope == .prototype && from == .singleton } else { false } })
    #expect(events.contains { if case .cachingChanged(let info) = $0 { !info.isCaching } else { false } })
    #expect(events.contains { if case .mockPushed(let info, let under) = $0 { info.isMock && under?.token == loggerToken.number } else { false } })
    #expect(events.contains { if case .removed(let info, let uncovering) = $0 { info.isMock && uncovering?.token == loggerToken.number } else { false } })
    #expect(events.contains { if case .eagerBuildFailed(let info, let error) = $0 { info.service == "Broken" && error.kind == "factoryFailed" } else { false } })
    #expect(events.contains { if case .disposed(let disposal) = $0 { disposal.typeName == "Pool" && disposal.cause == .shutdown && disposal.failure == nil } else { false } })
    #expect(events.contains { if case .container(_, let name) = $0 { name == "app" } else { false } })

    // The async resolution: its steps are a task's, its factory timed too.
    let asyncEntry = try #require(
      recording.entries.first { if case .resolved(let step) = $0.event { step.service == "Service" } else { false } })
    guard case .task = asyncEntry.resolver else { Issue.record("not a task: \(String(describing: asyncEntry.resolver))"); return }
    guard case .resolved(let serviceStep) = asyncEntry.event else { return }
    let serviceTime = try #require(serviceStep.buildTime)
    #expect(serviceTime.nanoseconds >= 2_000_000)
    #expect(serviceTime.ownNanoseconds < serviceTime.nanoseconds)
  }

  /// A child container's steps come with a `container` record the first time, and its name.
  @Test func aChildContainersEventsAreRecorded() throws {
    let path = recordingPath()
    defer { removeRecording(path) }
    let container = Container(name: "server")
    container.register(Logger.self) { _ in Logger() }
    let recorder = try container.record(to: path)
    let request = container.makeChild(named: "request")
    request.register(Database.self, scope: .prototype) { r in Database(logger: try r.resolve(Logger.self)) }
    _ = try request.resolve(Database.self)
    recorder.stop()

    let recording = try Recording(path: path)
    let childSteps = steps(recording).filter { $0.container == "request" }
    #expect(childSteps.map(\.service) == ["Logger", "Database"])
    #expect(childSteps[0].answeringContainer == "server")
    let announced = recording.entries.compactMap {
      if case .container(let number, let name) = $0.event { (number, name) } else { nil }
    }
    #expect(announced.contains { $0.1 == "request" && $0.0 == childSteps[0].containerNumber })
    // Announced by the thread whose step first named it.
    let announcement = try #require(
      recording.entries.first { if case .container(_, "request") = $0.event { true } else { false } })
    let firstStep = try #require(
      recording.entries.first { if case .resolved(let step) = $0.event { step.container == "request" } else { false } })
    #expect(announcement.resolver == firstStep.resolver && announcement.resolver != nil)
    #expect(announcement.sequence + 1 == firstStep.sequence)
    #expect(
      recording.entries.contains {
        if case .registered(let info) = $0.event { info.container == "request" && info.service == "Database" } else { false }
      })
  }

  /// What was registered before recording started comes first, flagged as there at start, in
  /// registration order; what follows happened while recording.
  @Test func registrationsMadeBeforeRecordingAreWrittenFirst() throws {
    let path = recordingPath()
    defer { removeRecording(path) }
    let container = Container(name: "app")
    container.register(Logger.self) { _ in Logger() }
    container.register(Database.self) { r in Database(logger: try r.resolve(Logger.self)) }
    container.register(Logger.self, name: "audit") { _ in Logger() }
    let recorder = try container.record(to: path)
    container.register(Service.self) { r in Service(database: try r.resolve(Database.self)) }
    recorder.stop()

    let registered = try Recording(path: path).entries.compactMap { entry in
      if case .registered(let info) = entry.event { (info.service, info.name, entry.isAtStart) } else { nil }
    }
    #expect(registered.map(\.0) == ["Logger", "Database", "Logger", "Service"])
    #expect(registered.map(\.1) == [nil, nil, "audit", nil])
    #expect(registered.map(\.2) == [true, true, true, false])
  }

  /// The README's example, as it is written there.
  @Test func theReadmeExampleRecordsAndReadsBack() throws {
    let path = recordingPath()
    defer { removeRecording(path) }
    let container = Container(name: "app")
    container.register(Logger.self, scope: .prototype) { _ in Logger() }
    let logged = LockedLog()
    func log(_ time: UInt64, _ event: RecordedEvent) { logged.add("\(event)") }
    // --- README: record ---
    let recorder = try container.record(to: path)   // import DIScopeRecording; or, off unless asked:
    let requested = Recorder.startIfRequested(container)   // DISCOPE_RECORD=/tmp/app.discope-rec ./app
    // later, anywhere, even after the app was killed:
    let recording = try Recording(path: path)
    for entry in recording.entries { log(entry.time, entry.event) }
    // --- end ---
    #expect(requested == nil)  // DISCOPE_RECORD is not set in the tests
    _ = try container.resolve(Logger.self)
    recorder.stop()
    #expect(logged.all.count == 1 && logged.all[0].hasPrefix("registered("))
    #expect(steps(try Recording(path: path)).map(\.service) == ["Logger"])
  }
}

/// Lines logged from a test's local function.
final class LockedLog: @unchecked Sendable {
  // @unchecked: every access goes through `lock`.
  private let lock = NSLock()
  private var lines: [String] = []
  func add(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }
}
