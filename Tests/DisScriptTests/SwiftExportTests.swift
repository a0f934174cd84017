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
    // #1 is the singleton the container holds: asked of it, so that the check is a real one.
    #expect(swift.contains("let instance1: (any Logger) = try container.resolve((any Logger).self)"))
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
    #expect(swift.contains("let mockLogger = MockLogger()\n      let t3 = container.mock((any Logger).self, with: mockLogger)"))
    #expect(swift.contains("let mockWebService = MockWebService()\n      container.mock(WebService.self, with: mockWebService)"))
    #expect(swift.contains("container.remove(t3)"))
    #expect(swift.contains("  final class MockLogger: Logger {}"))
    // A mock subclass is built empty, as the script's is: WebService's dependencies may be nil.
    #expect(swift.contains("    let logger: (any Logger)!\n    init(logger: (any Logger)? = nil) {"))
  }

  /// A class declared again in another shape is a second Swift class, and so is each class that
  /// names it; their registrations are made again with the new classes.
  @Test func aClassDeclaredAgainIsASecondClassAndIsRegisteredAgain() throws {
    let swift = try export("""
      protocol ZoneController
      class RFZoneController(notices: NoticeManager): ZoneController
      class NoticeManager(zones: ZoneController)
      register ZoneController = RFZoneController
      register NoticeManager
      class NoticeManager(zones: Provider<ZoneController>)
      """)
    #expect(swift.contains("  final class NoticeManager: Sendable {\n    let zones: any ZoneController\n    init(zones: any ZoneController) {"))
    #expect(swift.contains(
      "  final class NoticeManagerV2: Sendable {\n    let zones: Provider<(any ZoneController)>\n    init(zones: Provider<(any ZoneController)>) {"))
    #expect(swift.contains("  final class RFZoneControllerV2: ZoneController {\n    let notices: NoticeManagerV2\n"))
    #expect(swift.contains(
      "container.remove(t2)\n      t2 = container.register(NoticeManagerV2.self) { r in NoticeManagerV2(zones: try r.resolve(Provider<(any ZoneController)>.self)) }"))
    #expect(swift.contains(
      "t1 = container.register((any ZoneController).self) { r in RFZoneControllerV2(notices: try r.resolve(NoticeManagerV2.self)) }"))
  }

  /// Issue 44: a provider with a runtime argument, its class declared again, exports as Swift
  /// that passes the argument: the provider's type names it, the factory takes it.
  @Test func aProviderWithARuntimeArgumentPassesIt() throws {
    let swift = try export("""
      protocol Analytics
      class ConsoleAnalytics: Analytics
      class UserDetails(analytics: Analytics)
      class ProfileScreen(details: UserDetails)
      register Analytics = ConsoleAnalytics
      register UserDetails scope=prototype
      register ProfileScreen
      class UserDetails(user: arg String, analytics: Analytics)
      register UserDetails scope=prototype
      class ProfileScreen(details: Provider<UserDetails, String>)
      resolve ProfileScreen
      call #1.details user=ann
      expect #3.user = "ann"
      expect UserDetails is UserDetails
      """)
    #expect(swift.contains(
      "container.register(UserDetailsV2.self, scope: .prototype) { (r: Resolver, user: String) in UserDetailsV2(user: user, analytics: try r.resolve((any Analytics).self)) }"))
    #expect(swift.contains("    let details: Provider<UserDetailsV2, String>\n"))
    #expect(swift.contains(
      "#expect((type(of: try container.resolvingWithoutSideEffects { try container.resolve(UserDetailsV2.self, arguments: \"\") }) == UserDetailsV2.self))"),
      "a class with runtime arguments is looked at with placeholders")
    #expect(swift.contains("let instance3 = try instance1.details(\"ann\")"))
    #expect(swift.contains("#expect((instance3.user == \"ann\"))"))
  }

  /// `expect S new` and `cached` ask `isCached`, which builds and keeps nothing, as the script's
  /// `expect` does: two resolves would cache, or keep alive, what they compare.
  @Test func freshnessIsAskedWithoutResolving() throws {
    let swift = try export("""
      class ContentCache
      register ContentCache scope=weak
      resolve ContentCache
      expect ContentCache cached
      release #1
      expect ContentCache new
      ! expect ContentCache cached
      """)
    #expect(swift.contains("var instance1: ContentCache? = try container.resolve(ContentCache.self)"))
    #expect(swift.contains("#expect(try container.isCached(ContentCache.self))"))
    #expect(swift.contains("withExtendedLifetime(instance1) {}\n      instance1 = nil  // release #1"), "held until released")
    #expect(swift.contains("#expect(try !container.isCached(ContentCache.self))\n      // ! expect ContentCache cached\n      #expect(try !container.isCached("))
  }

  /// What the script asserts, `!` or not, is what the Swift asserts: flipped, both fail.
  @Test func theScriptsBangIsWhatTheSwiftAsserts() throws {
    let swift = try export("""
      class A
      register A
      ! expect A is A
      ! resolve A
      """)
    #expect(swift.contains(
      "#expect(!(type(of: try container.resolvingWithoutSideEffects { try container.resolve(A.self) }) == A.self))"))
    #expect(swift.contains("#expect(throws: (any Error).self) { _ = try container.resolve(A.self) }"))
  }

  /// An instance reached only through what holds it is checked by its class, not against itself.
  @Test func anInstanceReachedOnlyThroughItsHolderIsCheckedByItsClass() throws {
    let swift = try export("""
      class Session
      class LoginForm(session: Session)
      register Session scope=prototype
      register LoginForm scope=prototype
      resolve LoginForm
      expect #2.session = #1
      """)
    #expect(swift.contains("#expect((type(of: instance2.session) == Session.self))  // #1: reached only through here"))
  }

  /// A mock's instance is checked against the mock itself; `shares` follows the members.
  @Test func whatInstancesHoldIsCheckedAgainstTheMockAndSharesFollowsMembers() throws {
    let swift = try export("""
      protocol Logger
      class ConsoleLogger: Logger
      class WebService(logger: Logger)
      class Session
      class LoginForm(session: Session)
      class Screen(login: LoginForm, profile: Session)
      register Logger = ConsoleLogger
      register WebService
      mock Logger
      resolve WebService
      expect #2.logger = #1
      register Session scope=graph
      register LoginForm scope=prototype
      register Screen scope=prototype
      expect Screen shares Session
      """)
    #expect(swift.contains("#expect((instance2.logger === mockLogger))"))
    #expect(swift.contains("""
      do {
              let sharedScreen = try container.resolvingWithoutSideEffects { try container.resolve(Screen.self) }
              #expect((sharedScreen.login.session === sharedScreen.profile))
            }
      """))
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
