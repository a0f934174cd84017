import DIScope

extension Container {
  /// Whether resolving `Service` now would answer with an instance the container already holds
  /// (`true`: a singleton built before, a weak one still alive, a mock), rather than build one
  /// (`false`: a prototype or graph-scoped service, a singleton not built yet, or one a weak
  /// registration let go of).
  ///
  /// The check leaves the container as it found it: what it must build to find out is not
  /// cached, numbered or reported to observers, and is let go of before it returns, so it keeps
  /// nothing alive (a weak instance nobody holds stays gone). A test asks it as a `.dis` script's
  /// `expect S cached` and `expect S new` do, which two resolves compared with `===` cannot: the
  /// first resolve would cache, or keep alive, what the second then finds.
  ///
  /// It throws what `resolve(_:name:)` would throw: a missing registration, a cycle, a factory's
  /// error.
  ///
  /// ```swift
  /// let token = container.register(Clock.self) { _ in SystemClock() }
  /// #expect(try !container.isCached(Clock.self))   // not built yet: a resolve would build it
  /// _ = try container.resolve(Clock.self)
  /// #expect(try container.isCached(Clock.self))    // the singleton answers
  /// try container.setScope(.prototype, for: token)
  /// #expect(try !container.isCached(Clock.self))   // a prototype is built on every resolve
  /// ```
  public func isCached<Service>(_ type: Service.Type, name: String? = nil) throws -> Bool {
    try !withoutSideEffects { _ = try resolve(type, name: name) }.didBuild
  }
}

extension Container {
  /// Runs `body`, whose resolves leave the container as they found it, and returns what it
  /// returns: what they build is not cached, numbered or reported to observers, and is let go of
  /// (disposed, for a `Disposable`) when `body` returns; an instance already cached answers as
  /// it is. For a test's look at what a resolve would answer, as a `.dis` script's `expect S is
  /// Impl` takes it: a service whose factory takes runtime arguments is built with placeholder
  /// ones, and none of its dependencies stays cached.
  ///
  /// ```swift
  /// let built = try container.resolvingWithoutSideEffects {
  ///   try container.resolve(UserDetails.self, arguments: "")
  /// }
  /// #expect(type(of: built) == UserDetails.self)
  /// #expect(try !container.isCached(PhotoService.self))   // its dependency was not kept
  /// ```
  public func resolvingWithoutSideEffects<Result>(_ body: () throws -> Result) rethrows -> Result {
    try withoutSideEffects(body).result
  }
}
