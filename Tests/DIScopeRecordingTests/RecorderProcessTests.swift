import DIScope
import DIScopeRecording
import Foundation
import Testing

/// The recorder in a process of its own (`Tests/Probes/RecorderProbe`): killed with SIGKILL while
/// it writes, and started from `DISCOPE_RECORD`.
@Suite(.enabled(if: RecorderProbe.isBuilt, "RecorderProbe is not built beside the tests"))
struct RecorderProcessTests {
  /// A process killed with SIGKILL while it records leaves a file that opens: every record up
  /// to the one being written, numbered one after another, the ring wrapped.
  @Test func aProcessKilledMidWriteLeavesARecordingThatOpens() throws {
    let path = recordingPath()
    defer { removeRecording(path) }
    let ringBytes = 256 * 1024
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: RecorderProbe.path)
    probe.arguments = [path, String(ringBytes)]
    let output = Pipe()
    probe.standardOutput = output
    try probe.run()
    // `ready`: the ring has wrapped; the probe goes on resolving, recording every step.
    let line = output.fileHandleForReading.availableData
    #expect(String(decoding: line, as: UTF8.self) == "ready\n")
    usleep(50_000)
    kill(probe.processIdentifier, SIGKILL)
    probe.waitUntilExit()
    #expect(probe.terminationReason == .uncaughtSignal && probe.terminationStatus == SIGKILL)

    let recording = try Recording(path: path)
    #expect(recording.rootContainer == "probe")
    expectConsecutive(recording)
    // Wrapped: the oldest records went.
    #expect(try #require(recording.entries.first).sequence > 1)
    // A full ring's worth: at most one record lost at the end (the one being written), and
    // whatever room the last lap left unused.
    #expect(recording.entries.count * 112 > ringBytes / 2)
    let jobs = steps(recording).filter { $0.service == "Job" }.compactMap(\.instanceNumber)
    #expect(zip(jobs, jobs.dropFirst()).allSatisfy { $0 + 1 == $1 })
  }

  /// `DISCOPE_RECORD=FILE` is read at start (`Recorder.startIfRequested`).
  @Test func discopeRecordIsReadAtStart() throws {
    let path = recordingPath()
    defer { removeRecording(path) }
    let run = try RecorderProbe.run(environment: ["DISCOPE_RECORD": path, "DISCOPE_RECORD_SIZE": "128K"])
    #expect(run.status == 0 && run.output == "done\n")
    #expect(run.error.contains("recording probe to \(path) (a ring of 131072 bytes)"))
    let recording = try Recording(path: path)
    #expect(recording.ringCapacity == 128 * 1024)
    #expect(steps(recording).filter { $0.service == "Job" }.count == 100)
  }

  /// A `DISCOPE_RECORD` that cannot be written is said on standard error, and the app runs on.
  @Test func aBadDiscopeRecordIsReportedAndTheAppRunsOn() throws {
    let path = "/nonexistent-\(UUID().uuidString)/app.discope-rec"
    let run = try RecorderProbe.run(environment: ["DISCOPE_RECORD": path])
    #expect(run.status == 0 && run.output == "done\n")
    #expect(
      run.error == "discope-record: not recording: \(path): cannot create the recording: No such file or "
        + "directory. To fix, set DISCOPE_RECORD to a file in a writable directory.\n")
  }

  /// Without `DISCOPE_RECORD`, nothing is recorded and nothing said.
  @Test func withoutDiscopeRecordNothingIsRecorded() throws {
    let run = try RecorderProbe.run(environment: [:])
    #expect(run.status == 0 && run.output == "done\n" && run.error.isEmpty)
  }
}

/// The probe program, built beside the test binary.
enum RecorderProbe {
  static var path: String {
    #if os(Linux)
      let binary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0]
    #else
      let binary = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundlePath ?? CommandLine.arguments[0]
    #endif
    return URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("RecorderProbe").path
  }

  static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: path) }

  /// Runs `RecorderProbe --environment` with `environment` over this process's, without
  /// DISCOPE_RECORD unless given.
  static func run(environment: [String: String]) throws -> (status: Int32, output: String, error: String) {
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: path)
    probe.arguments = ["--environment"]
    var merged = ProcessInfo.processInfo.environment
    merged["DISCOPE_RECORD"] = nil
    merged["DISCOPE_RECORD_SIZE"] = nil
    probe.environment = merged.merging(environment) { $1 }
    let output = Pipe()
    let error = Pipe()
    probe.standardOutput = output
    probe.standardError = error
    try probe.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    probe.waitUntilExit()
    return (probe.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
  }
}
