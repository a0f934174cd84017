import DIScope
import Foundation
import Testing

/// A screen whose `analytics` is registered nowhere in these tests.
class CheckoutScreen {
  static let analyticsLine: UInt = #line + 1
  @Injected var analytics: any Analytics
  @Injected var web: WebService

  /// What reading `analytics` does, as the compiler's call of the wrapper's enclosing-instance
  /// subscript does it (owner and storage key path), without stopping on failure.
  func readAnalytics(storage: Bool = true) -> Result<any Analytics, InjectionFailure> {
    _analytics.resolution(owner: self, storage: storage ? \CheckoutScreen._analytics : nil)
  }

  func readWeb() -> Result<WebService, InjectionFailure> {
    _web.resolution(owner: self, storage: \CheckoutScreen._web)
  }

  var analyticsStorage: AnyObject { _analytics }
}

final class ExpressCheckoutScreen: CheckoutScreen {}

/// A Hopoate-style screen whose `payments` resolves nowhere.
final class PaymentScreen {
  static let paymentsLine: UInt = #line + 1
  @Dependency(in: Container()) var payments: Db

  func readPayments() -> Result<Db, InjectionFailure> {
    _payments.resolution(owner: self, storage: \PaymentScreen._payments)
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let failure) = self { failure } else { nil }
  }
}

@Suite("An @Injected property that cannot resolve names its owner and declaration")
struct InjectedFailureTests {
  @Test func theFailureStartsWithOwnerPropertyAndDeclarationThenPathAndHint() throws {
    let screen = CheckoutScreen()
    let failure = try #require(Container.withShared(Container()) { screen.readAnalytics() }.failure)
    #expect(failure.owner == "CheckoutScreen")
    #expect(failure.property == "analytics")
    #expect("\(failure.site.fileID)" == "DIScopeTests/InjectedFailureTests.swift")
    #expect(failure.site.line == CheckoutScreen.analyticsLine)
    #expect(failure.site.column == 4)  // the attribute's name, after its "@"
    #expect(
      failure.description == """
        CheckoutScreen.analytics (InjectedFailureTests.swift:\(CheckoutScreen.analyticsLine)): \
        no registration for 'Analytics'
          path: CheckoutScreen -> Analytics
          hint: to fix, register it: container.register(Analytics.self) { r in ... }
        """)
  }

  @Test func aFailureDeeperInTheGraphKeepsTheWholePathFromTheOwner() throws {
    let container = Container()
    container.register(WebService.self) { r in WebService(logger: try r.resolve((any Logger).self)) }
    let failure = try #require(Container.withShared(container) { CheckoutScreen().readWeb() }.failure)
    #expect(failure.headline.hasPrefix("CheckoutScreen.web (InjectedFailureTests.swift:"))
    #expect(failure.headline.hasSuffix("): no registration for 'Logger'"))
    #expect(failure.error.path == ["CheckoutScreen", "WebService", "Logger"])
    #expect(failure.description.contains("\n  path: CheckoutScreen -> WebService -> Logger\n"))
  }

  @Test func theOwnerIsTheObjectsOwnClass() throws {
    let screen = ExpressCheckoutScreen()
    let failure = try #require(Container.withShared(Container()) { screen.readAnalytics() }.failure)
    #expect(failure.subject == "ExpressCheckoutScreen.analytics")
    #expect(failure.error.path.first == "ExpressCheckoutScreen")
  }

  @Test func thePropertysNameComesFromItsStorageKeyPathOrElseFromTheOwnersFields() throws {
    #expect(InjectionFailure.propertyName(fromStorageKeyPath: "\\CheckoutScreen._analytics") == "analytics")
    #expect(InjectionFailure.propertyName(fromStorageKeyPath: "\\CheckoutScreen.<computed 0x1 (Injected)>") == nil)
    #expect(InjectionFailure.propertyName(fromStorageKeyPath: "\\CheckoutScreen.analytics") == nil)
    let screen = CheckoutScreen()
    #expect(InjectionFailure.propertyName(of: screen.analyticsStorage, in: screen) == "analytics")
    let failure = try #require(
      Container.withShared(Container()) { screen.readAnalytics(storage: false) }.failure)
    #expect(failure.subject == "CheckoutScreen.analytics")
  }

  @Test func withoutAnOwnerTheDiagnosticStillNamesTheDeclaration() throws {
    let line: UInt = #line + 1
    let local = Injected<any Analytics>()
    let failure = try #require(
      Container.withShared(Container()) { local.resolution(owner: nil, storage: nil) }.failure)
    #expect(failure.headline == "@Injected (InjectedFailureTests.swift:\(line)): no registration for 'Analytics'")
    #expect(failure.error.path == ["Analytics"])
  }

  @Test func dependencyNamesItsOwnerAndDeclarationToo() throws {
    let failure = try #require(PaymentScreen().readPayments().failure)
    #expect(
      failure.description == """
        PaymentScreen.payments (InjectedFailureTests.swift:\(PaymentScreen.paymentsLine)): \
        no registration for 'Db'
          path: PaymentScreen -> Db
          hint: to fix, register it: container.register(Db.self) { r in ... }
        """)
    #expect(failure.wrapper == "@Dependency")
  }

  @Test func aFailedReadCachesNothingAndAResolvedOneIsKept() throws {
    let container = Container()
    let screen = CheckoutScreen()
    try Container.withShared(container) {
      _ = try #require(screen.readWeb().failure)
      container.register((any Logger).self) { _ in ConsoleLogger() }
      container.register(WebService.self) { r in WebService(logger: try r.resolve((any Logger).self)) }
      #expect(screen.web === (try container.resolve(WebService.self)))
    }
    Container.withShared(Container()) { #expect(screen.web === screen.web) }
  }

  @Test func bindingLazilyResolvesNothingUntilARead() throws {
    let container = Container()
    let screen = CheckoutScreen()
    #expect(container.bindInjectedProperties(of: screen) == 2)  // neither resolves: no failure
    container.register((any Logger).self) { _ in ConsoleLogger() }
    container.register(WebService.self) { r in WebService(logger: try r.resolve((any Logger).self)) }
    let web = try container.resolve(WebService.self)
    // Read where another container is shared: the bound one answers.
    Container.withShared(Container()) {
      #expect(screen.web === web)
      #expect(screen.readAnalytics().failure?.error.kind == .notRegistered)
    }
  }
}

@Suite("An @Injected property that cannot resolve stops the program at the user's line")
struct InjectedTrapTests {
  /// `Tests/Probes/InjectedTrapProbe/main.swift` declares `CheckoutScreen.analytics` on line 5
  /// and reads it with nothing registered.
  @Test func theProgramStopsWithOwnerPropertyAndDeclarationFirst() throws {
    let probe = ChildRun.buildDirectory.appendingPathComponent("InjectedTrapProbe").path
    #expect(
      FileManager.default.isExecutableFile(atPath: probe),
      "build the package's products first: swift build --build-tests")
    let run = try ChildRun(probe)
    #expect(run.wasSignalled)
    #expect(run.standardOutput == "")
    #expect(
      run.standardError.hasPrefix(
        """
        CheckoutScreen.analytics (main.swift:5): no registration for 'Analytics'
          path: CheckoutScreen -> Analytics
          hint: to fix, register it: container.register(Analytics.self) { r in ... }
        InjectedTrapProbe/main.swift:5: Fatal error: @Injected property 'CheckoutScreen.analytics' \
        could not be resolved: no registration for 'Analytics'

        """), "\(run.standardError)")
  }
}
