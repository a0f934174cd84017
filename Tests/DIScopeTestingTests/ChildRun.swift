// Shared by DIScopeTestingTests, DIScopeTests and DIScopeSwinjectTests (links there): test targets
// cannot import one another, and a support target for one struct would be a product-less module
// in every build.
import Foundation

/// A program run to its end in a child process, with what it wrote.
struct ChildRun {
  /// The exit status, or the signal that ended it.
  let status: Int32
  /// Whether a signal ended it (a trap ends a Swift program with SIGILL or SIGTRAP).
  let wasSignalled: Bool
  let standardOutput: String
  let standardError: String

  /// Runs `executable` with `arguments`, this process's environment plus `environment`, Swift's
  /// crash backtracer off (its report would follow the program's own message) and no standard
  /// input; output goes to files, so a child writing much to both never blocks on a pipe.
  init(_ executable: String, _ arguments: [String] = [], environment: [String: String] = [:])
    throws
  {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("discope-child-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let outURL = directory.appendingPathComponent("out")
    let errURL = directory.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment
      .merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
      .merging(environment) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()

    status = process.terminationStatus
    wasSignalled = process.terminationReason == .uncaughtSignal
    standardOutput = try String(contentsOf: outURL, encoding: .utf8)
    standardError = try String(contentsOf: errURL, encoding: .utf8)
  }

  /// The directory of the running test binary, where SwiftPM puts every product it builds.
  static var buildDirectory: URL {
    #if os(Linux)
      let binary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0]
      return URL(fileURLWithPath: binary).deletingLastPathComponent()
    #else
      let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") } ?? .main
      return bundle.bundleURL.deletingLastPathComponent()
    #endif
  }

  /// Whether `testBinary` is a program to run: on Linux, where SwiftPM builds tests as one.
  static var canRunTheTestBinary: Bool {
    #if os(Linux)
      true
    #else
      false
    #endif
  }

  /// The running test binary (on Linux, where it is a program).
  static var testBinary: String {
    #if os(Linux)
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0]
    #else
      CommandLine.arguments[0]
    #endif
  }
}
