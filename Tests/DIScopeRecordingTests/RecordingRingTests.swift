import DIScope
import DIScopeRecording
import Foundation
import Testing

/// The ring: bounded, wrapping, its newest events read back in order; a torn record detected.
@Suite struct RecordingRingTests {
  @Test func aRingThatWrappedReadsBackItsNewestEventsInOrder() throws {
    let path = recordingPath()
    defer { removeRecording(path) }
    let container = Container()
    container.register(Logger.self, scope: .prototype) { _ in Logger() }
    let recorder = try container.record(to: path, ringBytes: 64 * 1024)
    let resolves = 5_000  // about 560 KB of steps: the 64 KiB ring wraps eight times
    for _ in 0..<resolves { _ = try container.resolve(Logger.self) }
    recorder.stop()

    let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
    #expect(size <= 4096 + 1024 * 1024 + 64 * 1024)
    let recording = try Recording(path: path)
    #expect(recording.tornRecord == nil)
    expectConsecutive(recording)
    let numbers = steps(recording).compactMap(\.instanceNumber)
    // The newest: the last step written is the last read, numbered last.
    #expect(numbers.last == numbers.max())
    #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $0 + 1 == $1 })
    #expect(recording.entries.count > 400 && recording.entries.count < resolves)
    // The ring holds as many as fit: at least half of it is records.
    #expect(recording.entries.count * 112 > 32 * 1024)
    // The last record is the last event: the registration there at start, one container
    // record, then one step a resolve.
    #expect(recording.entries.last?.sequence == UInt64(resolves + 2))
  }

  /// A record cut short (the writer killed while copying it) is reported with its offset, and
  /// every record before it reads.
  @Test func aTornLastRecordIsDetectedAndTheRestReads() throws {
    let path = recordingPath()
    defer { removeRecording(path) }
    let container = Container()
    container.register(Logger.self, scope: .prototype) { _ in Logger() }
    let recorder = try container.record(to: path)
    for _ in 0..<10 { _ = try container.resolve(Logger.self) }
    recorder.stop()
    let whole = try Recording(path: path)
    let last = try #require(whole.entries.last)
    // The last record's second half overwritten, as a copy stopped midway leaves it.
    let handle = try #require(FileHandle(forUpdatingAtPath: path))
    try handle.seek(toOffset: UInt64(last.offset + 48))
    handle.write(Data(repeating: 0xA5, count: 40))
    try handle.close()

    let torn = try Recording(path: path)
    #expect(torn.entries.count == whole.entries.count - 1)
    #expect(torn.tornRecord?.offset == last.offset)
    #expect(torn.tornRecord?.path == path)
    #expect(torn.tornRecord?.description.contains("torn record") == true)
  }

  @Test func aFileThatIsNotARecordingIsAnErrorWithItsPath() throws {
    let path = recordingPath()
    defer { removeRecording(path) }
    try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: RecordingError.self) { try Recording(path: path) }
    do { _ = try Recording(path: path) } catch {
      #expect(error.path == path && error.offset == 0)
      #expect(error.description.hasPrefix("\(path):0: not a DIScope recording"))
    }
    do { _ = try Recording(path: path + ".absent") } catch {
      #expect(error.description.contains("cannot open the recording"))
    }
  }
}
