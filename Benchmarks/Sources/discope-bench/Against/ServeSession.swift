import Foundation

/// A build's `discope-bench --serve --only W`, running, which takes a sample when asked: what lets
/// `--against-binary` interleave two builds sample by sample. Started, it sets up the workload and
/// calibrates it; `sample(_:)` asks for one sample of a row; `finish()` ends it and returns its
/// `--tsv` records. Its standard error goes to a file, shown if it fails.
///
/// ```swift
/// let session = try ServeSession(path: bench, arguments: ["--serve", "--only", "W1"])
/// let nanoseconds = try session.sample("DIScope")   // ns/op
/// let records = try session.finish()
/// ```
final class ServeSession {
  struct Failure: Error, CustomStringConvertible {
    let description: String
    /// What the program wrote on standard error.
    let standardError: String
  }

  let path: String
  let arguments: [String]
  private let process = Process()
  private let input = Pipe()
  private let lines: LineReader
  private let errorPath: String
  /// The rows, in the program's order.
  private(set) var names: [String] = []
  private var indices: [String: Int] = [:]

  /// Starts the program and waits until it is ready.
  init(path: String, arguments: [String]) throws {
    self.path = path
    self.arguments = arguments
    errorPath =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("discope-bench-\(UUID().uuidString).err").path
    guard FileManager.default.createFile(atPath: errorPath, contents: nil) else {
      throw Failure(description: "cannot create '\(errorPath)'.", standardError: "")
    }
    let output = Pipe()
    lines = LineReader(output.fileHandleForReading)
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardInput = input
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    try process.run()
    let ready = lines.next()
    guard let ready, ready.hasPrefix("ready\t") else {
      throw failure(ready.map { "answered '\($0)' where 'ready' was due" } ?? "ended before it was ready")
    }
    for _ in 0..<(Int(ready.dropFirst("ready\t".count)) ?? 0) {
      let fields = try record("contender", fields: 3)
      guard let index = Int(fields[1]) else { throw failure("named its rows oddly") }
      names.append(fields[2])
      indices[fields[2]] = index
    }
  }

  deinit {
    if process.isRunning { process.terminate() }
    try? FileManager.default.removeItem(atPath: errorPath)
  }

  /// One sample of row `name`, in ns/op; `nil` if this build has no such row.
  func sample(_ name: String) throws -> Double? {
    guard let index = indices[name] else { return nil }
    try send("sample \(index)")
    let fields = try record("sample", fields: 3)
    guard let value = Double(fields[2]) else { throw failure("answered a sample oddly") }
    return value
  }

  /// Ends the program: what it wrote at the end (`--tsv` records), once it has exited.
  func finish() throws -> String {
    try send("end")
    var records: [String] = []
    while let line = lines.next(), line != "end" { records.append(line) }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw failure("ended with status \(process.terminationStatus)")
    }
    return records.joined(separator: "\n")
  }

  private func send(_ request: String) throws {
    do {
      try input.fileHandleForWriting.write(contentsOf: Data((request + "\n").utf8))
    } catch {
      throw failure("stopped taking requests (\(error))")
    }
  }

  /// The next line, which must be a `kind` record of at least `fields` fields.
  private func record(_ kind: String, fields count: Int) throws -> [String] {
    guard let line = lines.next() else { throw failure("stopped answering") }
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard fields.count >= count, fields[0] == kind else {
      throw failure("answered '\(line)' where a '\(kind)' record was due")
    }
    return fields
  }

  /// What went wrong, with the end of what the program wrote on standard error.
  private func failure(_ what: String) -> Failure {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    let standardError = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    return Failure(
      description: "\(path) \(arguments.joined(separator: " ")) \(what):\n"
        + standardError.split(separator: "\n").suffix(20).joined(separator: "\n"),
      standardError: standardError)
  }
}

/// Lines from a file handle, as they come.
final class LineReader {
  private let handle: FileHandle
  private var buffer = Data()

  init(_ handle: FileHandle) { self.handle = handle }

  /// The next line, without its line break; `nil` at the end of the file.
  func next() -> String? {
    while true {
      if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[buffer.startIndex..<end], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex...end)
        return line
      }
      let chunk = handle.availableData
      guard !chunk.isEmpty else {
        defer { buffer.removeAll() }
        return buffer.isEmpty ? nil : String(decoding: buffer, as: UTF8.self)
      }
      buffer.append(chunk)
    }
  }
}
