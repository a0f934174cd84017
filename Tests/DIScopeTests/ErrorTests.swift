import DIScope
import Testing

final class CycleA: Sendable { init(_ b: CycleB) {} }
final class CycleB: Sendable { init(_ c: CycleC) {} }
final class CycleC: Sendable { init(_ a: CycleA) {} }

final class Node: Sendable {
  let next: Node?
  init(next: Node?) { self.next = next }
}

enum Boom: Error { case failed }

@Suite("Errors say what, along which path, and what to do")
struct ErrorTests {
  @Test func aMissingDependencyNamesThePath() throws {
    let container = Container()
    container.register(ControlContext.self) { r in
      ControlContext(
        webService: try r.resolve(WebService.self),
        zoneController: try r.resolve((any ZoneController).self))
    }
    container.register(WebService.self) { r in WebService(logger: try r.resolve((any Logger).self)) }
    let error = try #require(throws: ResolutionError.self) {
      try container.resolve(ControlContext.self)
    }
    #expect(error.kind == .notRegistered)
    #expect(error.pathDescription == "ControlContext -> WebService -> Logger")
    #expect(error.message == "no registration for 'Logger'")
    #expect(error.description.contains("path: ControlContext -> WebService -> Logger"))
    #expect(error.hint?.contains("container.register(Logger.self)") == true)
  }

  @Test func theHintSuggestsTheClosestRegisteredName() throws {
    final class Loger: Sendable {}
    let container = Container()
    let line = #line + 1
    let token = container.register(Loger.self) { _ in Loger() }
    let error = try #require(throws: ResolutionError.self) {
      try container.resolve((any Logger).self)
    }
    // The registration meant, and where it was made (issue 44).
    #expect(error.hint?.contains("did you mean 'Loger' (\(token) Loger [singleton] made at ErrorTests.swift:\(line))?") == true, "\(error.hint ?? "")")
  }

  @Test func theHintPointsAtOtherNames() throws {
    let container = Container()
    container.register((any Logger).self, name: "file") { _ in FileLogger() }
    let error = try #require(throws: ResolutionError.self) { try container.resolve((any Logger).self) }
    #expect(error.hint?.contains("registered under the name \"file\"") == true)
  }

  /// Every other name is listed, each quoted as Swift writes a string, so that a quote in a name
  /// does not end it early.
  @Test func theHintListsEveryOtherNameQuoted() throws {
    let container = Container()
    container.register((any Logger).self, name: "x\"y") { _ in FileLogger() }
    container.register((any Logger).self, name: "plain") { _ in FileLogger() }
    container.register((any Logger).self, name: "plain") { _ in FileLogger() }
    container.register((any Logger).self) { _ in FileLogger() }
    let error = try #require(throws: ResolutionError.self) {
      try container.resolve((any Logger).self, name: "other")
    }
    let names = error.hints.lazy.compactMap { hint -> [String?]? in
      if case .registeredUnderAnotherName("Logger", let names, _) = hint { names } else { nil }
    }.first
    #expect(names == ["x\"y", "plain", nil], "\(error.hints)")
    #expect(
      error.hint?.contains(#"'Logger' is registered without a name and under the names "x\"y", "plain""#) == true,
      "\(error.hint ?? "")")
  }

  @Test func theHintSaysWhenAStackWasEmptied() throws {
    let container = Container()
    let token = container.register((any Logger).self) { _ in ConsoleLogger() }
    container.remove(token)
    let error = try #require(throws: ResolutionError.self) { try container.resolve((any Logger).self) }
    #expect(error.hint?.contains("the stack of 'Logger' is empty") == true)
  }

  @Test func aSameNamedTypeFromAnotherScopeIsPointedOut() throws {
    enum Other { final class Db: Sendable {} }
    let container = Container()
    container.register(Other.Db.self) { _ in Other.Db() }
    let error = try #require(throws: ResolutionError.self) { try container.resolve(Db.self) }
    #expect(error.hint?.contains("a type of the same name from another module") == true)
  }

  /// A path says which named registration each step went through, and the fix names the name.
  @Test func aPathAndItsFixKeepRegistrationNames() throws {
    let container = Container()
    container.register(Db.self, name: "primary") { r in
      _ = try r.resolve(Db.self, name: "replica")
      return Db()
    }
    container.register(WebService.self) { r in
      _ = try r.resolve(Db.self, name: "primary")
      return WebService(logger: ConsoleLogger())
    }
    let error = try #require(throws: ResolutionError.self) { try container.resolve(WebService.self) }
    #expect(error.path == ["WebService", "Db named \"primary\"", "Db named \"replica\""])
    #expect(error.hint?.contains("container.register(Db.self, name: \"replica\") { r in ... }") == true, "\(error)")
  }

  @Test func aCycleIsAnErrorWithItsPath() throws {
    let container = Container()
    container.register(CycleA.self) { r in CycleA(try r.resolve(CycleB.self)) }
    container.register(CycleB.self) { r in CycleB(try r.resolve(CycleC.self)) }
    container.register(CycleC.self) { r in CycleC(try r.resolve(CycleA.self)) }
    let error = try #require(throws: ResolutionError.self) { try container.resolve(CycleA.self) }
    #expect(error.kind == .cycle)
    #expect(error.message == "dependency cycle: CycleA -> CycleB -> CycleC -> CycleA")
    // Nothing is left half-built: the next resolve fails the same way, not differently.
    #expect(throws: ResolutionError.self) { try container.resolve(CycleB.self) }
    // Met at the root, the loop is the path: said once. Met deeper, the path says how.
    #expect(!error.description.contains("path:"), "\(error)")
    container.register(WebService.self) { r in
      _ = try r.resolve(CycleB.self)
      return WebService(logger: ConsoleLogger())
    }
    let deeper = try #require(throws: ResolutionError.self) { try container.resolve(WebService.self) }
    #expect(deeper.description.contains("\n  path: WebService -> CycleB -> CycleC -> CycleA -> CycleB"), "\(deeper)")
  }

  @Test(arguments: [1, 2, 50, 199])
  func cyclesOfAnyLengthAreCaught(length: Int) throws {
    let container = Container()
    for index in 0..<length {
      container.register(Node.self, name: "n\(index)", scope: .prototype) { r in
        Node(next: try r.resolve(Node.self, name: "n\((index + 1) % length)"))
      }
    }
    let error = try #require(throws: ResolutionError.self) { try container.resolve(Node.self, name: "n0") }
    #expect(error.kind == .cycle)
    #expect(error.message.hasSuffix("Node named \"n0\"") || error.message.hasSuffix("Node"))
  }

  @Test func aRunawayChainStopsWithAnErrorNotAStackOverflow() throws {
    let container = Container()
    for index in 0..<10_000 {
      container.register(Node.self, name: "n\(index)", scope: .prototype) { r in
        Node(next: try r.resolve(Node.self, name: "n\(index + 1)"))
      }
    }
    let error = try #require(throws: ResolutionError.self) { try container.resolve(Node.self, name: "n0") }
    #expect(error.kind == .tooDeep)
    #expect(error.message.contains("deeper than \(Container.maximumDepth)"))
  }

  @Test func aFactorysOwnErrorIsWrappedWithTheRegistration() throws {
    let container = Container()
    container.register(Db.self) { _ in throw Boom.failed }
    container.register(NoticeManager.self) { r in
      _ = try r.resolve(Db.self)
      return NoticeManager(webService: WebService(logger: NullLogger()))
    }
    let error = try #require(throws: ResolutionError.self) { try container.resolve(NoticeManager.self) }
    #expect(error.kind == .factoryFailed)
    #expect(error.pathDescription == "NoticeManager -> Db")
    #expect(error.message.contains("threw: failed"))
    #expect(error.underlyingError as? Boom == .failed, "the factory's own error, to catch by its type")
  }

  @Test func aFailedSingletonIsNotCachedAndCanRecover() throws {
    let container = Container()
    let fail = Counter()
    container.register(Db.self) { _ in
      fail.increment()
      if fail.value == 1 { throw Boom.failed }
      return Db()
    }
    #expect(throws: ResolutionError.self) { try container.resolve(Db.self) }
    let db = try container.resolve(Db.self)
    #expect(try container.resolve(Db.self) === db)
  }
}
