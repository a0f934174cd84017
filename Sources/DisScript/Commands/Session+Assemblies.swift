import DIScope
import DisSyntax

/// `activate A` and `deactivate A`: an assembly's registrations pushed and removed as one group,
/// with the container's own `install` and `remove(group)`.
extension Session {
  func activate(_ name: String) throws -> [String] {
    let assembly = try declaredAssembly(name)
    let place = containerName(of: container)
    if let group = family.activeGroups[place]?[name] {
      throw ScriptFailure(
        "assembly '\(name)' is already active in '\(place)' (\(group.tokens.map(\.description).joined(separator: " ")))",
        hint: "to fix, 'deactivate \(name)' first")
    }
    let plans = try assembly.registrations.map { try plan($0.registration, madeAt: $0.site) }
    let group = container.install(ScriptAssembly(name: name, plans: plans, session: SessionReference(self)))
    let lines = group.tokens.map { tokenLine("+", $0, in: container) } + takeTraces().flatMap { $0 }
    try checkEagerBuilds(rollingBack: group.tokens)
    family.activeGroups[place, default: [:]][name] = group
    return lines.isEmpty ? ["assembly \(name) is active, with no registrations"] : lines
  }

  func deactivate(_ name: String) throws -> [String] {
    _ = try declaredAssembly(name)
    let place = containerName(of: container)
    guard let group = family.activeGroups[place]?[name] else {
      let elsewhere = family.activeGroups.filter { $0.value[name] != nil }.keys.sorted()
      throw ScriptFailure(
        "assembly '\(name)' is not active in '\(place)'",
        hint: elsewhere.first.map { "it is active in '\($0)': 'container use \($0)' first" }
          ?? "to fix, 'activate \(name)' first")
    }
    let infos = group.tokens.compactMap { container.registration($0) }
    container.remove(group)
    for token in group.tokens { family.removedTokens.insert(token.number) }
    family.activeGroups[place]?[name] = nil
    guard infos.isEmpty else { return infos.reversed().map { tokenLine("-", $0) } }
    return group.tokens.isEmpty
      ? ["assembly \(name) is inactive; it had no registrations"]
      : ["assembly \(name) is inactive; its registrations were already removed"]
  }

  private func declaredAssembly(_ name: String) throws -> DeclaredAssembly {
    guard let assembly = store.current.assemblies[name] else {
      throw ScriptFailure(
        "unknown assembly '\(name)'",
        hint: suggestion(for: name, among: store.current.assemblyOrder)
          ?? "to fix, declare it first: 'assembly \(name) { register ... }'")
    }
    return assembly
  }

  func containerName(of container: Container) -> String { container.name }
}

/// An `assembly` block as declared, with where it was written: the script's path and the line
/// of `assembly A {`, or `nil` when typed.
struct DeclaredAssembly: Sendable {
  let syntax: SyntaxAssembly
  let site: RegistrationSite?

  /// Each `register` line with where it was written: the block's file, on the line of its own
  /// (not the line of the `activate` that pushes it). The one place a block's line is placed.
  var registrations: [(registration: DisSyntax.Registration, site: RegistrationSite?)] {
    syntax.registrationLines.map { registration, lineInBlock in
      (registration, site.map { RegistrationSite(fileID: $0.fileID, line: $0.line + lineInBlock) })
    }
  }
}

/// An `assembly` block as a DIScope ``DIScope/Assembly``: installing it pushes every planned
/// registration, and the container groups their tokens.
struct ScriptAssembly: DIScope.Assembly {
  let name: String
  let plans: [RegistrationPlan]
  let session: SessionReference

  func assemble(into container: Container) {
    guard let session = session.session else { return }
    for plan in plans { _ = session.push(plan, into: container) }
  }
}

/// The session, reachable from an assembly the container installs on the session's own thread.
///
/// `@unchecked Sendable`: `DIScope.Assembly` must be `Sendable`, but a script assembly is installed
/// synchronously by `activate`, on the thread running the session, and never kept by the container.
struct SessionReference: @unchecked Sendable {
  weak var session: Session?
  init(_ session: Session) { self.session = session }
}
