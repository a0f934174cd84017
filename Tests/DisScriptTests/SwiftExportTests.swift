import DisScript
import DisSyntax
import Testing

/// `discope export swift`: the Swift file a script stands for. The lessons' exports themselves
/// compile and run in `LessonExportTests`; these check that they are current, and what the
/// export writes for each kind of command.
@Suite struct SwiftExportTests {
  static let lessons = ScriptFileTests.scripts.filter { $0.contains("/lessons/") }

  @Test(arguments: lessons)
  func theCommittedExportIsCurrent(_ path: String) throws {
    let relative = String(path.dropFirst(repositoryRoot.count + 1))
    let number = String(relative.split(separator: "/").last!.prefix(2))
    let exported = try FileSystem.read(repositoryRoot + "/Tests/LessonExportTests/Lesson\(number).swift")
    let swift = SwiftExport.export(script: try parse(FileSystem.read(path), path: relative), namespace: "Lesson" + number)
    #expect(
      String(decoding: exported, as: UTF8.self) == swift,
      "Tests/LessonExportTests/Lesson\(number).swift is out of date: run Scripts/export-lessons")
  }

  @Test func namespacesComeFromTheFileName() {
    #expect(SwiftExport.namespace(forPath: "Scripts/lessons/01-register-and-resolve.dis") == "Lesson01")
    #expect(SwiftExport.namespace(forPath: "demo/first-steps.dis") == "FirstSteps")
    #expect(SwiftExport.namespace(forPath: "x/__init.dis") == "Init")
  }

  @Test func declarationsBecomeTypesAndResolvesBecomeCalls() throws {
    let swift = try export("""
      protocol Logger
      class ConsoleLogger: Logger
      class WebService(logger: Logger)
      register Logger = ConsoleLogger
      register WebService scope=prototype
      resolve WebService
      expect #2.logger = #1
      ! expect #1.logger = #2
      release #2
      """)
    #expect(swift.contains("  protocol Logger: AnyObject, Sendable {}"))
    #expect(swift.contains(
      "  final class WebService: Sendable {\n    let logger: any Logger\n    init(logger: any Logger) {\n      self.logger = logger\n    }\n  }"))
    #expect(swift.contains(
      "container.register(WebService.self, scope: .prototype) { r in WebService(logger: try r.resolve((any Logger).self)) }"))
    #expect(swift.contains("var instance2: WebService? = try container.resolve(WebService.self)"), "optional: it is let go")
    #expect(swift.contains("let instance1: (any Logger) = instance2!.logger"))
    #expect(swift.contains("#expect((instance2!.logger === instance1))"))
    #expect(swift.contains("instance2 = nil  // release #2"))
    #expect(swift.contains("// the script refuses it: error: ConsoleLogger#1 has no parameter 'logger'"))
    #expect(!swift.contains("ExportRun") && !swift.contains("run."), "the file needs DIScope only")
  }

  @Test func aVariableNothingReadsIsNotDeclared() throws {
    let swift = try export("""
      class A
      register A
      resolve A
      resolve A
      register A
      remove t2
      """)
    #expect(swift.contains("      container.register(A.self) { _ in A() }\n"), "t1 is never read: the call alone")
    #expect(swift.contains("let instance1 = try container.resolve(A.self)"))
    #expect(swift.contains("#expect(try container.resolve(A.self) === instance1)"), "the second resolve answers #1 again")
    #expect(swift.contains("let t2 = container.register(A.self) { _ in A() }"))
    #expect(swift.contains("container.remove(t2)"))
  }

  @Test func aContainerFailureIsAnExpectedThrowAndAScriptRefusalAComment() throws {
    let swift = try export("""
      class WebService(logger: Logger)
      protocol Logger
      register WebService
      ! resolve WebService
      ! resolve Missing
      ! remove t9
      """)
    #expect(swift.contains("#expect(throws: (any Error).self) { _ = try container.resolve(WebService.self) }"))
    #expect(swift.contains("// the script refuses it: error: unknown service 'Missing' (no Swift: it would not compile)"))
    #expect(swift.contains("// the script refuses it: error: no registration 't9'"))
  }

  @Test func aMockIsPushedWithMockWith() throws {
    let swift = try export("""
      protocol Logger
      class ConsoleLogger: Logger
      class WebService(logger: Logger)
      register Logger = ConsoleLogger
      register WebService
      mock Logger
      mock WebService
      unmock Logger
      """)
    #expect(swift.contains("let t3 = container.mock((any Logger).self, with: MockLogger())"))
    #expect(swift.contains("container.mock(WebService.self, with: MockWebService())"))
    #expect(swift.contains("container.remove(t3)"))
    #expect(swift.contains("  final class MockLogger: Logger {}"))
    // A mock subclass is built empty, as the script's is: WebService's dependencies may be nil.
    #expect(swift.contains("    let logger: (any Logger)!\n    init(logger: (any Logger)? = nil) {"))
  }

  @Test func aClassDeclaredAgainGetsANewPropertyAndIsRegisteredAgain() throws {
    let swift = try export("""
      protocol ZoneController
      class RFZoneController: ZoneController
      class NoticeManager(zones: ZoneController)
      register ZoneController = RFZoneController
      register NoticeManager
      class NoticeManager(zones: Provider<ZoneController>)
      """)
    #expect(swift.contains("    let zones: (any ZoneController)!\n    let zonesV2: Provider<(any ZoneController)>!"))
    #expect(swift.contains(
      "    init(zones: (any ZoneController)? = nil, zonesV2: Provider<(any ZoneController)>? = nil) {"))
    #expect(swift.contains("var t2 = container.register(NoticeManager.self)"))
    #expect(swift.contains("container.remove(t2)\n      t2 = container.register(NoticeManager.self) { r in NoticeManager(zonesV2: try r.resolve(Provider<(any ZoneController)>.self)) }"))
  }

  /// Releasing a container takes its children with it, newest first, and goes back to its
  /// parent only when the script was in it: as the script does.
  @Test func aReleaseShutsChildrenDownFirstAndKeepsTheCurrentContainerElsewhere() throws {
    let swift = try export("""
      class A
      container child request
      container child inner
      container use root
      container child other
      release container request
      register A
      """)
    #expect(swift.contains("""
      try await inner.shutdown()
            try await request.shutdown()
      """))
    #expect(swift.contains("other.register(A.self)"), "still in 'other'")
  }

  private func export(_ text: String) throws -> String {
    SwiftExport.export(script: try parse(Array(text.utf8), path: "test.dis"), namespace: "Test")
  }

  private func parse(_ bytes: [UInt8], path: String) throws -> Script {
    let parsed = ScriptParser().parse(bytes: bytes, path: path)
    #expect(!parsed.hasErrors, "\(parsed.renderedDiagnostics)")
    return parsed.script
  }
}
