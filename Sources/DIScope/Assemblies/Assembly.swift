/// A named group of registrations, installed and removed as one (Typhoon's assembly).
///
/// An assembly can stand behind the app's own factory protocol, so consumers depend on that
/// protocol and never on DIScope:
///
/// ```swift
/// protocol UserDetailsFactory: Sendable { func userDetails(for user: String) throws -> UserDetails }
///
/// struct AppAssembly: Assembly {
///   func assemble(into container: Container) {
///     container.register(PhotoService.self) { _ in PhotoService() }
///     container.register(UserDetails.self) { (r: Resolver, user: String) in
///       UserDetails(photos: try r.resolve(PhotoService.self), user: user)
///     }
///   }
/// }
///
/// let group = container.install(AppAssembly())
/// container.remove(group)   // every registration it made, at once
/// ```
public protocol Assembly: Sendable {
  /// Registers the assembly's services into `container`.
  func assemble(into container: Container)
  /// The name traces and reports give the group; the type's name by default.
  var name: String { get }
}

extension Assembly {
  public var name: String { String(describing: Self.self) }
}

extension Container {
  /// Installs an assembly: its registrations are pushed over any the container already has (so a
  /// second assembly overrides the first), then its eager registrations are built.
  ///
  /// - Returns: The group that `remove(_:)` takes to remove every registration it made.
  @discardableResult
  public func install(_ assembly: some Assembly) -> RegistrationGroup {
    let recorder = InstallRecorder(container: self, name: assembly.name)
    let thread = ThreadState.current
    thread.installing.append(recorder)
    assembly.assemble(into: self)
    thread.installing.removeAll { $0 === recorder }
    // Installed from another assembly's `assemble`: its registrations are that one's too, so
    // removing the outer group removes everything it brought in.
    thread.installing.last { $0.container === self }?.tokens += recorder.tokens
    let eager = family.withLock { _ in
      // Not one a nested install built already: built again, it would find its own instance and
      // record no dependency, wiping what validation reads of it.
      recorder.tokens.compactMap { registry.registration(for: $0) }.filter {
        $0.state.withLockHeld { $0.scope == .eager && $0.isCaching && !$0.hasCached }
      }
    }
    for registration in eager { buildEagerly(registration) }
    return RegistrationGroup(name: assembly.name, tokens: recorder.tokens)
  }

  /// Installs several assemblies in order, as one group.
  @discardableResult
  public func install(_ assemblies: [any Assembly]) -> RegistrationGroup {
    let groups = assemblies.map { install($0) }
    return RegistrationGroup(
      name: groups.map(\.name).joined(separator: "+"), tokens: groups.flatMap(\.tokens))
  }
}
