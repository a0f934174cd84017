import DIScope
import Testing

final class ChannelBrowser {
  @Injected var webService: WebService
  @Injected(name: "file") var log: any Logger
}

final class SubBrowser: ChannelBrowserBase {
  @Injected var cache: ContentCache
}
class ChannelBrowserBase {
  @Injected var zone: any ZoneController
}

@Suite("Property injection and the default container")
struct InjectionTests {
  func makeContainer() -> Container {
    let container = Container()
    container.install(AppAssembly())
    container.register((any Logger).self, name: "file") { _ in FileLogger() }
    return container
  }

  @Test func injectBindsEveryInjectedPropertyToTheContainer() throws {
    let container = makeContainer()
    let browser = ChannelBrowser()
    #expect(try container.inject(into: browser) == 2)
    #expect(browser.webService === (try container.resolve(WebService.self)))
    #expect(browser.log.label == "file")
  }

  @Test func injectReachesSuperclassProperties() throws {
    let container = makeContainer()
    let browser = SubBrowser()
    #expect(try container.inject(into: browser) == 2)
    #expect(browser.cache === (try container.resolve(ContentCache.self)))
  }

  @Test func injectThrowsWithThePathFromTheObject() throws {
    let browser = ChannelBrowser()
    let error = try #require(throws: ResolutionError.self) { try Container().inject(into: browser) }
    #expect(error.path.first == "ChannelBrowser")
    #expect(error.kind == .notRegistered)
    // The message a read of the property stops with: whose property, and where it is declared.
    #expect(error.message.hasPrefix("ChannelBrowser.webService (InjectionTests.swift:5): no registration for"), "\(error.message)")
    #expect(error.description.hasPrefix("error: ChannelBrowser.webService (InjectionTests.swift:5): "), "\(error)")
  }

  @Test func unboundPropertiesResolveFromTheTaskLocalSharedContainer() throws {
    let container = makeContainer()
    let web = try container.resolve(WebService.self)
    Container.withShared(container) {
      #expect(Container.shared === container)
      let browser = ChannelBrowser()
      #expect(browser.webService === web)
    }
    #expect(Container.shared !== container)
  }

  @Test func sharedIsTaskLocalAcrossAsyncWork() async throws {
    let container = makeContainer()
    await Container.withShared(container) {
      let seen = await Task { Container.shared }.value
      #expect(seen === container)
    }
  }

  @Test func dependencyWrappersCaptureTheSharedContainerAtInit() throws {
    final class Checkout {
      @Dependency var web: WebService
      @OptionalDependency var analytics: (any Analytics)?
      @Dependency(in: Container()) var unused: Db
    }
    let container = makeContainer()
    let checkout = Container.withShared(container) { Checkout() }
    #expect(checkout.web === (try container.resolve(WebService.self)))
    #expect(checkout.analytics == nil)
  }
}
