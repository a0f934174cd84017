/// Makes a `Service` on each call, with `await`: ``Provider`` for services whose factory is
/// `async` or `@MainActor` (or that depend on one), and assisted injection of them with runtime
/// arguments.
///
/// Like `Provider`, every `AsyncProvider<T>` resolves without being registered itself, for any
/// registered `T` (from a synchronous factory too: it is how a synchronous service depends on an
/// async one), and holds its container weakly.
///
/// ```swift
/// container.register(Session.self, scope: .prototype) { r in try await Session.open(try await r.resolve(Db.self)) }
/// container.register(Worker.self) { r in Worker(sessions: try r.resolve(AsyncProvider<Session>.self)) }
/// let session = try await worker.sessions()
///
/// container.register(Report.self) { (r: AsyncResolver, month: String) in try await Report.load(month) }
/// let reports = try container.resolve(AsyncProvider<Report, String>.self)
/// let november = try await reports("2026-11")
/// ```
public struct AsyncProvider<Service, each Argument: Sendable>: Sendable {
  private let reference: WeakContainer
  private let name: String?

  init(container: Container, name: String?) {
    self.reference = WeakContainer(container)
    self.name = name
  }

  /// Resolves a new `Service` (or the cached one, under a caching scope), awaiting its factory.
  public func callAsFunction(_ arguments: repeat each Argument) async throws -> Service {
    guard let container = reference.container else {
      throw WeakContainer.released(ServiceKey(Service.self, name: name), provider: "AsyncProvider")
    }
    var count = 0
    for _ in repeat (each Argument).self { count += 1 }
    if count == 0 { return try await container.resolveAsync(Service.self, name: name) }
    return try await container.resolveAsync(Service.self, name: name, arguments: repeat each arguments)
  }
}

extension AsyncProvider: ProviderProtocol {
  static var providedKeyName: String { String(describing: Service.self) }
  static var displayName: String {
    let arguments = Container.typeNames(of: (repeat (each Argument).self))
    return "AsyncProvider<" + ([providedKeyName] + arguments).joined(separator: ", ") + ">"
  }
  static func providedKey(name: String?) -> ServiceKey { ServiceKey(Service.self, name: name) }
  static func make(container: Container, name: String?) -> Self {
    AsyncProvider(container: container, name: name)
  }
}
