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

  /// Says on standard error why a resolve of `key` returns `nil`, before it does, the first time
  /// one fails in this container: the factory that asked may force-unwrap that `nil` (as most do)
  /// and stop the program on its next line, where the runtime prints only "Unexpectedly found
  /// nil". Whatever the logging function does: by default it prints nothing. Once a key, so that
  /// a dependency an app resolves as optional costs it one line, not one a resolve. `inDryRun`:
  /// `validate()` hands the factory that `nil`, as a resolve would at run time.
  internal func sayOnStandardError(_ error: any Error, for key: ServiceKey, inDryRun: Bool) {
    guard isFirstFailure(of: key) else { return }
    let lines = "\(error)".split(separator: "\n", omittingEmptySubsequences: false)
    let (prefix, consequence) =
      inDryRun
      ? (
        "DIScopeSwinject validate(): ",
        "handed to the factory as nil, as at run time: one that force-unwraps it stops the program "
          + "here; one that resolves it as optional builds, and the report lists it"
      )
      : ("DIScopeSwinject: ", "resolve returns nil: a factory that force-unwraps it stops the program here")
    let message = prefix + lines.joined(separator: "\n  ") + "\n  (\(consequence))\n"
    FileHandle.standardError.write(Data(message.utf8))
  }
}

/// Guards `logging` (a pthread mutex, which the thread sanitizer understands).
private let loggingLock = NSLock()
/// The logging function. Read and written only under `loggingLock`.
nonisolated(unsafe) private var logging: (@Sendable (String) -> Void)? = { message in
  if ProcessInfo.processInfo.environment["SWINJECT_LOGGING_ENABLED"] == "1" { print(message) }
}
