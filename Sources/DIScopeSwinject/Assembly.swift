/// A group of registrations, applied to a container by an ``Assembler``.
///
/// ```swift
/// struct ServiceAssembly: Assembly {
///   func assemble(container: Container) {
///     container.register(Logger.self) { _ in ConsoleLogger() }.inObjectScope(.container)
///   }
/// }
/// let assembler = Assembler([ServiceAssembly()])
/// let logger = assembler.resolver.resolve(Logger.self)
/// ```
public protocol Assembly {
  /// Registers the assembly's services in `container`.
  func assemble(container: Container)
  /// Called once every assembly applied with this one has registered its services.
  func loaded(resolver: Resolver)
}

extension Assembly {
  /// Does nothing.
  public func loaded(resolver _: Resolver) {}
}

/// Applies assemblies to a container, then tells each that all are loaded.
public final class Assembler {
  private let container: Container

  /// What resolves the assembled services: the container.
  public var resolver: Resolver { container }

  /// An assembler over `container` (a new one by default), with no assembly applied yet.
  public init(container: Container? = Container()) {
    self.container = container ?? Container()
  }

  /// An assembler over a new container, child of `parentAssembler`'s.
  public init(
    parentAssembler: Assembler?, defaultObjectScope: ObjectScope = .graph, behaviors: [Behavior] = []
  ) {
    container = Container(
      parent: parentAssembler?.container, defaultObjectScope: defaultObjectScope,
      behaviors: behaviors)
  }

  /// Applies `assemblies` to `container`.
  public init(_ assemblies: [Assembly], container: Container = Container()) {
    self.container = container
    run(assemblies)
  }

  /// Applies `assemblies` to a new container, child of `parent`'s.
  public init(
    _ assemblies: [Assembly], parent: Assembler?, defaultObjectScope: ObjectScope = .graph,
    behaviors: [Behavior] = []
  ) {
    container = Container(
      parent: parent?.container, defaultObjectScope: defaultObjectScope, behaviors: behaviors)
    run(assemblies)
  }

  /// The deprecated throwing spelling of `init(_:container:)`.
  @available(*, deprecated, message: "Use not throwing alternative: init(_:, container:)")
  public convenience init(assemblies: [Assembly], container: Container? = Container()) throws {
    self.init(assemblies, container: container ?? Container())
  }

  /// The deprecated throwing spelling of `init(_:parent:)`.
  @available(*, deprecated, message: "Use not throwing alternative: init(_:, parent:)")
  public convenience init(assemblies: [Assembly], parentAssembler: Assembler?) throws {
    self.init(assemblies, parent: parentAssembler)
  }

  /// Applies one more assembly.
  public func apply(assembly: Assembly) { run([assembly]) }

  /// Applies more assemblies.
  public func apply(assemblies: [Assembly]) { run(assemblies) }

  /// Every assembly registers, then every assembly is told all are loaded.
  private func run(_ assemblies: [Assembly]) {
    for assembly in assemblies { assembly.assemble(container: container) }
    for assembly in assemblies { assembly.loaded(resolver: resolver) }
  }
}

@available(*, unavailable, renamed: "Resolver")
public protocol ResolverType {}
@available(*, unavailable, renamed: "Assembly")
public protocol AssemblyType {}
@available(*, unavailable, renamed: "ServiceKeyOption")
public protocol ServiceKeyOptionType {}
