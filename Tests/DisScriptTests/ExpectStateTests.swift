import DisScript
import Testing

/// The `expect` forms that state what instances hold and what became of them: each holds in the
/// state it names and fails in the state next to it (whether it holds, not its wording).
@Suite struct ExpectStateTests {
  private func holds(_ session: Session, _ expectation: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    let outcome = session.execute("expect " + expectation)
    #expect(outcome.diagnostics.isEmpty, "\(expectation) does not parse", sourceLocation: sourceLocation)
    return !outcome.isFailure
  }

  @Test func holdsLooksThroughWhatAnInstanceHolds() {
    let session = session("""
      protocol Logger
      class ConsoleLogger: Logger
      class WebService(logger: Logger)
      class Details(user: arg String)
      class Screen(web: WebService, make: Provider<WebService>, details: Provider<Details, String>)
      register Logger = ConsoleLogger
      register WebService
      register Details
      register Screen
      """)
    #expect(holds(session, "Screen holds WebService"))
    #expect(holds(session, "Screen holds ConsoleLogger"))
    #expect(holds(session, "Screen holds Logger"), "a protocol the held class conforms to")
    #expect(!holds(session, "WebService holds Screen"))
    #expect(holds(session, "Screen holds Provider<WebService>"))
    #expect(holds(session, "Screen holds Provider<Details, String>"))
    #expect(!holds(session, "Screen holds Provider<Logger>"))
    #expect(!holds(session, "Screen holds Provider<Details>"))
    #expect(!holds(session, "Screen holds Provider<Details, Int>"))
  }

  @Test func holdsNewRefusesWhatAnEarlierResolveBuilt() {
    let session = session("""
      class Session
      class Screen(session: Session)
      register Session
      register Screen scope=prototype
      """)
    #expect(holds(session, "Screen holds new Session"), "nothing built yet: the look builds it")
    _ = session.execute("resolve Screen")
    #expect(!holds(session, "Screen holds new Session"), "the singleton Session is kept and shared")
    _ = session.execute("scope t1 graph")
    #expect(holds(session, "Screen holds new Session"))
  }

  @Test func isNumberSaysWhichInstanceAnswers() {
    let session = session("class A\nregister A\nresolve A")
    #expect(holds(session, "A is #1"))
    #expect(!holds(session, "A is #2"))
    _ = session.execute("cache t1 off")
    #expect(!holds(session, "A is #1"), "a resolve would build another")
  }

  @Test func disposedAndGoneSayWhatBecameOfAnInstance() {
    let session = session("""
      class A
      class B
      register A scope=weak
      resolve A
      container child request
      register B
      resolve B
      """)
    #expect(!holds(session, "#1 gone"), "the session holds it")
    #expect(!holds(session, "#2 disposed"))
    #expect(!holds(session, "#9 gone"), "no #9 was ever built")
    #expect(!holds(session, "no container request"))
    _ = session.execute("release container request")
    #expect(holds(session, "#2 disposed"))
    #expect(holds(session, "no container request"))
    #expect(!holds(session, "#1 disposed"))
    _ = session.execute("release #1")
    #expect(holds(session, "#1 gone"))
    _ = session.execute("reset")
    #expect(!holds(session, "#2 disposed"), "a reset family knows nothing of the old one's instances")
  }
}
