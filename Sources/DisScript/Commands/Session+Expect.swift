import DIScope
import DisSyntax

/// `expect ...`: assertions that do not depend on output wording. They print nothing when they
/// hold; when one does not, the command fails saying what was expected and what was found.
extension Session {
  func expect(_ expectation: Expectation) throws -> [String] {
    switch expectation {
    case .resolvesTo(let service, let implementation):
      if let answering = try answeringWithArguments(service) {
        // A class with runtime arguments cannot be built without them, and an expectation has
        // none to give: what answers is the class a resolve would build.
        guard answering.implementationName == implementation else {
          throw ScriptFailure.unmet(
            "expected '\(service)' to resolve to '\(implementation)', but \(RegistrationText.line(answering)) answers")
        }
        return []
      }
      let (value, _) = try resolveForExpectation(service)
      let found = (value as? PlaygroundInstance)?.typeName ?? String(describing: type(of: value))
      guard found == implementation else {
        throw ScriptFailure.unmet(
          "expected '\(service)' to resolve to '\(implementation)', got \(InstanceText.line(value, number: number(of: value)))",
          hint: answerHint(service))
      }
      return []
    case .freshness(let service, let isCached):
      let (value, outcome) = try resolveForExpectation(service)
      let wasCached = outcome == .cached
      guard wasCached == isCached else {
        let found = InstanceText.line(value, number: number(of: value))
        throw ScriptFailure.unmet(
          isCached
            ? "expected '\(service)' to be cached, but a resolve would build a new \(found)"
            : "expected '\(service)' to be new, but \(found) is cached",
          hint: answerHint(service))
      }
      return []
    case .stack(let service, let tokens):
      let (_, key) = try lookUp(service, named: nil)
      let actual = container.registrations(of: key).map(\.token.number)
      guard actual == tokens.map(\.number) else {
        let shown = actual.isEmpty ? "an empty stack" : actual.map { "t\($0)" }.joined(separator: " ")
        throw ScriptFailure.unmet(
          "expected the stack of '\(service)' to be \(tokens.isEmpty ? "empty" : tokens.map(\.description).joined(separator: " ")), "
            + "found \(shown)", hint: "stacks list tokens top first; 'show stacks \(service)' shows it")
      }
      return []
    case .parameter(let reference, let expected):
      return try expectParameter(reference, equals: expected)
    case .noStaleReferences:
      return try expectNoStale()
    case .shares(let service, let dependency):
      return try expectShares(service, dependency)
    case .holds(let service, let held, let isNew):
      return try expectHolds(service, held, isNew: isNew)
    case .answersWith(let service, let number):
      return try expectAnswer(service, is: number)
    case .fate(let number, let fate):
      return try expectFate(of: number, fate)
    case .noContainer(let name):
      return try expectNoContainer(named: name)
    }
  }

  /// `expect S shares T`: every T that S's instance holds, directly or through what it holds, is
  /// one instance (a graph scope, or a singleton, shares; a prototype does not).
  private func expectShares(_ service: String, _ dependency: String) throws -> [String] {
    _ = try lookUp(dependency, named: nil)
    let (value, _) = try resolveForExpectation(service)
    guard let root = value as? PlaygroundInstance else {
      throw ScriptFailure("'\(service)' is not a declared class's instance: its dependencies cannot be looked into")
    }
    let found = held(by: root).filter { isInstance($0, of: dependency) }
    let distinct = found.reduce(into: [PlaygroundInstance]()) { kept, instance in
      if !kept.contains(where: { $0 === instance }) { kept.append(instance) }
    }
    guard found.count >= 2 else {
      throw ScriptFailure.unmet(
        "expected \(root.label) to share one '\(dependency)', but it holds \(found.count == 0 ? "none" : "only one")",
        hint: "'expect S shares T' needs two or more of S's dependencies to hold a T")
    }
    guard distinct.count == 1 else {
      throw ScriptFailure.unmet(
        "expected \(root.label) to share one '\(dependency)', but it holds "
          + distinct.map(\.label).joined(separator: " and "),
        hint: answerHint(dependency))
    }
    return []
  }

  private func expectParameter(_ reference: InstanceParameter, equals expected: ExpectedValue) throws -> [String] {
    // Over an app's container, `#N` is one of the app's objects unless the script built it.
    if isOverAppContainer, family.numbering.instances[reference.instance] == nil, family.numbering.seen[reference.instance] == nil {
      return try expectAppProperty(reference, equals: expected)
    }
    let instance = try heldInstance(reference.instance)
    guard let slot = instance.slot(named: reference.parameter) else {
      throw ScriptFailure(
        "\(instance.label) has no parameter '\(reference.parameter)'",
        hint: instance.slotNames.isEmpty ? nil : "its parameters: " + instance.slotNames.joined(separator: ", "))
    }
    let holds: Bool
    let wanted: String
    switch expected {
    case .instance(let number):
      if case .instance(let held) = slot { holds = held.number == number } else { holds = false }
      wanted = "#\(number)"
    case .none:
      if case .none = slot { holds = true } else { holds = false }
      wanted = "nil"
    case .text(let text):
      if case .argument(let value) = slot { holds = value.text == text } else { holds = slot.description == text }
      wanted = text.quoted
    }
    guard holds else {
      throw ScriptFailure.unmet("expected \(reference) to be \(wanted), found \(slot.description)")
    }
    return []
  }

  /// Resolves `service` once, as `resolve` would, and says whether the answer was created or cached.
  func resolveForExpectation(_ service: String) throws -> (Any, ResolutionStep.Outcome) {
    let (directory, key) = try lookUp(service, named: nil)
    let arguments = try checkArguments([], for: key, service: service)
    do {
      // Looked at without side effects: what the check builds is not cached, not numbered (the
      // learner's next `#N` is the one the resolve would have had) and not held. What a resolve
      // would answer from the cache answers; anything else is built, and so would be created.
      let look = try container.withoutSideEffects {
        try directory.resolve(key, in: container, arguments: arguments)
      }
      return (look.result, look.didBuild ? .created : .cached)
    } catch let error as ResolutionError {
      throw resolutionFailure(error)
    }
  }

  /// The registration answering `service` when it takes runtime arguments; nil otherwise.
  private func answeringWithArguments(_ service: String) throws -> RegistrationInfo? {
    let (_, key) = try lookUp(service, named: nil)
    guard let answering = container.answeringRegistration(for: key), answering.argumentTypes != nil else { return nil }
    return answering
  }

  func answerHint(_ service: String) -> String? {
    guard let (_, key) = try? lookUp(service, named: nil) else { return nil }
    return container.answeringRegistration(for: key).map { "\(RegistrationText.line($0)) answers '\(service)'" }
  }
}
