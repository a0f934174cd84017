import DisSyntax

/// The script's declared types as Swift: protocols, classes with a property per dependency (set
/// by the registration's factory), the mocks the script pushes, and its assemblies.
extension SwiftExport {
  /// A registration the export made and that is still in place.
  /// A class in one of its shapes, and what the script had declared when it declared it.
  struct ClassVersion {
    var declaration: ClassDeclaration
    var swiftName: String
    var classesSeen: [String: ClassDeclaration]
    var versionsSeen: [String: Int]
  }

  struct LiveRegistration {
    var container: String
    var implementation: String
    /// The service as the script names it.
    var service: String
    var name: String?
    var scope: DisSyntax.Scope
    var isCaching: Bool

    var options: String { SwiftExport.registerOptions(name: name, scope: scope) }
  }

  /// `, name: "x", scope: .prototype`: the options of `register`, defaults left out.
  static func registerOptions(name: String?, scope: DisSyntax.Scope) -> String {
    (name.map { ", name: \($0.quoted)" } ?? "") + (scope == .singleton ? "" : ", scope: .\(scope.rawValue)")
  }

  /// One Swift class for each shape a script class is declared in: a class declared again in
  /// another shape is, in Swift, a second class (`ProfileScreenV2`), as a person would write it
  /// (Swift cannot change a class halfway through a file). So is every class that names it (as
  /// a dependency or a superclass), whose property or superclass changes with it. Returns the
  /// classes that got a new Swift class, so that their registrations are made again.
  mutating func declare(_ declaration: ClassDeclaration) -> [String] {
    let name = declaration.name
    guard let previous = classes[name] else {
      classes[name] = declaration
      versions[name] = 1
      classVersions.append(ClassVersion(declaration: declaration, swiftName: name, classesSeen: classes, versionsSeen: versions))
      return []
    }
    classes[name] = declaration
    guard slots(of: previous) != slots(of: declaration) || previous.conformances != declaration.conformances else {
      return []
    }
    var changed = [name]
    var pending = [name]
    while let next = pending.popLast() {
      for (other, dependent) in classes.sorted(by: { $0.key < $1.key })
      where !changed.contains(other) && Self.names(dependent, next) {
        changed.append(other)
        pending.append(other)
      }
    }
    for className in changed { versions[className, default: 1] += 1 }
    // Each new class sees the others' new classes, even those that name it back.
    for className in changed {
      classVersions.append(
        ClassVersion(
          declaration: classes[className]!, swiftName: swiftName(className), classesSeen: classes, versionsSeen: versions))
    }
    return changed
  }

  /// Whether `declaration` names `className`: as a dependency, or as its superclass.
  private static func names(_ declaration: ClassDeclaration, _ className: String) -> Bool {
    declaration.conformances.contains(className)
      || ((declaration.parameters ?? []) + (declaration.properties ?? [])).contains { slot in
        switch slot.dependency {
        case .service(let type), .optional(let type), .provider(let type): type == className
        case .argument: false
        }
      }
  }

  /// `ProfileScreen`, or `ProfileScreenV2` once the class was declared again in another shape.
  func swiftName(_ className: String) -> String {
    let version = versions[className] ?? 1
    return version > 1 ? "\(className)V\(version)" : className
  }

  /// The Swift property of `slot`: its name.
  func property(_ slot: String, of className: String) -> String { slot }

  /// `protocol Logger: AnyObject, Sendable {}` and `final class WebService: Sendable { let
  /// logger: any Logger; init(logger:) }`: every service is `Sendable`, as a service the container
  /// may share must be, and every dependency an initializer parameter.
  func typeDeclarations() -> [String] {
    var lines: [String] = []
    for name in protocolOrder { lines.append("protocol \(name): AnyObject, Sendable {}") }
    let partial = partiallyBuiltClasses()
    for version in classVersions {
      // Each class as the script had it when this one was declared: what it names is the Swift
      // class of that moment (a class declared later, its first).
      var seen = self
      seen.classes = classes.mapValues { firstDeclarations[$0.name] ?? $0 }.merging(version.classesSeen) { $1 }
      seen.versions = version.versionsSeen
      lines.append(
        contentsOf: seen.classDeclaration(
          version.declaration, swiftName: version.swiftName, isPartiallyBuilt: partial.contains(version.declaration.name)))
    }
    for (mock, service) in mocks.sorted(by: { $0.key < $1.key }) where classes[mock] == nil {
      if classes[service] != nil {
        lines.append("// @unchecked Sendable: it adds nothing to \(swiftName(service)), whose properties are all `let`s.")
        lines.append("final class \(mock): \(swiftName(service)), @unchecked Sendable {}")
      } else {
        lines.append("final class \(mock): \(service) {}")
      }
    }
    return lines
  }

  /// The classes some of whose instances are built without every dependency: one a generated
  /// mock subclasses (the mock is built empty, as the script's is), and the classes of their
  /// hierarchies (one initializer passes up the chain). Their properties are implicitly
  /// unwrapped and their initializer's parameters default to nil; every other class takes each
  /// dependency as a plain initializer parameter, as the README writes it.
  private func partiallyBuiltClasses() -> Set<String> {
    let mocked = mocks.filter { classes[$0.key] == nil && classes[$0.value] != nil }.map(\.value)
    var partial = Set(mocked)
    var changed = true
    while changed {
      changed = false
      for (name, declaration) in classes {
        let superclass = declaration.conformances.first { classes[$0] != nil }
        guard let superclass, partial.contains(name) != partial.contains(superclass) else { continue }
        partial.formUnion([name, superclass])
        changed = true
      }
    }
    return partial
  }

  private func classDeclaration(_ declaration: ClassDeclaration, swiftName: String, isPartiallyBuilt: Bool) -> [String] {
    // A class that conforms to a class subclasses it (the first), and inherits its properties.
    let superclass = declaration.conformances.first { classes[$0] != nil }
    let protocols = declaration.conformances.filter { classes[$0] == nil && $0 != superclass }
    let inheritedProperties = superclass.map(allProperties(of:)) ?? []
    let inherited = Set(inheritedProperties.map(\.name))
    let own = slots(of: declaration).map { (name: $0.name, type: $0.dependency) }.filter { !inherited.contains($0.name) }
    // Subclassed in this shape: by a class whose Swift class names this one, or by a mock.
    let isSubclassed = classVersions.contains { version in
      version.declaration.conformances.contains(declaration.name)
        && version.versionsSeen[declaration.name] == versions[declaration.name]
    } || mocks.values.contains(declaration.name)
    // Swift lets only a final class be checked `Sendable`; one the script subclasses says why it
    // is safe all the same. A subclass inherits its superclass's conformance.
    var conformances = [superclass.map(self.swiftName)].compactMap { $0 } + protocols
    var lines: [String] = []
    if superclass == nil && isSubclassed {
      lines.append("// @unchecked Sendable: every stored property is a `let`, and so is every subclass's.")
      conformances.append("@unchecked Sendable")
    } else if let superclass {
      // Swift asks a subclass to restate it.
      lines.append("// @unchecked Sendable: its properties, and \(self.swiftName(superclass))'s, are all `let`s.")
      conformances.append("@unchecked Sendable")
    } else if conformances.isEmpty {
      conformances.append("Sendable")  // otherwise Sendable through its protocols, all Sendable
    }
    lines.append("\(isSubclassed ? "" : "final ")class \(swiftName): \(conformances.joined(separator: ", ")) {")
    for (name, dependency) in own {
      lines.append("  let \(name): \(propertyType(dependency, isPartiallyBuilt: isPartiallyBuilt))")
    }
    // A class a mock subclasses is built empty by the mock: its parameters default to nil.
    if !own.isEmpty {
      let all = inheritedProperties + own
      let parameters = all.map { property in
        isPartiallyBuilt
          ? "\(property.name): \(optionalType(property.type)) = nil"
          : "\(property.name): \(propertyType(property.type, isPartiallyBuilt: false))"
      }
      let assignments = own.map { "self.\($0.name) = \($0.name)" }
      let superCall =
        inheritedProperties.isEmpty
        ? [] : ["super.init(" + inheritedProperties.map { "\($0.name): \($0.name)" }.joined(separator: ", ") + ")"]
      lines.append("  init(\(parameters.joined(separator: ", "))) {")
      lines.append(contentsOf: (assignments + superCall).map { "    " + $0 })
      lines.append("  }")
    }
    lines.append("}")
    return lines.count == 2 ? [lines[0] + "}"] : lines
  }

  /// `any Logger`, `(any Logger)?`, `Provider<UserDetails, String>`, `String`; for a class built
  /// partially, `(any Logger)!` (see ``partiallyBuiltClasses()``).
  private func propertyType(_ dependency: DisSyntax.Dependency, isPartiallyBuilt: Bool) -> String {
    let unwrapped = isPartiallyBuilt ? "!" : ""
    return switch dependency {
    case .service(let type): isPartiallyBuilt ? "\(swiftType(type))!" : plainType(type)
    case .optional(let type): "\(swiftType(type))?"
    case .provider(let type): "\(providerType(type))\(unwrapped)"
    case .argument(let type): "\(type)\(unwrapped)"
    }
  }

  /// `(any Logger)?`: the type of an initializer parameter that may be left out.
  private func optionalType(_ dependency: DisSyntax.Dependency) -> String {
    switch dependency {
    case .service(let type), .optional(let type): "\(swiftType(type))?"
    case .provider(let type): "\(providerType(type))?"
    case .argument(let type): "\(type)?"
    }
  }

  /// `any Logger` for a protocol, as a property or parameter type; the name for a class.
  private func plainType(_ name: String) -> String {
    protocols.contains(name) ? "any \(name)" : swiftName(name)
  }

  /// The slot `name` of `className`'s current shape, or of its superclass's.
  func slot(_ name: String, of className: String) -> Parameter? {
    allSlots(of: className).last { $0.name == name }
  }

  /// Initializer parameters, then injected properties.
  func slots(of declaration: ClassDeclaration) -> [Parameter] {
    (declaration.parameters ?? []) + (declaration.properties ?? [])
  }

  private func allProperties(of className: String) -> [(name: String, type: DisSyntax.Dependency)] {
    guard let declaration = classes[className] else { return [] }
    let inherited = declaration.conformances.first { classes[$0] != nil }.map(allProperties(of:)) ?? []
    let names = Set(inherited.map(\.name))
    return inherited + slots(of: declaration).filter { !names.contains($0.name) }.map { ($0.name, $0.dependency) }
  }

  private func allSlots(of className: String) -> [Parameter] {
    guard let declaration = classes[className] else { return [] }
    let own = slots(of: declaration)
    // A slot the subclass declares again is the inherited property, set once.
    let inherited = (declaration.conformances.first { classes[$0] != nil }.map(allSlots(of:)) ?? [])
      .filter { slot in !own.contains { $0.name == slot.name } }
    return inherited + own
  }

  /// `Provider<UserDetails, String, Int>`: a provider passes the class's runtime arguments.
  func providerType(_ service: String) -> String {
    let arguments = implementation(of: service).flatMap { classes[$0] }.map(argumentTypes) ?? []
    return "Provider<" + ([swiftType(service)] + arguments).joined(separator: ", ") + ">"
  }

  func argumentTypes(_ declaration: ClassDeclaration) -> [String] {
    (declaration.parameters ?? []).compactMap { if case .argument(let type) = $0.dependency { type } else { nil } }
  }

  /// `(any Logger)` for a protocol, the name for a class.
  func swiftType(_ name: String) -> String {
    protocols.contains(name) ? "(any \(name))" : swiftName(name)
  }

  /// The class registered for `service` last, as far as the script says.
  func implementation(of service: String) -> String? {
    registeredImplementation[service] ?? (classes[service] != nil ? service : nil)
  }

  /// `{ (r: Resolver, user: String) in UserDetails(photos: try r.resolve(PhotoService.self), user:
  /// user) }`: initializer injection.
  func factory(_ className: String) -> String {
    guard classes[className] != nil else { return "{ _ in \(swiftName(className))() }" }
    let all = allSlots(of: className)
    let arguments = all.compactMap { slot -> String? in
      if case .argument(let type) = slot.dependency { "\(slot.name): \(type)" } else { nil }
    }
    let usesResolver = all.contains { if case .argument = $0.dependency { false } else { true } }
    let resolver = usesResolver ? "r" : "_"
    let head = arguments.isEmpty ? "\(resolver) in" : "(\(resolver): Resolver, \(arguments.joined(separator: ", "))) in"
    return "{ \(head) \(construction(of: className, resolvingFrom: "r")) }"
  }

  /// `WebService(logger: try r.resolve((any Logger).self))`: the class built with what
  /// `resolver` resolves for each dependency (a runtime argument is passed by its name).
  func construction(of className: String, resolvingFrom resolver: String) -> String {
    guard classes[className] != nil else { return "\(swiftName(className))()" }
    let values = allSlots(of: className).map { slot -> String in
      let label = property(slot.name, of: className)
      return switch slot.dependency {
      case .service(let type): "\(label): try \(resolver).resolve(\(swiftType(type)).self)"
      case .optional(let type): "\(label): try \(resolver).optionalResolve(\(swiftType(type)).self)"
      case .provider(let type): "\(label): try \(resolver).resolve(\(providerType(type)).self)"
      case .argument: "\(label): \(slot.name)"
      }
    }
    return "\(swiftName(className))(" + values.joined(separator: ", ") + ")"
  }
}
