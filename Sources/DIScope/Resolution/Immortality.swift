import CDIScopeRuntime

/// Keeping an immortal registration's singleton alive for good (see `Container.registerImmortal`).
enum Immortality {
  /// Makes `instance` immortal if it is a class instance the runtime can make so; otherwise, if it
  /// is a class instance, keeps one reference to it that is never released. A value type is left
  /// as it is: it has no reference count to contend on.
  ///
  /// Call only on an instance no other thread has been given yet.
  static func keepForever(_ instance: Any) {
    guard type(of: instance) is AnyClass else { return }
    let object = instance as AnyObject
    if !discope_make_immortal(Unmanaged.passUnretained(object).toOpaque()) {
      // Deliberately unbalanced: the promise is "never deallocated", immortal or not.
      _ = Unmanaged.passRetained(object)
    }
  }
}
