import DIScope
import DIScopeRecording
import DIScopeSwinject
import Foundation
import Testing

/// What recording keeps, and where it can start from: a bad path, the Swinject facade.
@Suite struct RecorderLifetimeTests {
  /// Recording keeps no instance alive: a prototype's instance goes as its caller lets it go.
  @Test func recordingKeepsNoInstanceAlive() throws {
    let path = recordingPath()
    defer { removeRecording(path) }
    let container = Container()
    container.register(Logger.self, scope: .prototype) { _ in Logger() }
    container.register(Database.self, scope: .weak) { r in Database(logger: try r.resolve(Logger.self)) }
    let recorder = try container.record(to: path)
    weak var logger: Logger?
    weak var database: Database?
    do {
      let resolved = try container.resolve(Database.self)
      database = resolved
      logger = resolved.logger
      #expect(logger != nil)
    }
    #expect(database == nil)
    #expect(logger == nil)
    recorder.stop()
    #expect(steps(try Recording(path: path)).count == 2)
  }

  /// A recorder let go of stops, and the container is no longer observed.
  @Test func aRecorderLetGoOfStops() throws {
    let path = recordingPath()
    defer { removeRecording(path) }
    let container = Container()
    container.register(Logger.self, scope: .prototype) { _ in Logger() }
    weak var weakRecorder: Recorder?
    do {
      let recorder = try container.record(to: path)
      weakRecorder = recorder
      _ = try container.resolve(Logger.self)
    }
    #expect(weakRecorder == nil)
    _ = try container.resolve(Logger.self)
    #expect(steps(try Recording(path: path)).count == 1)
  }

  /// A file that cannot be made is an error that says where and why; the container goes on.
  @Test func aBadPathIsAClearErrorAndTheContainerGoesOn() throws {
    let container = Container()
    container.register(Logger.self, scope: .prototype) { _ in Logger() }
    let path = "/nonexistent-\(UUID().uuidString)/app.discope-rec"
    do {
      _ = try container.record(to: path)
      Issue.record("recorded to \(path)")
    } catch {
      #expect(error.path == path)
      #expect(error.description == "\(path): cannot create the recording: No such file or directory")
    }
    _ = try container.resolve(Logger.self)
    #expect(container.observerCount == 0)
  }

  /// An app wired through Swinject's API records its DIScope container underneath.
  @Test func aSwinjectFacadeContainerRecords() throws {
    let path = recordingPath()
    defer { removeRecording(path) }
    let swinject = DIScopeSwinject.Container()
    let recorder = try swinject.discope.record(to: path)
    swinject.register(Logger.self) { _ in Logger() }
    swinject.register(Database.self) { r in Database(logger: r.resolve(Logger.self)!) }
    #expect(swinject.resolve(Database.self) != nil)
    recorder.stop()
    let recording = try Recording(path: path)
    #expect(steps(recording).map(\.service) == ["Logger", "Database"])
    #expect(steps(recording).allSatisfy { $0.buildTime != nil && $0.outcome == .created })
    #expect(
      recording.entries.filter { if case .registered = $0.event { true } else { false } }.count == 2)
  }
}
