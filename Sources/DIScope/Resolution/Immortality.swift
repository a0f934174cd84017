import CDIScopeRuntime

/// Keeping an immortal registration's singleton alive for good (see `Container.registerImmortal`).
enum Immortality {
  /// Makes `object` immortal if the runtime can make it so; otherwise keeps one reference to it
  /// that is never released.
  ///
  /// Call only on an instance no other thread has been given yet.
  static func keepForever(_ object: AnyObject) {
    if !discope_make_immortal(Unmanaged.passUnretained(object).toOpaque()) {
      // Deliberately unbalanced: the promise is "never deallocated", immortal or not.
      _ = Unmanaged.passRetained(object)
    }
  }
}
