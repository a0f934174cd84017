/// A service that holds something to let go of when its container shuts down: a connection, a
/// file, a task. The container that built it calls `dispose()` once, in reverse creation order
/// (what was built last, which may use what was built before it, goes first).
///
/// ```swift
/// final class Database: Disposable {
///   func dispose() throws { try connection.close() }
/// }
/// ```
public protocol Disposable {
  /// Lets go of what the instance holds. A thrown error is collected; the other instances are
  /// disposed all the same.
  func dispose() throws
}

/// ``Disposable`` for a service whose shutdown needs `await` (draining a queue, a graceful close).
///
/// ```swift
/// final class Worker: AsyncDisposable {
///   func dispose() async throws { await queue.drain() }
/// }
/// ```
public protocol AsyncDisposable {
  /// Lets go of what the instance holds; awaited before the next instance is disposed.
  func dispose() async throws
}

/// One instance a container disposed as it shut down, for observers and reports.
public struct Disposal: Sendable, CustomStringConvertible {
  /// The registration that built it.
  public let registration: RegistrationInfo
  /// The instance's creation number.
  public let instanceNumber: Int
  /// The instance's type's name.
  public let typeName: String
  /// What its dispose threw, if anything.
  public let failure: String?
  /// Why it was disposed: its container shut down, or a change let go of its cached instance.
  public let cause: Cause

  /// Why an instance was disposed.
  public enum Cause: Sendable, Hashable {
    /// Its container shut down (``Container/shutdown()``, the end of a request's child).
    case shutdown
    /// A change let go of the instance its registration cached: a scope or caching switched, the
    /// registration removed, a mock popped, an override.
    case dropped
  }

  /// `disposed ControlContext#4 (t4)`, or `dispose of Database#1 (t1) failed: ...`.
  public var description: String {
    let subject = "\(typeName)#\(instanceNumber) (\(registration.token))"
    return failure.map { "dispose of \(subject) failed: \($0)" } ?? "disposed \(subject)"
  }
}

/// The instances whose dispose failed during a shutdown: all of them, each with its error. The
/// others were disposed all the same.
///
/// ```swift
/// do { try await container.shutdown() }
/// catch let error as DisposalError { for failure in error.failures { log(failure) } }
/// ```
public struct DisposalError: Error, Sendable, CustomStringConvertible {
  /// The container that shut down.
  public let container: String
  /// Each failed disposal, in the order they were disposed.
  public let failures: [Disposal]

  public var description: String {
    "error: \(failures.count) of the instances '\(container)' disposed failed:\n"
      + failures.map { "  \($0)" }.joined(separator: "\n")
  }
}
