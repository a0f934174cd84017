import DisScript
import Testing

@Suite struct RegisterTests {
  @Test func registerPrintsTokenAndShadowedRegistration() {
    let session = session("protocol Logger\nclass ConsoleLogger: Logger\nclass FileLogger: Logger")
    expectOutput(session, "register Logger = ConsoleLogger", ["+ t1  Logger -> ConsoleLogger  [singleton]"])
    expectOutput(session, "register Logger = FileLogger named file scope=weak cache=off",
      ["+ t2  Logger named \"file\" -> FileLogger  [weak, cache off]"])
    expectOutput(session, "register Logger = FileLogger scope=prototype",
      ["+ t3  Logger -> FileLogger  [prototype]  (shadows t1)"])
  }

  @Test func declarationsPrintNothingAndRedeclarationSaysSo() {
    let session = Session()
    expectOutput(session, "protocol Logger", [])
    expectOutput(session, "class A(logger: Logger)", [])
    expectOutput(session, "class A(logger: Logger)", [])
    expectOutput(session, "class A", ["~ class A redeclared: instances built from now on use the new declaration"])
    _ = expectError(session, "class Logger", "'Logger' is already declared as a protocol")
    _ = expectError(session, "class B(x: Logger, x: Logger)", "'B' declares 'x' twice")
  }

  @Test func registerChecksNamesAndConformance() {
    let session = session("protocol Logger\nclass ConsoleLogger: Logger\nclass Other")
    let missing = expectError(session, "register Loger = ConsoleLogger", "unknown service 'Loger'")
    #expect(missing.output.last == "  hint: did you mean 'Logger'?")
    let outcome = expectError(session, "register Logger", "'Logger' is a protocol: say which class implements it")
    #expect(outcome.output.last == "  hint: to fix, write 'register Logger = ConsoleLogger'")
    _ = expectError(session, "register Logger = Other", "'Other' does not conform to 'Logger'")
    _ = expectError(session, "register Logger = Nope", "unknown class 'Nope'")
    _ = expectError(session, "register Logger instance ConsoleLogger scope=weak",
      "'register Logger instance ConsoleLogger' registers one instance: it takes no scope or cache")
    // Nothing was registered by the failures: the next token is t1.
    expectOutput(session, "register Other", ["+ t1  Other  [singleton]"])
  }

  @Test func instanceRegistrationBuildsNowAndKeepsItsScope() {
    let session = session("protocol Logger\nclass ConsoleLogger: Logger")
    expectOutput(session, "register Logger instance ConsoleLogger", [
      "+ t1  Logger -> ConsoleLogger  [singleton, instance]",
      "Logger → ConsoleLogger#1 created t1 [singleton]",
    ])
    _ = expectError(session, "scope t1 prototype", "t1 holds one instance given at registration: its scope cannot change")
    expectOutput(session, "resolve Logger", ["ConsoleLogger#1", "Logger → ConsoleLogger#1 cached t1 [singleton]"])
  }

  @Test func eagerRegistrationBuildsAtOnceOrRegistersNothing() {
    let session = session("class Cache(log: Log)\nprotocol Log\nclass Quiet: Log")
    let outcome = session.execute("register Cache scope=eager")
    #expect(outcome.isFailure)
    #expect(outcome.output.first?.contains("could not be built, so nothing was registered") == true)
    expectOutput(session, "show stacks", ["no registrations"])
    expectOutput(session, "register Log = Quiet", ["+ t2  Log -> Quiet  [singleton]"])
    expectOutput(session, "register Cache scope=eager", [
      "+ t3  Cache  [eager]", "Cache#2 created t3 [eager]", "└─ Log → Quiet#1 created t2 [singleton]",
    ])
  }
}
