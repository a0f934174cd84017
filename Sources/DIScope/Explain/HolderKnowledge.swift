/// What a container knows of what its cached instances hold: the one place that decides whether
/// "nothing stale" is known or only not seen.
///
/// A cached instance's holdings are known when its build was tracked (see
/// ``Container/tracksHolders``); one built while nothing tracked holders may hold anything, and
/// every report that would say "none" of it says "unknown" instead, with the reason.
///
/// ```swift
/// let scan = container.scanStaleReferences()
/// if !scan.isComplete {
///   for holder in scan.untracked { print("unknown:", holder) }   // WebService#2 (t2): built before ...
/// }
/// ```
public struct UntrackedHolder: Sendable, Hashable, CustomStringConvertible {
  /// Why what the instance holds is not known.
  public enum Reason: Sendable, Hashable, CustomStringConvertible {
    /// Holders are tracked now, but the instance was built before tracking began.
    case builtBeforeTracking
    /// Holders are not tracked (nothing observes the family, and `tracksHolders` is off).
    case notTracked
    /// An `async` factory built it: the async engine records no holdings, tracked or not.
    case builtByAsyncFactory

    /// `built before holders were tracked`.
    public var description: String {
      switch self {
      case .builtBeforeTracking: "built before holders were tracked"
      case .notTracked: "built while holders were not tracked"
      case .builtByAsyncFactory: "built by an async factory, whose holdings are not recorded"
      }
    }
  }

  /// The cached instance whose holdings are unknown.
  public let instance: InstanceReference
  /// Why its holdings are not known: built before tracking began, while nothing tracked, or by an
  /// `async` factory.
  public let reason: Reason

  /// An instance whose holdings are unknown, and why: what ``Container/scanStaleReferences()``
  /// lists, and what a debug client rebuilds from the wire.
  ///
  /// ```swift
  /// let holder = UntrackedHolder(instance: reference, reason: .builtBeforeTracking)
  /// ```
  public init(instance: InstanceReference, reason: Reason) {
    self.instance = instance
    self.reason = reason
  }

  /// `WebService#2 (t2): built before holders were tracked`.
  public var description: String { "\(instance) (\(instance.registration.token)): \(reason)" }
}

/// The stale references a container knows of, and the cached instances it cannot tell about.
/// Made by ``Container/scanStaleReferences()``.
public struct StaleReferenceScan: Sendable {
  /// Whether anything is stale, as far as the container can tell.
  public enum Verdict: Sendable, Hashable {
    /// No cached instance holds a stale reference: every one's holdings are known.
    case none
    /// These are stale (and, when `untracked` is not empty, others may be).
    case found
    /// None found, but some cached instances' holdings are unknown: "none" cannot be said.
    case unknown
  }

  /// The stale references found among the instances whose holdings are known.
  public let found: [StaleReference]
  /// The cached instances whose holdings are unknown, by token: any may hold a stale reference.
  public let untracked: [UntrackedHolder]

  /// A scan's result: what was found stale, and the instances that could not be looked at.
  ///
  /// ```swift
  /// let scan = StaleReferenceScan(found: [], untracked: [])   // scan.verdict == .none
  /// ```
  public init(found: [StaleReference], untracked: [UntrackedHolder]) {
    self.found = found
    self.untracked = untracked
  }

  /// Whether every cached instance's holdings are known, so that what was found is all there is.
  public var isComplete: Bool { untracked.isEmpty }

  /// What may be said of the scan: stale references found, none (every instance looked at), or
  /// unknown (none found, but not every instance could be looked at).
  ///
  /// ```swift
  /// if container.scanStaleReferences().verdict == .unknown { print("some holders are unknown") }
  /// ```
  public var verdict: Verdict {
    if !found.isEmpty { return .found }
    return untracked.isEmpty ? .none : .unknown
  }
}
