import DIScope
import DIScopeRecording
import Foundation
import Testing

/// The example server records when `DISCOPE_RECORD` is set: killed with SIGKILL while it serves
/// requests, it leaves a recording of its registrations, its resolutions with their factories'
/// times, and its request children.
@Suite(.serialized, .enabled(if: AttachBinaries.server != nil, "example-server is not built"))
struct ExampleServerRecordingTests {
  @Test func theExampleServerRecordsWhenAsked() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = "\(directory)/shop.discope-rec"
    let app = try ServedApp(
      directory: directory, environment: ["DISCOPE_RECORD": path], extraArguments: ["--requests"])
    #expect(app.errors.contains("discope-record: recording shop to \(path)"))
    #expect(waitUntil("three ticks", detail: { app.describe() }) { app.ticks.count >= 3 })
    app.close()  // SIGKILL

    let recording = try Recording(path: path)
    #expect(recording.rootContainer == "shop")
    let registered = recording.entries.compactMap {
      if case .registered(let info) = $0.event { info.service } else { nil }
    }
    #expect(registered.contains("WebService") && registered.contains("ControlContext"))
    let steps = recording.entries.compactMap { if case .resolved(let step) = $0.event { step } else { nil } }
    let context = try #require(steps.first { $0.service == "ControlContext" && $0.outcome == .created })
    let time = try #require(context.buildTime)
    #expect(time.ownNanoseconds <= time.nanoseconds && time.nanoseconds > 0)
    #expect(steps.contains { $0.container == "request" })
    for (earlier, later) in zip(recording.entries, recording.entries.dropFirst()) {
      #expect(later.sequence == earlier.sequence + 1)
    }
  }
}
