import DIScopeCLI
import DisScript
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Captures what a command writes.
final class Captured: Sendable {
  private let out = Mutex("")
  private let err = Mutex("")
  var standardOutput: String { out.withLock { $0 } }
  var standardError: String { err.withLock { $0 } }

  func context(environment: [String: String] = [:], isTerminal: Bool = false) -> CommandContext {
    CommandContext(
      standardOutput: { text in self.out.withLock { $0 += text } },
      standardError: { text in self.err.withLock { $0 += text } },
      environment: environment, isTerminal: isTerminal, cores: 2)
  }
}

/// Runs `discope arguments...` in-process.
func discope(_ arguments: String..., environment: [String: String] = [:], isTerminal: Bool = false)
  -> (status: Int32, output: String, error: String)
{
  let captured = Captured()
  let status = DiscopeCLI.run(arguments, context: captured.context(environment: environment, isTerminal: isTerminal))
  return (status, captured.standardOutput, captured.standardError)
}

func temporaryDirectory() -> String {
  var template = Array("/tmp/discope-cli-XXXXXX".utf8CString)
  _ = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
  return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

func write(_ text: String, to path: String) throws { try FileSystem.writeAtomically(text, to: path) }
func contents(of path: String) throws -> String { String(decoding: try FileSystem.read(path), as: UTF8.self) }

let passingScript = "class A\nregister A\n  + t1  A  [singleton]\n"
let failingScript = "class A\nregister A\n  + t1  A  [weak]\n"

let lessons: String = {
  let path = #filePath
  guard let range = path.firstRange(of: "/Tools/Tests/DIScopeCLITests/") else { return "Scripts/lessons" }
  return String(path[..<range.lowerBound]) + "/Scripts/lessons"
}()

import Foundation
#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Whether `text` is well-formed XML, by Foundation's parser.
struct XMLWellFormedness {
  let isWellFormed: Bool
  let error: String?

  init(_ text: String) {
    let parser = XMLParser(data: Data(text.utf8))
    isWellFormed = parser.parse()
    error = parser.parserError.map { "\($0)" }
  }
}
