import DIScope
import Foundation

/// Told of every failed resolve.
internal protocol DebugHelper {
  /// `key` could not be resolved; `availableRegistrations` is what the container holds.
  func resolutionFailed<Service>(
    serviceType: Service.Type, key: ServiceKey,
    availableRegistrations: [ServiceKey: ServiceEntryProtocol])

  /// As above, with DIScope's error: what was asked, along which path, and a hint.
  func resolutionFailed<Service>(
    serviceType: Service.Type, key: ServiceKey,
    availableRegistrations: [ServiceKey: ServiceEntryProtocol], error: any Error)
}

extension DebugHelper {
  func resolutionFailed<Service>(
    serviceType: Service.Type, key: ServiceKey,
    availableRegistrations: [ServiceKey: ServiceEntryProtocol], error _: any Error
  ) {
    resolutionFailed(
      serviceType: serviceType, key: key, availableRegistrations: availableRegistrations)
  }
}

/// Sends every failed resolve to ``Container/loggingFunction``: Swinject's lines (what was
/// expected, what is registered), then DIScope's whole error.
internal final class LoggingDebugHelper: DebugHelper {
  func resolutionFailed<Service>(
    serviceType: Service.Type, key: ServiceKey,
    availableRegistrations: [ServiceKey: ServiceEntryProtocol]
  ) {
    Container.log(Self.lines(serviceType, key, availableRegistrations).joined(separator: "\n"))
  }

  func resolutionFailed<Service>(
    serviceType: Service.Type, key: ServiceKey,
    availableRegistrations: [ServiceKey: ServiceEntryProtocol], error: any Error
  ) {
    let lines = Self.lines(serviceType, key, availableRegistrations) + ["\(error)"]
    Container.log(lines.joined(separator: "\n"))
  }

  private static func lines<Service>(
    _ serviceType: Service.Type, _ key: ServiceKey,
    _ registrations: [ServiceKey: ServiceEntryProtocol]
  ) -> [String] {
    [
      "Swinject: Resolution failed. Expected registration:",
      "\t{ \(describe(serviceType: serviceType, serviceKey: key)) }",
      "Available registrations:",
    ]
      + registrations.filter { $0.value is ServiceEntry<Service> }
      .map { "\t{ " + $0.value.describeWithKey($0.key) + " }" }.sorted()
  }
}

extension Container {
  /// Receives the message of every failed resolve: Swinject's description of what was expected
  /// and what is registered, then DIScope's whole error (what was asked, the path, a hint).
  /// By default it prints when `SWINJECT_LOGGING_ENABLED=1`, as Swinject 2.10 does; `nil`
  /// silences it.
  ///
  /// ```swift
  /// Container.loggingFunction = { message in logger.warning("\(message)") }
  /// ```
  public static var loggingFunction: (@Sendable (String) -> Void)? {
    get {
      loggingLock.lock()
      defer { loggingLock.unlock() }
      return logging
    }
    set {
      loggingLock.lock()
      defer { loggingLock.unlock() }
      logging = newValue
    }
  }

  internal static func log(_ message: String) {
    loggingFunction?(message)
  }

  /// Says, on standard error, what `validate()`'s dry run could not resolve, as it hands the
  /// factory the `nil` a resolve answers with at run time: a factory that force-unwraps it (as
  /// most do) stops the program on its next line, before the report could list it, and this line
  /// is then all that says why.
  internal static func noteDryRunFailure(_ error: any Error) {
    let lines = "\(error)".split(separator: "\n", omittingEmptySubsequences: false)
    let message =
      "DIScopeSwinject validate(): " + lines.joined(separator: "\n  ")
      + "\n  (handed to the factory as nil, as at run time: one that force-unwraps it stops the program "
      + "here; one that resolves it as optional builds, and the report lists it)\n"
    FileHandle.standardError.write(Data(message.utf8))
  }
}

/// Guards `logging` (a pthread mutex, which the thread sanitizer understands).
private let loggingLock = NSLock()
/// The logging function. Read and written only under `loggingLock`.
nonisolated(unsafe) private var logging: (@Sendable (String) -> Void)? = { message in
  if ProcessInfo.processInfo.environment["SWINJECT_LOGGING_ENABLED"] == "1" { print(message) }
}
