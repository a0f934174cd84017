import DIScope
import DisScript
import Testing

/// The seed world with ZoneController built holding the real WebService (#2), and a mock ready.
private func builtSeed() -> Session {
  session(seedWorld + "\nresolve ControlContext")
}

@Suite("Stale references and 'why' in scripts")
struct StaleAndWhyTests {
  @Test func aMockOverABuiltDependencyPrintsANoteNamingTheHolderItsParameterAndTheFix() {
    let session = builtSeed()
    let outcome = session.execute("mock WebService")
    #expect(!outcome.isFailure)
    #expect(outcome.output.dropFirst() == [
      "note: RFZoneController#3.webService (t3, singleton) still holds WebService#2 from t2, which no longer answers for WebService (t5 answers now); 'cache t3 off' then 'cache t3 on' rebuilds it",
      "note: ControlContext#4.webService (t4, singleton) still holds WebService#2 from t2, which no longer answers for WebService (t5 answers now); 'cache t4 off' then 'cache t4 on' rebuilds it",
    ])
    // Noted once: a second mock over the first leaves the same instances stale, and says nothing.
    #expect(session.execute("mock WebService").output.count == 1)
  }

  @Test(arguments: [
    ("register WebService", "no longer answers for WebService (t5 answers now)"),
    ("remove t2", "no longer answers for WebService (nothing does now)"),
    ("scope t2 prototype", "which t2 no longer hands out (it is prototype now)"),
    ("cache t2 off", "which t2 no longer hands out (it is caching off now)"),
  ])
  func everyChangeThatLeavesAStaleReferenceNotesIt(command: String, change: String) throws {
    let session = builtSeed()
    let notes = session.execute(command).output.filter { $0.hasPrefix("note: ") }
    #expect(notes.count == 2)
    #expect(notes.first?.contains(change) == true, "\(notes)")
  }

  @Test func unmockAndDeactivateNoteTheMockOrAssemblyLeftInside() {
    let session = session(seedWorld + "\nmock WebService\nresolve ZoneController")
    #expect(!session.execute("assembly Offline {\n  register Logger = ConsoleLogger\n}").isFailure)
    let unmock = session.execute("unmock WebService").output
    #expect(unmock.last?.hasPrefix("note: RFZoneController#2.webService (t3, singleton) still holds MockWebService#1 from t5, which no longer answers for WebService (t2 answers now)") == true, "\(unmock)")
    _ = session.execute("resolve WebService")  // WebService#4 holds ConsoleLogger#3
    #expect(session.execute("activate Offline").output.last?.hasPrefix("note: WebService#4.logger (t2, singleton) still holds ConsoleLogger#3 from t1") == true)
    // Removing the assembly lets t1 answer again: what WebService#4 holds is current again.
    #expect(session.execute("deactivate Offline").output.allSatisfy { !$0.hasPrefix("note:") })
    expectOutput(session, "show stale Logger", ["no stale references to or from 'Logger'"])
  }

  @Test func aChildsOverrideNotesThatItsParentsSingletonNeverSeesIt() {
    let session = builtSeed()
    expectOutput(session, "container child test", ["container test (child of root) is current"])
    let notes = session.execute("register WebService").output.filter { $0.hasPrefix("note: ") }
    #expect(notes.first == "note: RFZoneController#3.webService (t3, singleton) still holds WebService#2 from t2, which no longer answers for WebService in test (t5 answers now); 'register ZoneController = RFZoneController' in test builds one there that sees it")
  }

  @Test func aPrototypeHolderLeavesNothingStale() {
    let session = session(seedWorld + "\nscope t4 prototype\ncache t3 off\nresolve ControlContext")
    #expect(session.execute("mock WebService").output.count == 1, "only the push, no note")
    expectOutput(session, "show stale", ["no stale references"])
    expectOutput(session, "expect no stale", [])
  }

  @Test func showStaleAndExpectNoStaleAndTheFix() {
    let session = builtSeed()
    _ = session.execute("mock WebService")
    let shown = session.execute("show stale ZoneController").output
    #expect(shown.count == 1 && shown[0].hasPrefix("RFZoneController#3.webService (t3, singleton)"))
    let failed = session.execute("expect no stale")
    #expect(failed.isFailure)
    #expect(failed.output.first == "error: expected no stale references, found 2:")
    run(session, "cache t3 off\ncache t3 on\ncache t4 off\ncache t4 on")
    expectOutput(session, "expect no stale", [])
    expectOutput(session, "show stale", ["no stale references"])
  }

  @Test func whyExplainsAnUnbuiltServiceAndWhatItWouldBuild() {
    let session = session(seedWorld)
    expectOutput(session, "why ControlContext", [
      "ControlContext: t4 ControlContext answers (the only registration in root)",
      "  scope: singleton, caching on",
      "  resolve now: builds it and caches it (singleton)",
      "  would build: ControlContext(webService: t2 WebService new, zoneController: t3 RFZoneController new)",
    ])
  }

  @Test func whyExplainsAMockedServiceItsHoldersAndWhatIsStale() {
    let session = builtSeed()
    run(session, "mock WebService\nresolve ZoneController")
    let lines = session.execute("why WebService").output
    #expect(lines.first == "WebService: t5 MockWebService answers (a mock; newest of 2 in root; shadows t2)")
    #expect(lines.contains("  resolve now: builds it and caches it (singleton)"))
    #expect(lines.filter { $0.hasPrefix("  stale: ") }.count == 2)
    _ = session.execute("resolve WebService")
    let after = session.execute("why WebService").output
    #expect(after.contains("  cached: MockWebService#5, built by resolve WebService"))
    _ = session.execute("why ZoneController")
    let zone = session.execute("why ZoneController").output
    #expect(zone.contains("  holds: WebService#2 (t2)"))
    #expect(zone.contains("  held by: ControlContext#4.zoneController (t4)"))
  }

  @Test func whyOfAnUnregisteredServiceSaysNothingAnswersAndOfAnUnknownOneFails() {
    let session = session("protocol Logger\nprotocol Analytics")
    expectOutput(session, "why Analytics", [
      "Analytics: nothing answers in root",
      "  hint: to fix, register it: container.register(Analytics.self) { r in ... }",
    ])
    _ = expectError(session, "why Nope", "unknown service 'Nope'")
  }

  @Test func validateReportsASingletonHoldingAWeakInstance() {
    let session = session("""
      class Session
      class Cache(session: Session)
      register Session scope=weak
      register Cache
      """)
    let report = session.execute("validate")
    #expect(report.isFailure)
    #expect(report.output.first == "error: 'Cache' (singleton, t2) holds 'Session' (weak, t1): the Session it holds is never released, so it is not weak at all")
  }
}

@Suite("Runtime arguments: validation and mocks")
struct ArgumentDefectTests {
  @Test func validateSaysADependencyCannotBeGivenRuntimeArgumentsInScriptTerms() {
    let session = session("""
      class PhotoService
      class UserDetails(photos: PhotoService, user: arg String)
      class Screen(details: UserDetails)
      register PhotoService
      register UserDetails
      register Screen
      """)
    let report = session.execute("validate")
    #expect(report.isFailure)
    #expect(report.output.prefix(3) == [
      "error: 'UserDetails' (t2) takes runtime arguments (user: String), which 'Screen' cannot give it",
      "  path: Screen -> UserDetails",
      "  hint: inject 'Provider<UserDetails, String>' into 'Screen' and 'call' it with them",
    ])
    #expect(!report.output.contains { $0.contains("ScriptArguments") || $0.contains("a singleton") })
  }

  @Test func aMockOfAnArgumentTakingServiceStandsInForEveryCallAndSaysSo() {
    let session = session("""
      class UserDetails(user: arg String)
      class Profile(details: Provider<UserDetails, String>)
      register UserDetails
      register Profile
      resolve Profile
      mock UserDetails
      """)
    let called = session.execute("call #1.details user=ann")
    #expect(!called.isFailure, "\(called.output)")
    #expect(called.output.first == "MockUserDetails#2")
    #expect(called.output.last == "note: t3 MockUserDetails is a mock: it stands in for every resolve of 'UserDetails', and the arguments were not passed to it")
    #expect(!session.execute("resolve UserDetails with user=bob").isFailure)
  }
}

/// `why` names who holds the current instance: what the container caches, and what the session
/// holds that the container does not (a prototype's instances).
@Suite("why names holders")
struct WhyHoldersTests {
  @Test func aPrototypesInstanceHoldingTheCachedOneIsNamed() {
    let session = Session()
    for line in ["class Logger", "class Web(logger: Logger)", "register Logger", "register Web scope=prototype", "resolve Web"] {
      _ = session.execute(line)
    }
    let why = session.execute("why Logger").output
    #expect(why.contains("  held by: Web#2.logger"), "\(why)")
  }
}

/// A class with runtime arguments can be a mock, and 'expect S is Impl' can be written for it.
@Suite("runtime arguments in mocks and expectations")
struct RuntimeArgumentMockTests {
  let setUp = ["class PhotoService", "class UserDetails(photos: PhotoService, user: arg String)", "register PhotoService",
               "register UserDetails", "class FakeDetails(user: arg String): UserDetails"]

  @Test func expectIsNeedsNoArguments() {
    let session = Session()
    for line in setUp { _ = session.execute(line) }
    #expect(!session.execute("expect UserDetails is UserDetails").isFailure)
    let wrong = session.execute("expect UserDetails is FakeDetails")
    #expect(wrong.isFailure && wrong.output.first?.contains("t2  UserDetails") == true, "\(wrong.output)")
  }

  @Test func aClassWithRuntimeArgumentsStandsInAsAMock() {
    let session = Session()
    for line in setUp { _ = session.execute(line) }
    let mocked = session.execute("mock UserDetails = FakeDetails")
    #expect(!mocked.isFailure, "\(mocked.output)")
    #expect(mocked.output.first?.contains("[prototype, mock, takes arguments]") == true, "\(mocked.output)")
    let resolved = session.execute("resolve UserDetails with user=\"bo\"")
    #expect(resolved.output.first == "FakeDetails#1(user: \"bo\")", "\(resolved.output)")
    #expect(!session.execute("expect UserDetails is FakeDetails").isFailure)
    #expect(!session.execute("unmock UserDetails").isFailure)
  }
}

/// An `expect` takes hold of nothing: an instance released stays released, and what it builds
/// the session does not keep.
@Suite("expect holds nothing")
struct ExpectHoldsNothingTests {
  @Test func aReleasedInstanceStaysReleasedAfterAnExpectation() {
    let session = Session()
    for line in ["class ContentCache", "class Holder(cache: ContentCache)", "register ContentCache scope=weak",
                 "register Holder", "resolve Holder", "release #1"] {
      _ = session.execute(line)
    }
    #expect(!session.execute("expect ContentCache cached").isFailure)
    let again = session.execute("release #1")
    #expect(again.isFailure && again.output.first == "error: #1 was released", "\(again.output)")
  }

  @Test func whatAnExpectationBuildsIsNotHeld() {
    let session = Session()
    for line in ["class Part", "class Whole(part: Part)", "register Part scope=weak", "register Whole scope=prototype"] {
      _ = session.execute(line)
    }
    #expect(!session.execute("expect Whole new").isFailure)
    // Nothing holds the weak Part the expectation built: the next resolve builds a new one.
    let resolved = session.execute("resolve Part").output
    #expect(resolved.last?.contains("created") == true, "\(resolved)")
  }
}

/// Issue 44: where the container cannot know what an instance holds (it was built before holders
/// were tracked, as an app's may be before a session attaches), `show stale`, `expect no stale`,
/// `why` and the notes under a change say "unknown", and why, never "none".
@Suite("Stale references that cannot be known")
struct UnknownHoldingsTests {
  final class Logging: Sendable {}
  final class Web: Sendable {
    let logging: Logging
    init(logging: Logging) { self.logging = logging }
  }

  /// An app's container whose `Web` singleton was built before anything tracked holders.
  func appBuiltBeforeTracking() throws -> Session {
    let app = Container(name: "app")
    app.register(Logging.self) { _ in Logging() }
    app.register(Web.self) { r in Web(logging: try r.resolve(Logging.self)) }
    _ = try app.resolve(Web.self)
    return Session(container: app)
  }

  @Test func showStaleSaysUnknownAndWhyRatherThanNone() throws {
    let session = try appBuiltBeforeTracking()
    let output = session.execute("show stale").output
    #expect(!output.contains("no stale references"), "\(output)")
    #expect(output.contains { $0.hasPrefix("unknown: what ") && $0.contains("(t2) holds: built before holders were tracked") }, "\(output)")
    #expect(output.contains { $0.contains("hint: ") && $0.contains("cache t") }, "\(output)")
  }

  @Test func expectNoStaleFailsWithTheReason() throws {
    let session = try appBuiltBeforeTracking()
    let outcome = session.execute("expect no stale")
    #expect(outcome.isFailure, "\(outcome.output)")
    #expect(outcome.output.first == "error: expected no stale references, but whether there are is unknown:", "\(outcome.output)")
  }

  @Test func aMockOverWhatAnUntrackedInstanceMayHoldIsNotedAsUnknownOnce() throws {
    let session = try appBuiltBeforeTracking()
    session.container.registerMock(Logging.self) { Logging() }
    let notes = session.execute("mock Logging").output.filter { $0.hasPrefix("note: unknown whether ") }
    #expect(notes.count == 1 && notes.contains { $0.contains("(t2) holds what this changed") }, "\(notes)")
    let again = session.execute("unmock Logging").output
    #expect(!again.contains { $0.hasPrefix("note: unknown") && $0.contains("(t2)") }, "said once: \(again)")
  }

  @Test func whySaysWhatItHoldsAndWhoHoldsItAreUnknown() throws {
    let session = try appBuiltBeforeTracking()
    let web = session.execute("why Web").output
    #expect(web.contains("  holds: unknown (built before holders were tracked)"), "\(web)")
    let logging = session.execute("why Logging").output
    #expect(logging.contains { $0.hasPrefix("  unknown: whether ") && $0.contains("(t2)") }, "\(logging)")
  }

  /// Rebuilt while tracked, it is known: its stale reference is found, and nothing is unknown of it.
  @Test func rebuiltItIsKnown() throws {
    let session = try appBuiltBeforeTracking()
    for command in ["cache t2 off", "cache t2 on", "resolve Web"] { #expect(!session.execute(command).isFailure) }
    let output = session.execute("show stale Web").output
    #expect(!output.contains { $0.contains("(t2) holds: built before") }, "\(output)")
  }
}
