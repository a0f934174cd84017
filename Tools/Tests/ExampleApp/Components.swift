// A small app, as real Swift classes: the components of the seed's RFFactory (000_bee7ad32ce4b0a09),
// wired by an assembly. The `.dis` script beside its tests checks its resolution order, caching and a
// mock swap, replayed against the container this assembly builds.
import DIScope

public protocol Logging: AnyObject, Sendable {
  func log(_ message: String)
}

public final class ConsoleLogger: Logging {
  public init() {}
  public func log(_ message: String) {}
}

public final class WebService: Sendable {
  public let logger: any Logging
  public init(logger: any Logging) { self.logger = logger }
}

public protocol ZoneController: AnyObject, Sendable {}

public final class RFZoneController: ZoneController {
  public let webService: WebService
  public init(webService: WebService) { self.webService = webService }
}

public final class ControlContext: Sendable {
  public let webService: WebService
  public let zoneController: any ZoneController
  public init(webService: WebService, zoneController: any ZoneController) {
    self.webService = webService
    self.zoneController = zoneController
  }
}

public final class NoticeManager: Sendable {
  public let webService: WebService
  public init(webService: WebService) { self.webService = webService }
}

public final class ContentCache: Sendable {
  public init() {}
}

/// The app's assembly: what `RFAssembly` declares, in Swift.
public struct RFAssembly: Assembly {
  public init() {}

  public func assemble(into container: Container) {
    container.register(Logging.self) { _ in ConsoleLogger() }
    container.register(WebService.self) { r in WebService(logger: try r.resolve(Logging.self)) }
    container.register(ZoneController.self) { r in
      RFZoneController(webService: try r.resolve(WebService.self))
    }
    container.register(ControlContext.self) { r in
      ControlContext(
        webService: try r.resolve(WebService.self),
        zoneController: try r.resolve(ZoneController.self))
    }
    container.register(NoticeManager.self, scope: .prototype) { r in
      NoticeManager(webService: try r.resolve(WebService.self))
    }
    container.register(ContentCache.self, scope: .weak) { _ in ContentCache() }
  }
}

/// A mock the tests keep on standby, swapped in by a script's `mock Logging`.
public final class MockLogger: Logging {
  public init() {}
  public func log(_ message: String) {}
}

/// A request's identity, registered in the request's own child container.
public final class RequestID: Sendable {
  public let value: Int
  public init(value: Int) { self.value = value }
}

/// What serves one request: built in the request's child, from the app's web service and the
/// request's identity.
public final class RequestHandler: Sendable {
  public let webService: WebService
  public let requestID: RequestID
  public init(webService: WebService, requestID: RequestID) {
    self.webService = webService
    self.requestID = requestID
  }
}
