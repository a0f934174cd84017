import DisSyntax
import Testing

@Suite("Every command parses")
struct CommandParsingTests {
  static let cases: [(String, Command)] = [
    ("protocol Logger", .declareProtocol(name: "Logger")),
    ("register Logger", .register(Registration(service: "Logger"))),
    ("register Logger = ConsoleLogger", .register(Registration(service: "Logger", implementation: .type("ConsoleLogger")))),
    ("register Logger instance ConsoleLogger", .register(Registration(service: "Logger", implementation: .instance("ConsoleLogger")))),
    ("register Logger = ConsoleLogger named console scope=weak cache=off",
     .register(Registration(service: "Logger", implementation: .type("ConsoleLogger"), name: "console", scope: .weak, isCacheEnabled: false))),
    ("register Logger cache=on scope=prototype",
     .register(Registration(service: "Logger", scope: .prototype, isCacheEnabled: true))),
    ("resolve Logger", .resolve(Resolution(service: "Logger"))),
    ("resolve Logger named console", .resolve(Resolution(service: "Logger", name: "console"))),
    // Quoted as output shows names; a name with a space needs the quotes.
    ("resolve Logger named \"console\"", .resolve(Resolution(service: "Logger", name: "console"))),
    ("resolve Logger named \"two words\"", .resolve(Resolution(service: "Logger", name: "two words"))),
    ("resolve UserDetails with user=alice count=3 title=\"Dr. \\\"Who\\\"\"",
     .resolve(Resolution(service: "UserDetails", arguments: [
       Argument(name: "user", value: .word("alice")), Argument(name: "count", value: .number("3")),
       Argument(name: "title", value: .string("Dr. \"Who\""))]))),
    ("resolve? Analytics", .resolve(Resolution(service: "Analytics", isOptional: true))),
    ("remove t3", .remove(RegistrationToken(3))),
    ("scope t2 graph", .changeScope(RegistrationToken(2), to: .graph)),
    ("cache t2 off", .changeCaching(RegistrationToken(2), isEnabled: false)),
    ("mock Logger", .mock(service: "Logger", implementation: nil)),
    ("mock Logger = SilentLogger", .mock(service: "Logger", implementation: "SilentLogger")),
    ("mock *", .mockAll),
    ("unmock Logger", .unmock(service: "Logger")),
    ("call #4.commands", .call(InstanceParameter(instance: 4, parameter: "commands"), arguments: [])),
    ("call #4.make id=-2.5", .call(InstanceParameter(instance: 4, parameter: "make"), arguments: [Argument(name: "id", value: .number("-2.5"))])),
    ("activate Networking", .activate(assembly: "Networking")),
    ("deactivate Networking", .deactivate(assembly: "Networking")),
    ("container child feature", .makeChildContainer(name: "feature")),
    ("container use root", .useContainer(name: "root")),
    // One live child among several of that name, by its number.
    ("container use request#12", .useContainer(name: "request#12")),
    // Module-qualified names, as an app's Swift types print, wherever a service name is.
    ("resolve ExampleApp.Logging", .resolve(Resolution(service: "ExampleApp.Logging"))),
    ("register ExampleApp.Logging = ExampleApp.ConsoleLogger",
     .register(Registration(service: "ExampleApp.Logging", implementation: .type("ExampleApp.ConsoleLogger")))),
    ("mock ExampleApp.Logging", .mock(service: "ExampleApp.Logging", implementation: nil)),
    ("unmock ExampleApp.Logging", .unmock(service: "ExampleApp.Logging")),
    ("show stacks ExampleApp.Logging", .show(.stacks, service: "ExampleApp.Logging")),
    ("why ExampleApp.Logging", .why(service: "ExampleApp.Logging", name: nil)),
    ("expect ExampleApp.WebService is ExampleApp.LiveWebService",
     .expect(.resolvesTo(service: "ExampleApp.WebService", implementation: "ExampleApp.LiveWebService"))),
    ("expect ExampleApp.Logging cached", .expect(.freshness(service: "ExampleApp.Logging", isCached: true))),
    ("expect stack ExampleApp.Logging = t2 t1",
     .expect(.stack(service: "ExampleApp.Logging", tokens: [RegistrationToken(2), RegistrationToken(1)]))),
    ("show stacks", .show(.stacks, service: nil)),
    ("show trace Logger", .show(.trace, service: "Logger")),
    ("show tokens", .show(.tokens, service: nil)),
    ("validate", .validate),
    ("why WebService", .why(service: "WebService", name: nil)),
    ("why Logger named \"two words\"", .why(service: "Logger", name: "two words")),
    ("show stale", .show(.stale, service: nil)),
    ("show stale WebService", .show(.stale, service: "WebService")),
    ("expect no stale", .expect(.noStaleReferences)),
    // A service called 'no' is still a service.
    ("expect no cached", .expect(.freshness(service: "no", isCached: true))),
    ("expect Logger is ConsoleLogger", .expect(.resolvesTo(service: "Logger", implementation: "ConsoleLogger"))),
    ("expect Logger cached", .expect(.freshness(service: "Logger", isCached: true))),
    ("expect Logger new", .expect(.freshness(service: "Logger", isCached: false))),
    ("expect stack Logger = t3 t1", .expect(.stack(service: "Logger", tokens: [RegistrationToken(3), RegistrationToken(1)]))),
    ("expect stack Logger =", .expect(.stack(service: "Logger", tokens: []))),
    ("expect #3.logger = #1", .expect(.parameter(InstanceParameter(instance: 3, parameter: "logger"), equals: .instance(1)))),
    ("expect #3.analytics = nil", .expect(.parameter(InstanceParameter(instance: 3, parameter: "analytics"), equals: .none))),
    ("expect #5.user = \"alice\"", .expect(.parameter(InstanceParameter(instance: 5, parameter: "user"), equals: .text("alice")))),
    ("expect Screen holds new Session", .expect(.holds(service: "Screen", held: .instance("Session"), isNew: true))),
    ("expect ZoneController holds NoticeManager",
     .expect(.holds(service: "ZoneController", held: .instance("NoticeManager"), isNew: false))),
    ("expect ProfileScreen holds Provider<UserDetails, String>",
     .expect(.holds(service: "ProfileScreen", held: .provider(service: "UserDetails", argumentTypes: ["String"]), isNew: false))),
    ("expect Database is #1", .expect(.answersWith(service: "Database", instance: 1))),
    ("expect #3 disposed", .expect(.fate(instance: 3, .disposed))),
    ("expect #1 gone", .expect(.fate(instance: 1, .gone))),
    ("expect no container request", .expect(.noContainer(name: "request"))),
    ("release #2", .release(instance: 2)),
    ("release container request", .releaseContainer(name: "request")),
    ("shutdown", .shutdown),
    ("reset", .reset),
    ("help", .help(topic: nil)),
    ("help resolve?", .help(topic: "resolve?")),
    ("help :record", .help(topic: ":record")),
    (":record session.dis", .playground(.record(path: "session.dis"))),
    (":stop", .playground(.stop)),
    (":save my session.dis", .playground(.save(path: "my session.dis"))),
    (":save! old.dis", .playground(.save(path: "old.dis", isReplacing: true))),
    (":open \" padded.dis \"", .playground(.open(path: " padded.dis "))),
    (":quit", .playground(.quit)),
  ]

  @Test("parses", arguments: cases)
  func parses(source: String, command: Command) {
    #expect(parseSingleEntry(source + "\n")?.command == command)
  }

  @Test("prints back to the same command", arguments: cases)
  func printsBack(source: String, command: Command) {
    #expect(parseSingleEntry(command.description)?.command == command)
  }

  @Test func aNameIsPrintedBareWhenItReadsBackAsAWord() {
    #expect(Command.resolve(Resolution(service: "Logger", name: "console")).description == "resolve Logger named console")
    #expect(Command.resolve(Resolution(service: "Logger", name: "two words")).description == "resolve Logger named \"two words\"")
    #expect(Command.resolve(Resolution(service: "Logger", name: "2nd")).description == "resolve Logger named \"2nd\"")
  }

  @Test func expectedFailurePrefixAndTrailingComment() {
    let entry = parseSingleEntry("! resolve Payments   # nothing registered\n")
    #expect(entry?.isExpectedToFail == true)
    #expect(entry?.comment == " nothing registered")
    #expect(entry?.command == .resolve(Resolution(service: "Payments")))
  }

  @Test func stringEscapesReadBackAsTheStringTheyPrint() {
    let text = "say \"hi\"\\\n\tthen\u{1B}[31m"
    let entry = parseSingleEntry("expect #1.name = \(text.quoted)")
    #expect(entry?.command == .expect(.parameter(InstanceParameter(instance: 1, parameter: "name"), equals: .text(text))))
    #expect(text.quoted == #""say \"hi\"\\\n\tthen\u{1B}[31m""#, "no raw newline, tab or escape character")
  }

  /// A combining mark right after the opening quote or an escape, or a scalar that would take the
  /// closing quote, is escaped: printed, every string reads back as itself.
  @Test("strings with marks that join their neighbours round-trip", arguments: [
    "\u{301}x", "a\\\u{301}b", "a\"\u{301}", "x\u{600}", "e\u{301}", "👍\u{1F3FD}",
  ])
  func aStringOfAnyScalarsReadsBackAsItself(text: String) {
    let entry = parseSingleEntry("expect #1.name = \(text.quoted)")
    #expect(entry?.command == .expect(.parameter(InstanceParameter(instance: 1, parameter: "name"), equals: .text(text))))
  }

  @Test func aNameCannotHoldAControlCharacter() {
    #expect(diagnosticLines("resolve Cache named \"a\\nb\"") == ["test.dis:1:21: error: a registration name cannot hold a control character (U+A)"])
  }

  @Test func anUnknownOrMalformedEscapeIsAnErrorAtIt() {
    #expect(diagnosticLines("expect #1.name = \"a\\rb\"") == ["test.dis:1:20: error: unknown escape '\\r' in a string"])
    #expect(
      diagnosticLines("expect #1.name = \"a\\u{zz}\"")
        == ["test.dis:1:20: error: malformed '\\u{…}' escape in a string: it wants 1 to 8 hexadecimal digits"])
  }

  @Test func hashInsideAStringIsNotAComment() {
    let entry = parseSingleEntry("expect #1.name = \"a # b\" # real comment")
    #expect(entry?.command == .expect(.parameter(InstanceParameter(instance: 1, parameter: "name"), equals: .text("a # b"))))
    #expect(entry?.comment == " real comment")
  }
}

@Suite("Module-qualified names")
struct QualifiedNameParsingTests {
  @Test func aSpacedDotIsNotPartOfAName() {
    let lines = diagnosticLines("resolve ExampleApp . Logging")
    #expect(lines.count == 1 && lines[0].contains("unexpected '.'"), "\(lines)")
  }

  @Test func anInstanceParameterStillParsesBesideQualifiedNames() {
    let entry = parseSingleEntry("expect #25466.webService = #4")
    #expect(entry?.command == .expect(.parameter(InstanceParameter(instance: 25466, parameter: "webService"), equals: .instance(4))))
  }

  @Test func aQualifiedClassParameterTypeParses() {
    let entry = parseSingleEntry("class Probe(logger: ExampleApp.Logging)")
    guard case .declareClass(let declaration)? = entry?.command else {
      Issue.record("not a class: \(String(describing: entry))")
      return
    }
    #expect(declaration.parameters?.map(\.dependency) == [.service("ExampleApp.Logging")])
  }
}
