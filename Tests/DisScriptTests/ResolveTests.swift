import DisScript
import Testing

@Suite struct ResolveTests {
  @Test func resolvePrintsInstanceThenTrace() {
    let session = session(seedWorld)
    expectOutput(session, "resolve ControlContext", [
      "ControlContext#4(webService: WebService#2, zoneController: RFZoneController#3)",
      "ControlContext#4 created t4 [singleton]",
      "├─ WebService#2 created t2 [singleton]",
      "│  └─ Logger → ConsoleLogger#1 created t1 [singleton]",
      "└─ ZoneController → RFZoneController#3 created t3 [singleton]",
      "   └─ WebService#2 cached t2 [singleton]",
    ])
  }

  @Test func asciiGlyphs() {
    let session = Session(options: SessionOptions(glyphs: .ascii))
    run(session, seedWorld)
    let output = session.execute("resolve WebService").output
    #expect(output == ["WebService#2(logger: ConsoleLogger#1)", "WebService#2 created t2 [singleton]", "`- Logger -> ConsoleLogger#1 created t1 [singleton]"])
  }

  @Test func missingDependencyNamesThePathAndAScriptHint() {
    let session = session("protocol Logger\nclass ConsoleLogger: Logger\nclass WebService(logger: Logger)\nclass App(web: WebService)\nregister App\nregister WebService")
    let outcome = expectError(session, "resolve App", "no registration for 'Logger'")
    #expect(outcome.output.contains("  path: App -> WebService -> Logger"))
    #expect(outcome.output.last?.contains("to fix, register it: 'register Logger = ConsoleLogger'") == true)
    #expect(outcome.output.last?.contains("container.register") == false)
  }

  @Test func failedResolveShowsWhatWasBuiltBefore() {
    let session = session("class A\nclass C(a: A, b: B)\nprotocol B\nregister A\nregister C")
    let outcome = session.execute("resolve C")
    #expect(outcome.isFailure)
    #expect(outcome.output.prefix(3) == ["built before the failure:", "  C …", "  └─ A#1 created t1 [singleton]"])
    expectOutput(session, "show trace C", outcome.output)
  }

  /// A named registration of a class keeps the instance's label whole, then says the name.
  @Test func aNamedInstanceKeepsItsLabelWhole() {
    let session = session("protocol Logger\nclass ConsoleLogger: Logger\nclass Cache\nregister Cache named x\nregister Logger = ConsoleLogger named audit")
    expectOutput(session, "resolve Cache named x", ["Cache#1", "Cache#1 named \"x\" created t1 [singleton]"])
    expectOutput(session, "resolve Logger named audit", ["ConsoleLogger#2", "Logger named \"audit\" → ConsoleLogger#2 created t2 [singleton]"])
  }

  @Test func optionalResolveAndOptionalDependencies() {
    let session = session("protocol Analytics\nclass Screen(analytics: Analytics?)\nregister Screen")
    expectOutput(session, "resolve? Analytics", ["nil  (no registration for 'Analytics')"])
    expectOutput(session, "resolve Screen", ["Screen#1(analytics: nil)", "Screen#1 created t1 [singleton]"])
    expectOutput(session, "expect #1.analytics = nil", [])
  }

  @Test func cycleIsAnErrorWithTheLoop() {
    let session = session("class A(b: B)\nclass B(a: A)\nregister A\nregister B")
    let outcome = expectError(session, "resolve A", "dependency cycle: A -> B -> A")
    #expect(outcome.output.last?.contains("Provider<A>") == true)
  }

  @Test func runtimeArgumentsAreCheckedAndPassed() {
    let session = session("class User(name: arg String, age: arg Int)\nregister User")
    expectOutput(session, "resolve User with name=ann age=3", ["User#1(name: \"ann\", age: 3)", "User#1 created t1 [prototype]"])
    _ = expectError(session, "resolve User", "'User' needs the runtime argument 'name: String'")
    _ = expectError(session, "resolve User with name=a age=x", "the argument 'age' is declared 'Int', but was given \"x\"")
    _ = expectError(session, "resolve User with name=a age=1 z=2", "'User' has no runtime argument 'z'")
    _ = expectError(session, "resolve User with name=a name=b age=1", "the argument 'name' is given twice")
    // Printed as a .dis string, so the transcript stays one line and reads back the same.
    expectOutput(
      session, #"resolve User with name="two\nlines \"quoted\"" age=4"#,
      [#"User#2(name: "two\nlines \"quoted\"", age: 4)"#, "User#2 created t1 [prototype]"])
  }

  @Test func providersAreCalledWithCall() {
    let session = session("class Command\nclass Queue(make: Provider<Command>)\nregister Command scope=prototype\nregister Queue")
    expectOutput(session, "resolve Queue", ["Queue#1(make: Provider<Command>)", "Queue#1 created t2 [singleton]"])
    expectOutput(session, "call #1.make", ["Command#2", "Command#2 created t1 [prototype]"])
    expectOutput(session, "call #1.make", ["Command#3", "Command#3 created t1 [prototype]"])
    _ = expectError(session, "call #1.nope", "Queue#1 has no parameter 'nope'")
    _ = expectError(session, "call #9.make", "no instance #9")
  }

  /// One spelling of a provider: it names the runtime arguments its class takes, as the README,
  /// the playground's Swift and the export write it. Any other is an error that gives the right
  /// one; `call`'s hints name `call`, not `resolve`.
  @Test func aProviderNamesTheArgumentsItsClassTakes() {
    let session = session(
      "class Photos\nclass UserDetails(photos: Photos, user: arg String)\nclass Screen(details: Provider<UserDetails>)\n"
        + "class Plain(make: Provider<Photos, String>)\nregister Photos\nregister UserDetails\nregister Screen\nregister Plain")
    let short = expectError(
      session, "resolve Screen",
      "the factory of 'Screen' (t3) threw: 'Screen.details' is declared 'Provider<UserDetails>', but UserDetails "
        + "takes runtime arguments (String) (to fix, declare it 'details: Provider<UserDetails, String>')")
    #expect(short.output.count >= 1)
    _ = expectError(
      session, "resolve Plain",
      "the factory of 'Plain' (t4) threw: 'Plain.make' is declared 'Provider<Photos, String>', but Photos takes "
        + "no runtime arguments (to fix, declare it 'make: Provider<Photos>')")
    _ = session.execute("class Screen(details: Provider<UserDetails, String>)")
    expectOutput(
      session, "resolve Screen",
      ["Screen#1(details: Provider<UserDetails, String>)", "Screen#1 created t3 [singleton]"])
    let missing = expectError(session, "call #1.details", "'UserDetails' needs the runtime argument 'user: String'")
    #expect(missing.output.contains("  hint: to fix, write 'call #1.details user=...'"), "\(missing.output)")
  }

  @Test func propertiesAreInjectedAndGraphScopeIsShared() {
    let session = session("class S\nclass A(s: S) { var t: S }\nregister S scope=graph\nregister A scope=prototype")
    let output = session.execute("resolve A").output
    #expect(output.first == "A#2(s: S#1) { t: S#1 }")
    expectOutput(session, "expect #2.t = #1", [])
    _ = expectError(session, "expect #2.t = #5", "expected #2.t to be #5, found S#1")
  }

  /// A runtime argument prints as the type of its parameter: `user: arg String` given 34 is "34".
  @Test func runtimeArgumentsPrintAsTheirParametersType() {
    let session = session("class UserDetails(user: arg String, age: arg Int, admin: arg Bool)\nregister UserDetails")
    let output = session.execute("resolve UserDetails with user=34 age=3 admin=true").output
    #expect(output.first == "UserDetails#1(user: \"34\", age: 3, admin: true)")
    expectOutput(session, "expect #1.user = \"34\"", [])
  }
}
