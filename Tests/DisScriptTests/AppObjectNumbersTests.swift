import DIScope
import Testing

@testable import DisScript

/// The app's objects by number (`AppObjectNumbers`), fed real steps without a session: a
/// container's Swift objects, taken in from its intake.
@Suite struct AppObjectNumbersTests {
  final class Logger: Sendable {}
  final class Request: Sendable {}

  /// Feeds `objects` every step the share took since the last call.
  static func see(_ share: SessionEvents.Share, into objects: inout AppObjectNumbers, limit: Int = 100) {
    for arrival in share.take().arrivals {
      if case .resolved(let step) = arrival.event { objects.see(step, keepingAtMost: limit) }
    }
  }

  /// The steps the share took since the last call.
  static func steps(_ share: SessionEvents.Share) -> [ResolutionStep] {
    share.take().arrivals.compactMap { if case .resolved(let step) = $0.event { step } else { nil } }
  }

  /// An object built is numbered while it lives, and named by no number once gone; a singleton
  /// cached before anyone watched is numbered the first time it is seen.
  @Test func anObjectIsNumberedWhileItLivesAndACachedOneWhenFirstSeen() throws {
    let container = Container(name: "app")
    container.register(Logger.self) { _ in Logger() }
    container.register(Request.self, scope: .prototype) { _ in Request() }
    let logger = try container.resolve(Logger.self)  // built before the intake
    let share = SessionEvents(observing: container).share(glyphs: .ascii)
    var objects = AppObjectNumbers()
    var request: Request? = try container.resolve(Request.self)
    Self.see(share, into: &objects)
    let numbered = objects
    let requestNumber = try #require(request.flatMap { numbered.number(of: $0) })
    #expect(objects.object(numbered: requestNumber) === request)
    #expect(objects.number(of: logger) == nil, "never seen")
    _ = try container.resolve(Logger.self)
    Self.see(share, into: &objects)
    let loggerNumber = try #require(objects.number(of: logger))
    #expect(loggerNumber != requestNumber)
    request = nil
    #expect(objects.object(numbered: requestNumber) == nil && objects.wasSeen(requestNumber), "gone, but seen")
    #expect(!objects.wasSeen(loggerNumber + requestNumber + 1))
  }

  /// Past the limit, the gone objects' numbers are forgotten, the live ones kept; with more than
  /// half the limit alive, all are forgotten (a busy app's requests must not grow the session).
  @Test func pastTheLimitGoneObjectsAreForgottenFirst() throws {
    let container = Container(name: "app")
    container.register(Request.self, scope: .prototype) { _ in Request() }
    let share = SessionEvents(observing: container).share(glyphs: .ascii)
    var objects = AppObjectNumbers()
    let kept = try container.resolve(Request.self)
    Self.see(share, into: &objects, limit: 4)
    let keptNumber = try #require(objects.number(of: kept))
    var goneNumbers: [Int] = []
    for _ in 0..<5 {
      _ = try container.resolve(Request.self)  // the app lets it go; its step holds it until seen
      for step in Self.steps(share) {
        objects.see(step, keepingAtMost: 4)
        goneNumbers += step.instanceNumber.map { [$0] } ?? []
      }
    }
    try #require(goneNumbers.count == 5)
    #expect(objects.number(of: kept) == keptNumber, "alive: kept past the limit")
    #expect(!objects.wasSeen(goneNumbers[0]), "a gone one's number is forgotten past the limit")
    #expect(objects.wasSeen(goneNumbers[4]), "the newest, numbered after the purge")
    var alive: [Request] = []
    for _ in 0..<6 { alive.append(try container.resolve(Request.self)) }
    Self.see(share, into: &objects, limit: 4)
    #expect(objects.number(of: kept) == nil, "more than half the limit alive: all forgotten")
    #expect(objects.number(of: alive[5]) != nil, "the newest is numbered after the purge")
  }
}
