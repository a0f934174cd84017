import DIScope

/// Wires the seed's components the way `RFAssembly` does.
struct AppAssembly: Assembly {
  func assemble(into container: Container) {
    container.register((any Logger).self) { _ in ConsoleLogger() }
    container.register(WebService.self) { r in WebService(logger: try r.resolve((any Logger).self)) }
    container.register((any ZoneController).self) { _ in RFZoneController() }
    container.register(ControlContext.self) { r in
      ControlContext(
        webService: try r.resolve(WebService.self),
        zoneController: try r.resolve((any ZoneController).self))
    }
    container.register(NoticeManager.self) { r in NoticeManager(webService: try r.resolve(WebService.self)) }
    container.register(ContentCache.self) { _ in ContentCache() }
  }
}
