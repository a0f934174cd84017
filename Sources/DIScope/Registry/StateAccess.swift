/// Access to a registration's state under the family lock.
///
/// The registration is unretained: `Registration.state` makes the access and its caller uses it
/// at once, holding the registration meanwhile. Held strongly, it was counted in and out around
/// each access the optimiser could not see through (a call inside the body), two atomic
/// operations for nothing (a removal paid them).
struct StateAccess {
  let registration: Unmanaged<Registration>

  @inline(__always)
  func withLock<Result>(_ body: (inout RegistrationState) throws -> Result) rethrows -> Result {
    try registration._withUnsafeGuaranteedRef { registration in
      try registration.lock.withLock { _ in try body(&registration._state) }
    }
  }

  /// For callers that already hold the family lock.
  @inline(__always)
  func withLockHeld<Result>(_ body: (inout RegistrationState) throws -> Result) rethrows -> Result {
    try registration._withUnsafeGuaranteedRef { try body(&$0._state) }
  }
}
