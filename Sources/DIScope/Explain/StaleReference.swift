/// A cached instance that still holds an instance the container would no longer hand out for
/// that key: the trap of every container that swaps registrations. A mock, an override, a removal
/// or a child's registration changes what a resolve *builds*, never what instances already built
/// hold.
///
/// ```swift
/// container.tracksHolders = true
/// _ = try container.resolve(ZoneController.self)            // built with WebService#1
/// let mock = container.mock(WebService.self, with: MockWebService())
/// _ = try container.resolve(ZoneController.self)            // cached: still WebService#1
/// print(container.staleReferences())
/// // RFZoneController#2 (t3, singleton) still holds WebService#1 from t2, which no longer
/// // answers for WebService (t4 answers now); to fix, rebuild it: ...
/// ```
public struct StaleReference: Sendable, Hashable, CustomStringConvertible {
  /// Why the held instance is no longer what the key answers with.
  public enum Reason: String, Sendable, Hashable {
    /// Another registration answers the key now: one pushed over it (a mock, an override, an
    /// assembly), the one uncovered by removing it, or a child container's own.
    case replaced
    /// Nothing answers the key now.
    case removed
    /// The same registration answers but would hand out another instance: its scope or caching
    /// changed, which dropped the instance it had cached.
    case rebuilt
  }

  /// How to make the holder see what answers now.
  public enum Fix: Sendable, Hashable {
    /// Drop the holder's cached instance (caching off, then on again), so that its next resolve
    /// builds it again with what answers now.
    case rebuildHolder(RegistrationToken)
    /// The holder is a parent's singleton, built in the parent from the parent's registrations:
    /// no rebuild there sees the child's. Register the holder's service in the child too (or make
    /// it prototype or graph, which resolve where the resolution starts).
    case registerHolder(ServiceKey, inContainer: String)
  }

  /// The cached instance that holds the stale one.
  public let holder: InstanceReference
  /// The instance it still holds.
  public let held: InstanceReference
  /// The key the holder asked for when it was handed `held`.
  public let key: ServiceKey
  /// The registration that answers `key` now, seen from the container asked; `nil` if none.
  public let answeringNow: RegistrationInfo?
  /// Why what the holder holds no longer answers: replaced, removed or rebuilt.
  public let reason: Reason
  /// The container asked (where what answers now was looked up).
  public let container: String
  /// What rebuilds the holder with what answers now.
  public let fix: Fix

  /// One line, with the fix in Swift.
  public var description: String {
    "\(holder) (\(holder.registration.token), \(holder.registration.scope)) still holds \(held) "
      + "from \(held.registration.token), \(whatChanged); to fix, \(fixInSwift)"
  }

  /// `which no longer answers for WebService (t4 answers now)`, and the like.
  public var whatChanged: String {
    switch reason {
    case .removed:
      return "which no longer answers for \(key) (nothing does now)"
    case .replaced:
      let now = answeringNow.map { info in
        info.container == held.registration.container || info.container == container
          ? "\(info.token) answers now" : "\(info.token) in \(info.container) answers now"
      }
      let place = answeringNow?.container == container && container != holder.registration.container
        ? " in \(container)" : ""
      return "which no longer answers for \(key)\(place)" + (now.map { " (\($0))" } ?? "")
    case .rebuilt:
      let registration = held.registration
      if let cached = registration.cachedInstanceNumber, registration.isCaching {
        return "which \(registration.token) no longer hands out (it caches #\(cached) now)"
      }
      let scope = registration.isCaching ? registration.scope.description : "caching off"
      return "which \(registration.token) no longer hands out (it is \(scope) now)"
    }
  }

  private var fixInSwift: String {
    switch fix {
    case .rebuildHolder(let token):
      return "rebuild it: container.setCaching(false, for: \(token)), then container.setCaching(true, for: \(token))"
    case .registerHolder(let key, let child):
      return "register \(key) in '\(child)' too, or make it prototype or graph"
    }
  }
}
