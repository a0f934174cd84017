/// Carries a value that is not `Sendable` into a `@Sendable` closure.
///
/// Used for Swinject, whose `Container` and `Resolver` are not `Sendable`. `@unchecked Sendable`
/// is safe here because every use keeps Swinject's own rule: a plain container is used by one
/// thread at a time (the sampler runs contenders one after another on the main thread), and the
/// only value W5 shares between threads is the resolver `Container.synchronize()` returns, which
/// Swinject documents as thread-safe (it holds the container's recursive lock while resolving).
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
