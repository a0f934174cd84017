import DisScript
import DisSyntax
import Testing

/// The DIScope Swift each command stands for, as the playground shows it beside every step.
@Suite("Swift beside every command")
struct SwiftTranslationTests {
  func translation(_ script: String) -> SwiftTranslation {
    var translation = SwiftTranslation()
    translation.learn(ScriptParser().parse(script, path: "t.dis").script.entries)
    return translation
  }

  func command(_ line: String) -> Command {
    entry(line).command
  }

  func entry(_ line: String) -> Entry {
    guard case .success(let entry) = ScriptParser().parseCommand(line) else { fatalError("does not parse: \(line)") }
    return entry
  }

  @Test func aRegistrationIsTheFactoryThatResolvesEachParameter() {
    let swift = translation("protocol Logger\nclass ConsoleLogger: Logger\nclass WebService(logger: Logger, cache: Cache?, make: Provider<Job>)\n")
    #expect(swift.line(for: command("register Logger = ConsoleLogger")) == "container.register((any Logger).self) { _ in ConsoleLogger() }")
    #expect(swift.line(for: command("register WebService scope=prototype named main"))
      == "container.register(WebService.self, name: \"main\", scope: .prototype) { r in WebService(logger: try r.resolve((any Logger).self), cache: try r.optionalResolve(Cache.self), make: try r.resolve(Provider<Job>.self)) }")
  }

  @Test func runtimeArgumentsBecomeTheFactorysParameters() {
    let swift = translation("class UserDetails(user: arg String, age: arg Int)\n")
    #expect(swift.line(for: command("register UserDetails")) == "container.register(UserDetails.self) { (_: Resolver, user: String, age: Int) in UserDetails(user: user, age: age) }")
    #expect(swift.line(for: command("resolve UserDetails with user=ann age=3")) == "let userDetails = try container.resolve(UserDetails.self, arguments: \"ann\", 3)")
  }

  /// A mock given as a class is built with its dependencies, as the export builds it.
  @Test func aMockClassIsBuiltWithItsDependencies() {
    let swift = translation("class WebService\nprotocol ZoneController\nclass RFZoneController(webService: WebService): ZoneController\n")
    #expect(
      swift.line(for: command("mock ZoneController = RFZoneController"))
        == "let mock = container.mock((any ZoneController).self, with: RFZoneController(webService: try container.resolve(WebService.self)))")
  }

  @Test func changesMocksAndExpectationsAreTheirContainerCalls() {
    let swift = translation("protocol Logger\nclass WebService\n")
    #expect(swift.line(for: command("remove t2")) == "container.remove(t2)  // the token register returned")
    #expect(swift.line(for: command("scope t2 graph")) == "try container.setScope(.graph, for: t2)")
    #expect(swift.line(for: command("cache t1 off")) == "container.setCaching(false, for: t1)")
    #expect(swift.line(for: command("mock WebService")) == "let mock = container.mock(WebService.self, with: MockWebService())")
    #expect(swift.line(for: command("expect Logger is ConsoleLogger")) == "#expect(try container.resolve((any Logger).self) is ConsoleLogger)")
    #expect(swift.line(for: command("expect no stale")) == "#expect(container.staleReferences().isEmpty)")
    #expect(swift.line(for: command("shutdown")) == "try await container.shutdown()")
    #expect(swift.line(for: command("why Logger")) == "print(container.explain((any Logger).self))")
  }

  /// A reader writing the steps in Swift calls the child `container child` made, by its
  /// variable, until the script goes back: the Swift shown must not register in the parent.
  @Test func aChildsStepsGoToTheVariableItsStepIntroduced() {
    var swift = translation("class Database\nclass RequestID\nclass Handler(database: Database, requestID: RequestID)\nregister Database\n")
    #expect(swift.line(for: command("container child request")) == "let request = container.makeChild(named: \"request\")")
    swift.learn(command("container child request"))
    #expect(swift.line(for: command("register Handler")) == "request.register(Handler.self) { r in Handler(database: try r.resolve(Database.self), requestID: try r.resolve(RequestID.self)) }")
    #expect(swift.line(for: command("resolve Handler")) == "let handler = try request.resolve(Handler.self)")
    #expect(swift.line(for: command("expect Database cached")) == "#expect(try request.isCached(Database.self))  // cached")
    #expect(swift.line(for: command("validate")) == "let report = request.validate(); #expect(report.isEmpty, \"\\(report)\")")
    #expect(swift.line(for: command("shutdown")) == "try await request.shutdown()")
    #expect(swift.line(for: command("release container request"))
      == "try await request.shutdown()  // or try await container.withChild(named: \"request\") { request in ... }")
    #expect(swift.line(for: command("container use root")) == "// resolve from container from now on: container.resolve(...)")
    swift.learn(command("container child inner"))
    #expect(swift.line(for: command("register Database")) == "inner.register(Database.self) { _ in Database() }")
    #expect(swift.line(for: command("release container request"))
      == "try await inner.shutdown(); try await request.shutdown()  // or try await container.withChild(named: \"request\") { request in ... }")
    swift.learn(command("release container request"))
    #expect(swift.line(for: command("resolve Database")) == "let database = try container.resolve(Database.self)", "released, back in root")
    #expect(swift.line(for: command("shutdown")) == "try await container.shutdown()")
  }

  /// Releasing a container the script is not in leaves it where it is; `reset` goes back to the
  /// root; a name that is no Swift variable becomes one.
  @Test func theCurrentContainerFollowsUseReleaseAndReset() {
    var swift = translation("class A\ncontainer child admin-request\ncontainer use root\ncontainer child other\n")
    #expect(swift.line(for: command("resolve A")) == "let a = try other.resolve(A.self)")
    swift.learn(command("release container admin-request"))
    #expect(swift.line(for: command("resolve A")) == "let a = try other.resolve(A.self)")
    #expect(swift.line(for: command("container use admin-request")) == "// resolve from adminRequest from now on: adminRequest.resolve(...)")
    swift.learn(command("reset"))
    #expect(swift.line(for: command("resolve A")) == "let a = try container.resolve(A.self)")
    #expect(swift.line(for: command("container child default")) == "let `default` = container.makeChild(named: \"default\")")
  }

  /// A token belongs to the container that made it (its `+ tN` line says so), and only that
  /// container removes it or changes it.
  @Test func aTokenIsRemovedFromTheContainerThatMadeIt() {
    var swift = SwiftTranslation()
    swift.learn(ScriptParser().parse("""
      class A
      register A
        + t1  A  [singleton]
      container child test
        container test (child of root) is current
      register A
        + t2  A  [singleton]  in test
      """, path: "t.dis").script.entries)
    #expect(swift.line(for: command("remove t1")) == "container.remove(t1)  // the token register returned")
    #expect(swift.line(for: command("remove t2")) == "test.remove(t2)  // the token register returned")
    #expect(swift.line(for: command("scope t1 graph")) == "try container.setScope(.graph, for: t1)")
    #expect(swift.line(for: command("cache t2 off")) == "test.setCaching(false, for: t2)")
  }

  /// A command that must fail (`!`) is the check that it fails, as the export writes it; a
  /// refusal of the script's own has no Swift; and it changes nothing the next steps see.
  @Test func anExpectedFailureIsShownAsTheCheckThatItFails() {
    var swift = translation("class Database\ncontainer child request\n")
    #expect(swift.line(for: entry("! resolve Database")) == "#expect(throws: (any Error).self) { _ = try request.resolve(Database.self) }")
    #expect(swift.line(for: entry("! validate")) == "#expect(!request.validate().isEmpty)  // validate finds a problem")
    #expect(swift.line(for: entry("! remove t3")) == "#expect(request.remove(t3) == false)  // t3 is not live: nothing removed")
    #expect(swift.line(for: entry("! expect Database is Database")) == "#expect(!(try request.resolve(Database.self) is Database))")
    #expect(swift.line(for: entry("! expect Database new")) == "#expect(!(try !request.isCached(Database.self)))  // not new")
    #expect(swift.line(for: entry("! container use nowhere")) == nil)
    #expect(swift.line(for: entry("resolve Database")) == "let database = try request.resolve(Database.self)")
    swift.learn(entry("! container use root"))
    #expect(swift.line(for: entry("resolve Database")) == "let database = try request.resolve(Database.self)", "a failed 'container use' switched nothing")
  }

  /// Lesson 12 step by step, as `discope play` shows it: every step of the request section
  /// calls `request`, and the app's shutdown `container`.
  @Test func lessonTwelveShowsEachStepOnItsContainer() throws {
    let text = try FileSystem.read(repositoryRoot + "/Scripts/lessons/12-shutdown-and-request-scopes.dis")
    let entries = ScriptParser().parse(bytes: text, path: "12.dis").script.entries
    var swift = SwiftTranslation()
    var lines: [String: String] = [:]
    for entry in entries {
      lines[entry.command.description] = swift.line(for: entry)
      swift.learn(entry)
    }
    #expect(lines["container child request"] == "let request = container.makeChild(named: \"request\")")
    #expect(lines["register Transaction"]?.hasPrefix("request.register(Transaction.self) ") == true)
    #expect(lines["register Handler"]?.hasPrefix("request.register(Handler.self) ") == true)
    #expect(lines["resolve Handler"] == "let handler = try request.resolve(Handler.self)")
    #expect(lines["release container request"]?.hasPrefix("try await request.shutdown()") == true)
    #expect(lines["expect Database cached"] == "#expect(try container.isCached(Database.self))  // cached")
    #expect(lines["shutdown"] == "try await container.shutdown()")
    #expect(lines["resolve Database"] == "#expect(throws: (any Error).self) { _ = try container.resolve(Database.self) }")
  }

  @Test func whatHasNoSwiftEquivalentSaysNothing() {
    let swift = SwiftTranslation()
    #expect(swift.line(for: command("show stacks")) == nil)
    #expect(swift.line(for: command("reset")) == nil)
    #expect(swift.line(for: command("help")) == nil)
  }
}

/// A provider of a class with runtime arguments is spelt one way everywhere, the README's:
/// `Provider<UserDetails, String>` parses in `.dis`, prints back so, and the playground's Swift,
/// the export, the instance and the hints all write it.
@Suite("One provider spelling")
struct ProviderSpellingTests {
  static let script = """
    class PhotoService
    class UserDetails(photos: PhotoService, user: arg String)
    class ProfileScreen(details: Provider<UserDetails, String>)
    register PhotoService
    register UserDetails
    register ProfileScreen
    resolve ProfileScreen

    """

  @Test func theREADMEsSpellingParsesPrintsAndTranslates() throws {
    let parsed = ScriptParser().parse(Self.script, path: "p.dis")
    #expect(!parsed.hasErrors, "\(parsed.renderedDiagnostics)")
    #expect(ScriptFormatter.format(parsed.script).contains("class ProfileScreen(details: Provider<UserDetails, String>)"))
    var translation = SwiftTranslation()
    translation.learn(parsed.script.entries)
    guard case .success(let register) = ScriptParser().parseCommand("register ProfileScreen") else { return }
    let swift = translation.line(for: register.command) ?? ""
    #expect(swift.contains("try r.resolve(Provider<UserDetails, String>.self)"), "\(swift)")
    // `Provider<UserDetails>` (the short form) translates to the same Swift.
    var short = SwiftTranslation()
    short.learn(ScriptParser().parse(Self.script.replacing("Provider<UserDetails, String>", with: "Provider<UserDetails>"), path: "s.dis").script.entries)
    #expect(short.line(for: register.command) == swift)
    let export = SwiftExport.export(script: parsed.script, namespace: "P")
    #expect(export.contains("Provider<UserDetails, String>"))
  }

  @Test func theSessionPrintsAndHintsIt() {
    let session = Session()
    for line in Self.script.split(separator: "\n").dropLast() { _ = session.execute(String(line)) }
    let output = session.execute("resolve ProfileScreen").output
    #expect(output.first?.contains("details: Provider<UserDetails, String>") == true, "\(output)")
    _ = session.execute("class Broken(details: UserDetails)")
    _ = session.execute("register Broken")
    let hint = session.execute("resolve Broken").output.joined(separator: "\n")
    #expect(hint.contains("inject 'Provider<UserDetails, String>'"), "\(hint)")
  }
}
