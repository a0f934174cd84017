/// What the resolve path reads of a registration's state, under the family lock.
struct StateSnapshot {
  let scope: Scope
  let cached: InstanceBox?
  let weakInstance: AnyObject?
  let cachedNumber: Int?

  /// Reads `registration`'s state (`state`), under the family lock.
  init(_ state: inout RegistrationState, of registration: Registration) {
    scope = state.effectiveScope
    cached = state.cachedBox(of: registration)
    weakInstance = state.weakInstance
    cachedNumber = state.cachedNumber
  }
}

/// A graph-scope instance of the current root resolve, with its creation number, and the
/// registration that built it: held, so that the address the graph is keyed by is never reused by
/// another registration before the root resolve ends (a key cheaper to hash than a token).
struct GraphEntry {
  let registration: Registration
  let box: InstanceBox
  let number: Int
}
