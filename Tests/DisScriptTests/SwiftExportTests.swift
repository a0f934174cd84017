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
      """)
    #expect(swift.contains("  protocol Logger: AnyObject, Sendable {}"))
    #expect(swift.contains(
      "  final class WebService: Sendable {\n    let logger: (any Logger)!\n    init(logger: (any Logger)? = nil) {\n      self.logger = logger\n    }\n  }"))
    #expect(swift.contains(
      "run.tokens[2] = run.root.register(WebService.self, scope: .prototype) { r in WebService(logger: try r.resolve((any Logger).self)) }"))
    #expect(swift.contains("run.held[2] = try run.root.resolve(WebService.self) as AnyObject"))
    #expect(swift.contains("run.held[1] = (run.held[2] as! WebService).logger! as AnyObject"))
    #expect(swift.contains("#expect(((run.held[2] as! WebService).logger === run.held[1]))"))
    #expect(swift.contains("// the script refuses it: error: ConsoleLogger#1 has no parameter 'logger'"))
  }

  @Test func aContainerFailureIsAnExpectedThrowAndAScriptRefusalAComment() throws {
    let swift = try export("""
      class WebService(logger: Logger)
      protocol Logger
      register WebService
      ! resolve WebService
      ! resolve Missing
      """)
    #expect(swift.contains("#expect(throws: (any Error).self) { _ = try run.root.resolve(WebService.self) }"))
    #expect(swift.contains("// the script refuses it: error: unknown service 'Missing' (no Swift: it would not compile)"))
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
    #expect(swift.contains("run.root.remove(run.tokens[2]!)\n      run.tokens[2] = run.root.register(NoticeManager.self) { r in NoticeManager(zonesV2: try r.resolve(Provider<(any ZoneController)>.self)) }"))
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
      try? run.containers["inner"]!.shutdownSynchronously()
            run.containers["inner"] = nil
            try? run.containers["request"]!.shutdownSynchronously()
            run.containers["request"] = nil
      """))
    #expect(swift.contains("run.tokens[1] = run.containers[\"other\"]!.register(A.self)"), "still in 'other'")
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
