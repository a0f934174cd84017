import DIScope
import DisScript
import Foundation
import Synchronization
import TestSupport
import Testing

/// A session over an app's container sees the whole app: its live children, its resolutions,
/// its instances by number (held weakly), its types by their module-qualified names.
@Suite struct AppVisibleSessionTests {
  final class Logging: Sendable {}
  final class RequestID: Sendable {
    let tally: AliveTally
    init(tally: AliveTally) {
      self.tally = tally
      tally.alive.add(1, ordering: .relaxed)
    }
    deinit { tally.alive.subtract(1, ordering: .relaxed) }
  }
  final class Handler: Sendable {
    let logging: Logging
    let request: RequestID?
    init(logging: Logging, request: RequestID?) {
      self.logging = logging
      self.request = request
    }
  }

  func app(_ tally: AliveTally) -> Container {
    let app = Container(name: "app")
    app.register(Logging.self) { _ in Logging() }
    app.register(Handler.self, scope: .prototype) { r in
      Handler(logging: try r.resolve(Logging.self), request: try r.optionalResolve(RequestID.self))
    }
    return app
  }

  /// A session attached after the app made its children (a session's child made at launch, a
  /// request under way) still sees each that holds something of its own, and can enter it.
  @Test func childrenMadeBeforeTheSessionAttachedAreListed() throws {
    let tally = AliveTally()
    let app = app(tally)
    let tenant = app.makeChild(named: "tenant")
    tenant.register(RequestID.self, value: RequestID(tally: tally))
    let session = Session(container: app)
    let stacks = session.execute("show stacks").output
    #expect(stacks.contains("container tenant (1 live, newest tenant#\(tenant.number), child of app)"), "\(stacks)")
    #expect(!session.execute("container use tenant").isFailure && session.container === tenant)
    #expect(!session.execute("resolve Handler").isFailure)
  }

  /// A singleton the app built before the session attached prints with its number, as one built
  /// since does: `#N` names it in the next command.
  @Test func anInstanceBuiltBeforeTheSessionIsNumberedWhenResolved() throws {
    let app = app(AliveTally())
    let logging = try app.resolve(Logging.self)
    let session = Session(container: app)
    let output = session.execute("resolve Logging").output
    let first = try #require(output.first)
    #expect(first.hasPrefix("Logging#"), "\(output)")
    let number = first.dropFirst("Logging#".count).prefix { $0.isNumber }
    #expect(!number.isEmpty, "\(output)")
    #expect(session.execute("resolve Logging").output.first == first, "the same number again")
    withExtendedLifetime(logging) {}
  }

  /// A request's child the app shut down, entered by the session: named with its number, and the
  /// hint moves to a live one rather than acting on the app's (no `release container`).
  @Test func aRequestTheAppShutDownIsNamedAndTheHintEntersALiveOne() throws {
    let app = app(AliveTally())
    let request = app.makeChild(named: "request")
    request.register(Logging.self) { _ in Logging() }
    let session = Session(container: app)
    #expect(!session.execute("container use request").isFailure)
    try request.shutdownSynchronously()
    let failed = session.execute("resolve Logging")
    #expect(failed.isFailure)
    #expect(failed.output.first == "error: cannot resolve 'Logging': the container 'request#\(request.number)' was shut down", "\(failed.output)")
    let hint = failed.output.first { $0.hasPrefix("  hint:") } ?? ""
    #expect(hint.contains("'container use request' enters a live one"), "\(failed.output)")
    #expect(!hint.contains("release container"), "\(failed.output)")
  }

  /// A child the session made itself is listed under its parent, apart from the app's.
  @Test func aChildTheSessionMadeIsListedApart() throws {
    let app = app(AliveTally())
    let session = Session(container: app)
    #expect(!session.execute("container child dbg").isFailure)
    #expect(!session.execute("class Foo").isFailure)
    #expect(!session.execute("register Foo").isFailure)
    #expect(!session.execute("container use app").isFailure)
    let stacks = session.execute("show stacks").output
    #expect(stacks.contains { $0.hasPrefix("children the session made under app") }, "\(stacks)")
    #expect(stacks.contains("container dbg (1 service)"), "\(stacks)")
  }

  /// Over an app's container, `reset` would make a fresh root of the session's own and cut it
  /// off from the app: refused, and the session still acts on the app.
  @Test func resetIsRefusedOverAnAppsContainer() throws {
    let app = app(AliveTally())
    let session = Session(container: app)
    let reset = session.execute("reset")
    #expect(reset.isFailure)
    #expect(reset.output.first?.hasPrefix("error: 'reset' would leave the app's container") == true, "\(reset.output)")
    #expect(session.container === app)
    #expect(!session.execute("resolve Handler").isFailure)
  }

  @Test func liveChildrenShowGroupedAndCanBeEntered() throws {
    let tally = AliveTally()
    let app = app(tally)
    let session = Session(container: app)
    var requests: [Container] = (0..<3).map { _ in app.makeChild(named: "request") }
    for request in requests { request.register(RequestID.self) { _ in RequestID(tally: tally) } }
    let stacks = session.execute("show stacks").output
    #expect(stacks.contains("container request (3 live, newest request#\(requests[2].number), child of app)"), "\(stacks)")
    #expect(stacks.contains("  RequestID"), "\(stacks)")

    // `show stacks S` lists only the children that register S themselves.
    #expect(session.execute("show stacks RequestID").output.contains("  RequestID"))
    #expect(!session.execute("show stacks Logging").output.joined().contains("live children"))

    let entered = session.execute("container use request")
    #expect(!entered.isFailure && entered.output.first == "container request#\(requests[2].number) (child of app) is current", "\(entered.output)")
    #expect(session.container === requests[2])
    let picked = session.execute("container use request#\(requests[0].number)")
    #expect(session.container === requests[0], "\(picked.output)")
    #expect(!session.execute("resolve RequestID").isFailure)
    #expect(!session.execute("container use app").isFailure && session.container === app)

    let gone = requests[1].number
    requests.remove(at: 1)
    let missing = session.execute("container use request#\(gone)")
    #expect(missing.isFailure && missing.output.first == "error: request#\(gone) is gone (shut down or released)", "\(missing.output)")
    requests = []
    let none = session.execute("container use request")
    #expect(none.isFailure && none.output.first == "error: no container named 'request'", "\(none.output)")
  }

  @Test func showTraceShowsTheAppsResolutionsWithTheirOrigin() throws {
    let tally = AliveTally()
    let app = app(tally)
    let session = Session(container: app)
    _ = session.execute("show tokens")
    let done = DispatchSemaphore(value: 0)
    let number = Mutex<UInt64>(0)
    Thread.detachNewThread {
      let request = app.makeChild(named: "request")
      number.withLock { $0 = request.number }
      request.register(RequestID.self) { _ in RequestID(tally: tally) }
      _ = try? request.resolve(Handler.self)
      done.signal()
    }
    done.wait()
    let trace = session.execute("show trace").output
    let origin = "request#\(number.withLock { $0 }), thread "
    #expect(trace.contains { $0.hasPrefix(origin) && $0.contains("Handler") }, "\(trace)")
    let qualified = session.execute("show trace DisScriptTests.AppVisibleSessionTests.Handler")
    #expect(!qualified.isFailure, "\(qualified.output)")
  }

  @Test func instanceNumbersWorkAttachedAndKeepNothingAlive() throws {
    let tally = AliveTally()
    let app = app(tally)
    let session = Session(container: app)
    _ = session.execute("show tokens")
    // Built on the app's own thread, as a request is served.
    let made = Locked<(Container, Handler)?>(nil)
    let done = DispatchSemaphore(value: 0)
    // In a function of its own: the thread holds nothing of the request once it signals.
    @Sendable func serve() {
      let request = app.makeChild(named: "request")
      request.register(RequestID.self) { _ in RequestID(tally: tally) }
      made.withLock { $0 = (request, try! request.resolve(Handler.self)) }
    }
    Thread.detachNewThread {
      serve()
      done.signal()
    }
    done.wait()
    var request: Container? = made.withLock { $0?.0 }
    var handler: Handler? = made.withLock { $0?.1 }
    made.withLock { $0 = nil }
    _ = session.execute("show tokens")  // the session takes in the app's events
    let handlerNumber = try #require(number(in: session.execute("show trace").output, of: "Handler"))
    let loggingNumber = try #require(number(in: session.execute("show trace").output, of: "Logging"))
    let holds = session.execute("expect #\(handlerNumber).logging = #\(loggingNumber)")
    #expect(!holds.isFailure, "\(holds.output)")
    let wrong = session.execute("expect #\(handlerNumber).request = nil")
    #expect(wrong.isFailure && wrong.output.first?.hasPrefix("error: expected #\(handlerNumber).request to be nil") == true, "\(wrong.output)")
    // The app's singleton is found in its container's cache; the session holds none of the
    // app's objects, so it has none to release.
    let missing = session.execute("expect #\(loggingNumber).missing = nil")
    #expect(missing.isFailure && missing.output.first == "error: Logging#\(loggingNumber) has no property 'missing'", "\(missing.output)")
    let release = session.execute("release #\(loggingNumber)")
    #expect(release.isFailure && release.output.first?.contains("the session holds none of them") == true, "\(release.output)")

    let listed = app.liveChildren.map(\.number) == [request?.number]
    #expect(listed)
    handler = nil
    request = nil
    #expect(tally.alive.load(ordering: .relaxed) == 0, "the session kept a request's instance alive")
    let gone = session.execute("expect #\(handlerNumber).logging = #\(loggingNumber)")
    #expect(gone.isFailure && gone.output.first == "error: #\(handlerNumber) is gone (released): the app let go of it", "\(gone.output)")
    #expect(gone.output.count == 2 && gone.output[1].contains("keeps none of the app's instances alive"))
    withExtendedLifetime(handler) {}
  }

  @Test func qualifiedNamesAnswerAsShortOnes() throws {
    let app = app(AliveTally())
    let session = Session(container: app)
    let resolved = session.execute("resolve DisScriptTests.AppVisibleSessionTests.Logging")
    #expect(!resolved.isFailure && resolved.output.first?.hasPrefix("Logging#") == true, "\(resolved.output)")
    #expect(!session.execute("why DisScriptTests.AppVisibleSessionTests.Logging").isFailure)
    #expect(!session.execute("expect DisScriptTests.AppVisibleSessionTests.Logging cached").isFailure)
  }

  /// The number of `type`'s instance in a trace's lines (`Handler → Handler#12 created ...`).
  private func number(in lines: [String], of type: String) -> Int? {
    for line in lines {
      guard let range = line.range(of: "\(type)#") else { continue }
      let digits = line[range.upperBound...].prefix { $0.isNumber }
      if let number = Int(digits) { return number }
    }
    return nil
  }
}

/// A session following a busy app keeps what it can name, not a token of every request's value.
@Suite struct BusyAppTokenTests {
  final class RequestID: Sendable {}
  final class Logging: Sendable {}

  @Test func requestsRegisteringValuesGrowNoTokenTable() throws {
    let app = Container(name: "shop")
    app.register(Logging.self) { _ in Logging() }
    let session = Session(container: app)
    let before = session.completionCandidates.tokens.count
    for _ in 0..<200 {
      let request = app.makeChild(named: "request")
      request.register(RequestID.self, value: RequestID())
      try request.shutdownSynchronously()
    }
    _ = session.execute("show stacks")
    #expect(session.completionCandidates.tokens.count == before, "the requests' tokens were kept")
    // The app's own registration in the root is still adopted and can be named.
    app.register(Logging.self) { _ in Logging() }
    _ = session.execute("show stacks")
    #expect(session.completionCandidates.tokens.count == before + 1)
  }
}
