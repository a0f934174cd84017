import BenchmarkHarness
import DIScope
import Dependencies
import GeneratedServices
import Swinject

/// How much memory 10,000 registrations take: the heap's growth (mallinfo2) while each system
/// registers the 10,000 generated types in a fresh, empty container.
///
/// Each system first does the same into a throwaway container, so one-time costs (the runtime's
/// metadata for `FactoryBox<Service0042>` and the like, dictionary growth patterns) are paid
/// before measuring; what is left is the steady cost per registration. Factories are generic
/// closures (`{ _ in S() }`), which capture `S`'s metadata: a 32-byte context each, the same in
/// every system and in the baseline. The time of the measured pass is printed too.
enum RegistrationMemory {
  static func measure() -> [MemoryRow] {
    let types = generatedServiceTypes
    func row(_ label: String, _ action: String, _ register: () -> Any) -> MemoryRow {
      _ = register()
      var kept: Any = ()
      var bytes: Int?
      let nanoseconds = Stopwatch.time { (bytes, kept) = HeapUsage.growth(of: register) }
      withExtendedLifetime(kept) {}
      return MemoryRow(
        label: label, action: action, count: types.count, bytes: bytes,
        milliseconds: nanoseconds / 1e6)
    }
    let registrations = "\(Format.grouped(types.count)) registrations"
    return [
      row("baseline: factory box in [ObjectIdentifier: AnyObject]", registrations) {
        var registry = TypedBoxRegistry()
        for type in types { registerFactory(type, in: &registry) }
        return registry
      },
      row(SystemLabel.discope, registrations) {
        let container = DIScope.Container()
        for type in types { ManyTypesResolve.registerDIScope(type, in: container) }
        return container
      },
      row(SystemLabel.swinject, registrations) {
        let container = Swinject.Container()
        for type in types { ManyTypesResolve.registerSwinject(type, in: container) }
        return container
      },
      row(SystemLabel.dependencies, "first read of \(Format.grouped(types.count)) keys") {
        let values = DependencyValues()
        for type in types { readKey(type, in: values) }
        return values
      },
    ]
  }

  static func registerFactory<S: GeneratedService>(_: S.Type, in registry: inout TypedBoxRegistry) {
    registry.register(Factory<S> { S() })
  }

  /// swift-dependencies has no registrations: its cache fills as keys are first read.
  static func readKey<S: GeneratedService>(_: S.Type, in values: DependencyValues) {
    _ = values[S.self]
  }
}
