import DIScope
import DIScopeRecording
import Foundation
import Testing

/// A fresh path under the temporary directory, removed by `removeRecording`.
func recordingPath(_ name: String = #function) -> String {
  let safe = name.filter { $0.isLetter || $0.isNumber }
  return FileManager.default.temporaryDirectory
    .appendingPathComponent("recorder-\(safe)-\(UUID().uuidString).discope-rec").path
}

func removeRecording(_ path: String) {
  try? FileManager.default.removeItem(atPath: path)
}

/// The steps of a recording, in order.
func steps(_ recording: Recording) -> [RecordedStep] {
  recording.entries.compactMap { if case .resolved(let step) = $0.event { step } else { nil } }
}

/// Checks that the entries are numbered one after another, and timed in order.
func expectConsecutive(
  _ recording: Recording, sourceLocation: SourceLocation = #_sourceLocation
) {
  for (earlier, later) in zip(recording.entries, recording.entries.dropFirst()) {
    #expect(later.sequence == earlier.sequence + 1, sourceLocation: sourceLocation)
    #expect(later.time >= earlier.time, sourceLocation: sourceLocation)
  }
}

final class Logger: Sendable {}
final class Database: Sendable {
  let logger: Logger
  init(logger: Logger) { self.logger = logger }
}
final class Service: Sendable {
  let database: Database
  init(database: Database) { self.database = database }
}
struct Missing: Sendable {}
struct Broken: Sendable {}
struct Boom: Error {}

/// Disposed at shutdown, once.
final class Pool: Disposable, Sendable {
  func dispose() throws {}
}
