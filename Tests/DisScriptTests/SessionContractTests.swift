import DIScope
import DisScript
import DisSyntax
import Testing

@Suite struct SessionContractTests {
  @Test func parseErrorsComeBackAsDiagnostics() {
    let outcome = Session().execute("resolv Logger")
    #expect(outcome.entry == nil && outcome.isFailure && outcome.output.isEmpty)
    #expect(outcome.diagnostics.first?.message == "unknown command 'resolv'")
    #expect(outcome.recordedText == "")
  }

  @Test func playgroundCommandsAreLeftToTheUI() {
    let outcome = Session().execute(":record out.dis")
    #expect(outcome.playgroundCommand == .record(path: "out.dis"))
    #expect(!outcome.isFailure && outcome.output.isEmpty && outcome.recordedText == "")
  }

  @Test func recordedTextMarksFailuresAndEscapesWildcards() {
    let session = Session()
    #expect(session.execute("protocol L").recordedText == "protocol L\n")
    let failed = session.execute("resolve L")
    #expect(failed.recordedText.hasPrefix("! resolve L\n  error: no registration for 'L'\n"))
  }

  @Test func multiLineAssemblyIsOneCommand() {
    let session = session("class A")
    let outcome = session.execute("assembly X {\n  register A\n}")
    #expect(!outcome.isFailure && outcome.output.isEmpty)
    #expect(session.completionCandidates.assemblies == ["X"])
  }

  @Test func completionCandidatesListWhatTheSessionKnows() {
    let session = session(seedWorld + "\nresolve WebService\ncontainer child test")
    let words = session.completionCandidates
    #expect(words.services == ["Logger", "ZoneController", "ConsoleLogger", "WebService", "RFZoneController", "ControlContext"])
    #expect(words.implementations.contains("RFZoneController"))
    #expect(words.tokens == ["t1", "t2", "t3", "t4"])
    #expect(words.instances == ["#1", "#2"])
    #expect(words.instanceParameters == ["#2.logger"])
    #expect(words.containers == ["root", "test"])
    #expect(words.all(startingWith: "re").contains("resolve"))
  }

  @Test func theDemoWorldIsReadyToResolve() {
    let session = Session.demo()
    let outcome = session.execute("resolve ControlContext")
    #expect(!outcome.isFailure)
    #expect(outcome.output.first == "ControlContext#4(webService: WebService#2, zoneController: RFZoneController#3)")
    #expect(session.execute("validate").output == ["ok: 6 registrations checked, no findings"])
  }

  @Test func instanceLimitIsAClearError() {
    let options = SessionOptions(limits: SessionLimits(maximumInstances: 5))
    let session = Session(options: options)
    run(session, "class A\nregister A scope=prototype")
    for _ in 0..<5 { #expect(!session.execute("resolve A").isFailure) }
    let outcome = session.execute("resolve A")
    #expect(outcome.isFailure)
    #expect(outcome.output.first?.contains("at most 5 instances") == true)
    #expect(!session.execute("release #1").isFailure)
    #expect(!session.execute("resolve A").isFailure)
  }

  @Test func anExponentialGraphStopsAtTheLimit() {
    var text = "class A0\nregister A0 scope=prototype\n"
    for level in 1...30 {
      text += "class A\(level)(x: A\(level - 1), y: A\(level - 1))\nregister A\(level) scope=prototype\n"
    }
    let session = Session(options: SessionOptions(limits: SessionLimits(maximumInstances: 2_000)))
    run(session, text)
    #expect(session.execute("resolve A30").isFailure)
    // Validation builds each registration once in its run (what it built answers every path):
    // 31 builds, not 2^31, and the session holds none of them after.
    expectOutput(session, "validate", ["ok: 31 registrations checked, no findings"])
  }

  /// A dry run keeps nothing after it: a chain of 100 builds 100 instances in its run (each
  /// registration once), and the session still holds what it resolves.
  @Test func validateCountsEachRegistrationsDryRunApart() {
    var text = "class C100\nregister C100\n"
    for level in 1..<100 { text += "class C\(level)(next: C\(level + 1))\nregister C\(level)\n" }
    let session = Session(options: SessionOptions(limits: SessionLimits(maximumInstances: 1_000)))
    run(session, text)
    expectOutput(session, "validate", ["ok: 100 registrations checked, no findings"])
    #expect(session.execute("show graph C1").output.count > 100)
    #expect(!session.execute("resolve C1").isFailure, "and the session still holds what it resolves")
  }

  @Test func containerLimit() {
    let session = Session(options: SessionOptions(limits: SessionLimits(maximumContainers: 2)))
    #expect(!session.execute("container child a").isFailure)
    _ = expectError(session, "container child b", "a session may have at most 2 containers")
  }

  @Test func helpComesFromTheCommandTable() {
    let session = Session()
    let cache = session.execute("help cache").output
    #expect(Array(cache.prefix(2)) == ["usage: cache tN on|off", "  switch a live registration's caching; drops what it had cached"])
    #expect(cache.contains("  example:"))
    let outcome = expectError(session, "help resolv", "no command 'resolv'")
    #expect(outcome.output.last == "  hint: did you mean 'resolve'?")
    #expect(session.execute("help").output.first?.hasPrefix("protocol") == true)
  }
}
