/// How a registration's instance is disposed, when the registration says: with a closure of its
/// own, or (for a mock given as an instance, which the container did not build) by its own
/// `Disposable` conformance, asked for with `disposing: true`.
@usableFromInline
struct DisposalRule: Sendable {
  /// Disposes the instance (given untyped; the closure casts it back to the service type).
  let dispose: (@Sendable (Any) async throws -> Void)?
  /// Whether a prebuilt instance (a mock) is disposed at all.
  let disposesPrebuilt: Bool

  @usableFromInline
  init(dispose: (@Sendable (Any) async throws -> Void)?, disposesPrebuilt: Bool) {
    self.dispose = dispose
    self.disposesPrebuilt = disposesPrebuilt
  }

  /// A registration's own `dispose` closure for instances of `Service`.
  init<Service>(disposing dispose: @escaping @Sendable (Service) async throws -> Void) {
    self.init(
      dispose: { instance in
        // The container only ever hands back what this registration built: always a `Service`.
        guard let service = instance as? Service else { return }
        try await dispose(service)
      }, disposesPrebuilt: false)
  }

  /// A prebuilt instance disposed by its own conformance.
  @usableFromInline static let prebuilt = DisposalRule(dispose: nil, disposesPrebuilt: true)
}
