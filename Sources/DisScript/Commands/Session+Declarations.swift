import DisSyntax

/// `protocol P`, `class C(...)`, `assembly A { ... }`: the script's types. Declarations print
/// nothing; a class may name types declared later (names are looked up when something is built).
extension Session {
  func declareProtocol(_ name: String) throws -> [String] {
    if store.current.classes[name] != nil {
      throw ScriptFailure(
        "'\(name)' is already declared as a class", hint: "to fix, give the protocol another name")
    }
    store.update { $0.declareProtocol(name) }
    return []
  }

  func declareClass(_ declaration: ClassDeclaration) throws -> [String] {
    let name = declaration.name
    // Read, not kept: a copy of the declarations alive across `store.update` below would make
    // the update copy every table, a cost that grows with each class a script declares.
    let (isProtocol, previous) = store.read { ($0.isProtocol(name), $0.classes[name]) }
    if isProtocol {
      throw ScriptFailure(
        "'\(name)' is already declared as a protocol", hint: "to fix, give the class another name")
    }
    var seen: Set<String> = []
    for parameter in (declaration.parameters ?? []) + (declaration.properties ?? []) {
      guard seen.insert(parameter.name).inserted else {
        throw ScriptFailure(
          "'\(name)' declares '\(parameter.name)' twice", hint: "to fix, give each parameter and property its own name")
      }
    }
    if let property = declaration.properties?.first(where: {
      if case .argument = $0.dependency { true } else { false }
    }) {
      throw ScriptFailure(
        "the property '\(property.name)' of '\(name)' is a runtime argument",
        hint: "to fix, make it an initializer parameter: 'class \(name)(\(property.name): \(property.dependency.syntax))'")
    }
    if declaration.conformances.contains(name) {
      throw ScriptFailure("'\(name)' cannot conform to itself", hint: "to fix, remove ': \(name)'")
    }
    if let previous, previous != declaration {
      store.update { $0.declareClass(declaration) }
      return ["~ class \(name) redeclared: instances built from now on use the new declaration"]
    }
    store.update { $0.declareClass(declaration) }
    return []
  }

  func declareAssembly(_ assembly: SyntaxAssembly) throws -> [String] {
    var seen: Set<String> = []
    for registration in assembly.registrations {
      let key = registration.service + "|" + (registration.name ?? "")
      guard seen.insert(key).inserted else {
        throw ScriptFailure(
          "assembly '\(assembly.name)' registers '\(registration.service)'"
            + (registration.name.map { " named \($0)" } ?? "") + " twice",
          hint: "to fix, keep one of the two lines: an assembly pushes each registration once")
      }
    }
    // Laid out again, or written elsewhere, it registers the same: only its sites change.
    let isRedeclared = store.current.assemblies[assembly.name].map { $0.syntax.structure != assembly.structure } ?? false
    store.update { $0.declareAssembly(DeclaredAssembly(syntax: assembly, site: commandSite)) }
    return isRedeclared
      ? ["~ assembly \(assembly.name) redeclared: 'activate' uses the new declaration"] : []
  }
}

extension SyntaxDependency {
  /// The dependency as written: `Logger`, `Logger?`, `Provider<Logger>`, `arg String`.
  var syntax: String {
    switch self {
    case .service(let name): name
    case .optional(let name): name + "?"
    case .provider(let name): "Provider<\(name)>"
    case .argument(let name): "arg " + name
    }
  }
}
