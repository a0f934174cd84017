import DisSyntax

/// The script's `expect` lines as `#expect`, asserting what the script asserts (`failed`: it is
/// marked `!`), and looking as the script looks: nothing a check builds stays cached or alive.
extension SwiftExport {
  mutating func expect(_ expectation: Expectation, failed: Bool) {
    let not = failed ? "!" : ""
    switch expectation {
    case .resolvesTo(let service, let implementation):
      // `type(of:) ==`, not `is`: the script asks for that class, and `is` of a class is always
      // true. Looked at as the script looks, keeping nothing; a class with runtime arguments is
      // built with placeholders, since the expectation has none to give.
      let placeholders = (self.implementation(of: service).flatMap { classes[$0] }.map(argumentTypes) ?? []).map {
        Self.placeholders[$0] ?? "\($0)()"
      }
      let arguments = placeholders.isEmpty ? "" : ", arguments: " + placeholders.joined(separator: ", ")
      let look = "try \(container).resolvingWithoutSideEffects { try \(container).resolve(\(swiftType(service)).self\(arguments)) }"
      body.append("#expect(\(not)(type(of: \(look)) == \(swiftName(implementation)).self))")
    case .freshness(let service, let isCached):
      // Asked as the script asks it, building nothing: two resolves compared would cache (or
      // keep alive) with the first what the second finds.
      body.append("#expect(try \(isCached != failed ? "" : "!")\(container).isCached(\(swiftType(service)).self))")
    case .stack(let service, let tokens):
      let list = tokens.map { token($0.number) }.joined(separator: ", ")
      body.append("#expect(\(not)(\(container).registrations(of: ServiceKey(\(swiftType(service)).self)).map(\\.token) == [\(list)]))")
    case .parameter(let reference, let value):
      guard let instance = session.instance(numbered: reference.instance), bound[reference.instance] != nil else { return }
      let slot = "\(holder(reference.instance, as: instance.typeName)).\(property(reference.parameter, of: instance.typeName))"
      switch value {
      case .instance(let number):
        guard bound[number] != nil else { return }
        if let through = boundThrough[number], through.holder == reference.instance, through.slot == reference.parameter,
          let held = session.instance(numbered: number)
        {
          // Bound from this very member: compared with itself, it would check nothing. What it
          // is, is checked: its class.
          body.append("#expect(\(not)(type(of: \(slot)) == \(swiftName(held.typeName)).self))  // #\(number): reached only through here")
          return
        }
        body.append("#expect(\(not)(\(slot) === \(ExportStatements.value(instanceVariable(number)))))")
      case .none: body.append("#expect(\(not)(\(slot) == nil))")
      case .text(let text):
        let isString = self.slot(reference.parameter, of: instance.typeName).map {
          if case .argument("String") = $0.dependency { true } else { false }
        } ?? true
        body.append("#expect(\(not)(\(slot) == \(isString ? text.quoted : text)))")
      }
    case .noStaleReferences:
      body.append("#expect(\(not)\(container).staleReferences().isEmpty)")
    case .shares(let service, let dependency):
      shares(service, dependency, failed: failed)
    case .answersWith(let service, let number):
      // The instance that answers, looked at as the script looks (building and keeping nothing),
      // against the one the script numbered.
      guard bound[number] != nil else {
        body.append("// no Swift: \(failed ? "! " : "")expect \(expectation) (#\(number) has no variable here)")
        return
      }
      let look = "try \(container).resolvingWithoutSideEffects { try \(container).resolve(\(swiftType(service)).self) }"
      body.append("#expect(\(not)((\(look) as AnyObject) === \(ExportStatements.value(instanceVariable(number)))))")
    case .holds, .fate, .noContainer:
      // Listed in `withoutSwift`: the course's looks into the session's instances and containers.
      body.append("// no Swift: \(failed ? "! " : "")expect \(expectation)")
    }
  }

  /// `expect S shares T`: S looked at as the script looks (built as a resolve builds it, graph
  /// scope included, nothing kept), and every path from it to a T one instance
  /// (`screen.login.session === screen.profile.session`).
  private mutating func shares(_ service: String, _ dependency: String, failed: Bool) {
    let root = "shared" + (service.prefix(1).uppercased() + service.dropFirst())
    let paths = pathsFrom(implementation(of: service) ?? service, to: dependency, through: []).map { steps in
      steps.reduce(root) { expression, step in
        let read = "\(expression).\(step.member)"
        return step.castTo.map { "(\(read) as! \($0))" } ?? read
      }
    }
    body.append("do {")
    body.append(
      "  let \(root) = try \(container).resolvingWithoutSideEffects { try \(container).resolve(\(swiftType(service)).self) }")
    if paths.count < 2 {
      // The script's expectation fails with fewer than two: nothing is shared.
      body.append("  _ = \(root)")
      body.append("  #expect(\(failed ? "true" : "false"), \("fewer than two of its dependencies hold a \(dependency)".quoted))")
    } else {
      let same = paths.dropFirst().map { "\(paths[0]) === \($0)" }.joined(separator: " && ")
      body.append("  #expect(\(failed ? "!" : "")(\(same)))")
    }
    body.append("}")
  }

  /// The members that lead from an instance of `className` to each `dependency` it holds,
  /// directly or through what it holds (`login`, `session`), as built from the classes the script
  /// registered; a member read into is cast to its class when its type is a protocol. A cycle is
  /// not followed.
  private func pathsFrom(
    _ className: String, to dependency: String, through visited: Set<String>
  ) -> [[(member: String, castTo: String?)]] {
    guard !visited.contains(className), classes[className] != nil else { return [] }
    var paths: [[(member: String, castTo: String?)]] = []
    for slot in slot(className) {
      guard case .service(let type) = slot.dependency else { continue }
      let held = implementation(of: type) ?? type
      let member = property(slot.name, of: className)
      if type == dependency || held == dependency || classes[held]?.conformances.contains(dependency) == true {
        paths.append([(member, nil)])
      }
      let cast = protocols.contains(type) && classes[held] != nil ? swiftName(held) : nil
      paths += pathsFrom(held, to: dependency, through: visited.union([className])).map { [(member, cast)] + $0 }
    }
    return paths
  }

  private func slot(_ className: String) -> [Parameter] {
    classes[className].map(slots(of:)) ?? []
  }
}
