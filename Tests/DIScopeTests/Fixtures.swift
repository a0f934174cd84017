import DIScope
import TestSupport

// The seed app's components (000_bee7ad32ce4b0a09), and a few services for the tests around them.

protocol Logger: AnyObject, Sendable { var label: String { get } }
final class ConsoleLogger: Logger { let label = "console" }
final class FileLogger: Logger { let label = "file" }
final class NullLogger: Logger { let label = "null" }

protocol ZoneController: AnyObject, Sendable {}
final class RFZoneController: ZoneController {}

final class WebService: Sendable {
  let logger: any Logger
  init(logger: any Logger) { self.logger = logger }
}

final class ControlContext: Sendable {
  let webService: WebService
  let zoneController: any ZoneController
  init(webService: WebService, zoneController: any ZoneController) {
    self.webService = webService
    self.zoneController = zoneController
  }
}

final class NoticeManager: Sendable {
  let webService: WebService
  init(webService: WebService) { self.webService = webService }
}

final class ContentCache: Sendable {}

protocol Analytics: Sendable {}

final class Db: Sendable {}

final class UserDetails: Sendable {
  let user: String
  let age: Int
  init(user: String, age: Int = 0) {
    self.user = user
    self.age = age
  }
}


/// Collects a container's events, for assertions.
final class EventLog: Sendable {
  private let events = Locked<[ContainerEvent]>([])
  var all: [ContainerEvent] { events.withLock { $0 } }
  func append(_ event: ContainerEvent) { events.withLock { $0.append(event) } }
  func removeAll() { events.withLock { $0.removeAll() } }
  var steps: [ResolutionStep] {
    all.compactMap { if case .resolved(let step) = $0 { step } else { nil } }
  }
}

/// Runs `onDeinit` as it goes: stands for an instance whose deinit uses its container, which the
/// container must release out of its lock or deadlock.
final class DeinitProbe: Sendable {
  private let onDeinit: @Sendable () -> Void
  init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
  deinit { onDeinit() }
}
