import DIScope
import DisScript
import Testing

@Suite struct StateCommandTests {
  @Test func removeScopeAndCacheByToken() {
    let session = session("protocol L\nclass A: L\nclass B: L\nregister L = A\nregister L = B")
    expectOutput(session, "remove t1", ["- t1  L -> A  [singleton]  (was under t2)"])
    _ = expectError(session, "remove t1", "'t1' is not live: it was removed")
    _ = expectError(session, "remove t9", "no registration 't9'")
    run(session, "resolve L")
    expectOutput(session, "scope t2 prototype", ["~ t2  L -> B  [prototype]  (was singleton; dropped its cached #1)"])
    expectOutput(session, "cache t2 off", ["~ t2  L -> B  [prototype, cache off]  (cache was on)"])
    expectOutput(session, "expect stack L = t2", [])
    expectOutput(session, "remove t2", ["- t2  L -> B  [prototype, cache off]  (the stack of 'L' is empty now)"])
    _ = expectError(session, "expect stack L = t2", "expected the stack of 'L' to be t2, found an empty stack")
  }

  @Test func mocksArePushedPoppedAndRecorded() {
    let session = session(seedWorld)
    expectOutput(session, "mock WebService", ["+ t5  WebService -> MockWebService  [singleton, mock]  (shadows t2)"])
    #expect(session.execute("resolve ControlContext").output.first == "ControlContext#3(webService: MockWebService#1, zoneController: RFZoneController#2)")
    expectOutput(session, "expect WebService is MockWebService", [])
    expectOutput(session, "show mocks", [
      "mocks in place:", "  t5  WebService -> MockWebService  [singleton, mock]  answers",
      "history:", "  + t5  MockWebService over WebService (shadows t2)",
      "recorded:", "  MockWebService#1 handed to RFZoneController#2.webService",
      "  MockWebService#1 handed to ControlContext#3.webService",
    ])  // the expectation looked without resolving for real: the mock recorded nothing of it
    expectOutput(session, "unmock WebService", [
      "- t5  WebService -> MockWebService  [singleton, mock]  (uncovers t2)",
      "note: RFZoneController#2.webService (t3, singleton) still holds MockWebService#1 from t5, which no longer answers for WebService (t2 answers now); 'cache t3 off' then 'cache t3 on' rebuilds it",
      "note: ControlContext#3.webService (t4, singleton) still holds MockWebService#1 from t5, which no longer answers for WebService (t2 answers now); 'cache t4 off' then 'cache t4 on' rebuilds it",
    ])
    _ = expectError(session, "unmock WebService", "'WebService' has no mock to remove")
    let all = session.execute("mock *").output
    #expect(all.count == 4 && all.allSatisfy { $0.contains("[singleton, mock]") })
    expectOutput(session, "mock *", ["no mocks pushed: every registered service is mocked already"])
  }

  @Test func assembliesActivateAndDeactivateAsOneGroup() {
    let session = session("protocol L\nclass A: L\nclass W(l: L)")
    _ = session.execute("assembly App {\n  register L = A\n  register W\n}")
    expectOutput(session, "activate App", ["+ t1  L -> A  [singleton]", "+ t2  W  [singleton]"])
    _ = expectError(session, "activate App", "assembly 'App' is already active in 'root' (t1 t2)")
    expectOutput(session, "deactivate App", ["- t2  W  [singleton]", "- t1  L -> A  [singleton]"])
    _ = expectError(session, "deactivate App", "assembly 'App' is not active in 'root'")
    _ = expectError(session, "activate Ap", "unknown assembly 'Ap'")
    _ = session.execute("assembly Bad {\n  register Nope\n}")
    _ = expectError(session, "activate Bad", "unknown service 'Nope'")
    expectOutput(session, "show tokens", ["removed: t1 t2"])
    _ = session.execute("assembly Empty {\n}")
    expectOutput(session, "activate Empty", ["assembly Empty is active, with no registrations"])
    expectOutput(session, "deactivate Empty", ["assembly Empty is inactive; it had no registrations"])
    expectOutput(session, "activate App", ["+ t3  L -> A  [singleton]", "+ t4  W  [singleton]"])
    _ = session.execute("remove t3")
    _ = session.execute("remove t4")
    expectOutput(session, "deactivate App", ["assembly App is inactive; its registrations were already removed"])
  }

  @Test func childContainersSeeTheirParentAndNoting() {
    let session = session("protocol L\nclass A: L\nclass B: L\nregister L = A")
    var changes: [String] = []
    session.followContainer { (container: Container) in changes.append(container.name) }
    expectOutput(session, "container child test", ["container test (child of root) is current"])
    expectOutput(session, "register L = B", ["+ t2  L -> B  [singleton]  in test  (overrides t1 in root)"])
    expectOutput(session, "expect L is B", [])
    expectOutput(session, "container use root", ["container root is current"])
    expectOutput(session, "expect L is A", [])
    _ = expectError(session, "container child test", "a container named 'test' exists already")
    _ = expectError(session, "container use tset", "no container named 'tset'")
    #expect(changes == ["test", "root"])
    #expect(session.container.name == "root")
  }

  @Test func validateFailsWhenItFindsAnything() {
    let good = session(seedWorld)
    expectOutput(good, "validate", ["ok: 4 registrations checked, no findings"])
    let bad = session("class A(b: B)\nclass B(a: A)\nregister A\nregister B\nclass P\nclass S(p: P)\nregister P scope=prototype\nregister S")
    let outcome = bad.execute("validate")
    #expect(outcome.isFailure)
    #expect(outcome.output.filter { $0.hasPrefix("error: dependency cycle") }.count == 1)
    #expect(outcome.output.contains { $0.contains("'S' (singleton, t4) holds 'P' (prototype, t3)") })
    #expect(outcome.output.last == "validate found 2 problems in 4 registrations")
  }

  @Test func showGraphAndStacks() {
    let session = session(seedWorld)
    expectOutput(session, "show graph WebService", ["t1  Logger -> ConsoleLogger  [singleton]", "t2  WebService  [singleton]", "  -> t1  Logger -> ConsoleLogger"])
    run(session, "resolve WebService")
    expectOutput(session, "show stacks Logger", ["Logger", "  t1  ConsoleLogger  [singleton]  answers, holds #1"])
    expectOutput(session, "show trace", ["WebService#2 created t2 [singleton]", "└─ Logger → ConsoleLogger#1 created t1 [singleton]"])
    _ = expectError(session, "show stacks Nope", "unknown service 'Nope'")
  }

  @Test func releaseLetsAnInstanceGo() {
    let session = session("class Cache\nclass Holder(c: Cache)\nregister Cache scope=prototype\nregister Holder")
    run(session, "resolve Cache\nresolve Holder")
    expectOutput(session, "release #1", ["released Cache#1: nothing else held it, so it is gone"])
    expectOutput(session, "release #2", ["released Cache#2 from the session; still held by Holder#3.c"])
    _ = expectError(session, "release #1", "#1 was released")
  }

  /// Resolving an instance the session had released holds it again: a weak registration keeps
  /// answering with it after its other holder goes.
  @Test func aResolveHoldsAgainWhatTheSessionReleased() {
    let session = session(
      "protocol Logger\nclass ConsoleLogger: Logger\nclass Holder(l: Logger)\n"
        + "register Logger = ConsoleLogger scope=weak\nregister Holder scope=prototype\nresolve Holder")
    expectOutput(session, "release #1", ["released ConsoleLogger#1 from the session; still held by Holder#2.l"])
    expectOutput(session, "resolve Logger", ["ConsoleLogger#1", "Logger → ConsoleLogger#1 cached t1 [weak]"])
    expectOutput(session, "release #2", ["released Holder#2: nothing else held it, so it is gone"])
    expectOutput(session, "resolve Logger", ["ConsoleLogger#1", "Logger → ConsoleLogger#1 cached t1 [weak]"])
    expectOutput(session, "release #1", ["released ConsoleLogger#1: nothing else held it, so it is gone"])
  }

  /// A mock taken from under a newer registration uncovers nothing: said as `remove` says it.
  @Test func unmockUnderANewerRegistrationSaysItWasUnderIt() {
    let session = session(
      "protocol Logger\nclass ConsoleLogger: Logger\nregister Logger = ConsoleLogger\nmock Logger\n"
        + "register Logger = ConsoleLogger")
    expectOutput(session, "unmock Logger", ["- t2  Logger -> MockLogger  [singleton, mock]  (was under t3)"])
    #expect(session.execute("show mocks").output.last == "  - t2  MockLogger off Logger (was under a newer registration)")
  }

  @Test func resetKeepsDeclarationsAndStartsNumberingAgain() {
    let session = session(seedWorld + "\nresolve Logger")
    var changed = false
    session.followContainer { (_: Container) in changed = true }
    expectOutput(session, "reset", ["a fresh root container; declarations kept (6 types, 0 assemblies)"])
    #expect(changed)
    _ = expectError(session, "resolve Logger", "no registration for 'Logger'")
    expectOutput(session, "register Logger = ConsoleLogger", ["+ t1  Logger -> ConsoleLogger  [singleton]"])
    #expect(session.execute("resolve Logger").output.first == "ConsoleLogger#1")
  }
}

/// `expect` looks without touching: it builds nothing a learner sees next, and holds nothing.
@Suite struct ExpectLooksWithoutTouchingTests {
  @Test func anExpectationDoesNotShiftTheNextNumber() {
    let session = Session()
    _ = session.execute("class A")
    _ = session.execute("register A scope=prototype")
    #expect(session.execute("resolve A").output.first == "A#1")
    #expect(!session.execute("expect A new").isFailure)
    #expect(!session.execute("expect A is A").isFailure)
    #expect(session.execute("resolve A").output.first == "A#2", "the expectations built nothing numbered")
  }

  @Test func anExpectationOnASingletonNotYetBuiltLeavesItUnbuilt() {
    let session = Session()
    _ = session.execute("class A")
    _ = session.execute("register A")
    let refused = session.execute("expect A cached")
    #expect(refused.isFailure)
    #expect(refused.output.first == "error: expected 'A' to be cached, but a resolve would build a new A")
    #expect(!session.execute("expect A new").isFailure, "still not built: the expectation cached nothing")
    #expect(session.execute("resolve A").output.first == "A#1")
    #expect(!session.execute("expect A cached").isFailure)
    let wrong = session.execute("expect A new")
    #expect(wrong.output.first == "error: expected 'A' to be new, but A#1 is cached")
  }

  @Test func anExpectationHoldsNoReleasedInstance() {
    let session = Session()
    _ = session.execute("class A")
    _ = session.execute("register A scope=weak")
    #expect(session.execute("resolve A").output.first == "A#1")
    _ = session.execute("release #1")
    #expect(!session.execute("expect A new").isFailure, "#1 is gone: a resolve would build")
    #expect(session.instance(numbered: 1) == nil)
    #expect(session.execute("resolve A").output.first == "A#2")
  }
}

/// `remove` and `unmock` say what answers now in the same words (one note, `RemovalText`).
@Suite struct RemovalNoteTests {
  @Test func unmockAndRemoveWordAnEmptiedStackAlike() {
    let session = Session()
    _ = session.execute("class Clock")
    _ = session.execute("mock Clock")
    let unmocked = session.execute("unmock Clock")
    #expect(unmocked.output.first?.hasSuffix("(the stack of 'Clock' is empty now)") == true, "\(unmocked.output)")
    _ = session.execute("register Clock")
    let removed = session.execute("remove t2")
    #expect(removed.output.first?.hasSuffix("(the stack of 'Clock' is empty now)") == true, "\(removed.output)")
  }
}

/// Every bound a session keeps is a `SessionLimits` field, so a host (a debugger attached for
/// hours) can set each.
@Suite struct SessionLimitsTests {
  @Test func aRecordingMockAndTheMockHistoryKeepTheirNewest() {
    let session = Session(options: SessionOptions(limits: SessionLimits(maximumMockNotes: 2, maximumMockSwaps: 2)))
    _ = session.execute("class A")
    _ = session.execute("mock A")
    for _ in 0..<3 { _ = session.execute("resolve A") }
    let mock = session.instance(numbered: 1)
    #expect(mock?.recorded.count == 2, "\(mock?.recorded ?? [])")
    _ = session.execute("unmock A")
    _ = session.execute("mock A")
    let history = session.execute("show mocks").output
    let swaps = history.drop { $0 != "history:" }.dropFirst().prefix { $0.hasPrefix("  ") }
    #expect(swaps.count == 2, "\(history)")
    #expect(swaps.last?.hasPrefix("  + t2") == true, "the newest kept: \(history)")
  }
}
