import DIScope
import DisSyntax

/// The `expect` forms that state what instances hold and what became of them, so that a goal
/// (a course's exercise, a lesson's point) is a state of the container, not a command typed:
/// `expect S holds [new] T`, `expect S is #N`, `expect #N disposed|gone`, `expect no container N`.
extension Session {
  /// `expect S holds T`, `expect S holds Provider<T>`, `expect S holds new T`.
  func expectHolds(_ service: String, _ wanted: HeldValue, isNew: Bool) throws -> [String] {
    let (value, _) = try resolveForExpectation(service)
    guard let root = value as? PlaygroundInstance else {
      throw ScriptFailure("'\(service)' is not a declared class's instance: what it holds cannot be looked into")
    }
    let slots = heldSlots(by: root)
    switch wanted {
    case .provider(let provided, let argumentTypes):
      let providers = slots.compactMap { slot -> ProviderHandle? in
        if case .provider(let handle) = slot { handle } else { nil }
      }
      guard providers.contains(where: { $0.service == provided && $0.argumentTypes == argumentTypes }) else {
        throw ScriptFailure.unmet(
          "expected \(root.label) to hold a \(wanted), but it holds "
            + (providers.isEmpty ? "no provider" : providers.map { SlotValue.provider($0).description }.joined(separator: ", ")),
          hint: "\(root.label) holds: " + described(root))
      }
    case .instance(let type):
      let found = held(by: root).filter { isInstance($0, of: type) }
      guard !found.isEmpty else {
        throw ScriptFailure.unmet(
          "expected \(root.label) to hold a '\(type)', but it holds none", hint: "\(root.label) holds: " + described(root))
      }
      // An instance a look builds is not numbered: one with a number was there before it.
      let earlier = found.filter { $0.number != nil }
      guard !isNew || earlier.isEmpty else {
        throw ScriptFailure.unmet(
          "expected every '\(type)' \(root.label) holds to be new, but "
            + earlier.map(\.label).joined(separator: " and ") + " was built before, and is shared",
          hint: answerHint(type))
      }
    }
    return []
  }

  /// `expect S is #N`: a resolve of S answers with `#N` itself.
  func expectAnswer(_ service: String, is number: Int) throws -> [String] {
    let (value, _) = try resolveForExpectation(service)
    let found = (value as? PlaygroundInstance)?.number ?? self.number(of: value)
    guard found == number else {
      throw ScriptFailure.unmet(
        "expected '\(service)' to answer with #\(number), got \(InstanceText.line(value, number: found))",
        hint: answerHint(service))
    }
    return []
  }

  /// `expect #N disposed` (a container disposed it) or `expect #N gone` (nothing holds it).
  func expectFate(of number: Int, _ fate: InstanceFate) throws -> [String] {
    guard let seen = family.numbering.seen[number] else {
      throw ScriptFailure.unmet("expected #\(number) to be \(fate.rawValue), but this container family built no #\(number)")
    }
    switch fate {
    case .disposed:
      guard withTakenEvents({ $0.disposals.wasDisposed(number) }) else {
        throw ScriptFailure.unmet("expected #\(number) to be disposed, but no container has disposed it")
      }
    case .gone:
      if let instance = seen.instance {
        let holder = family.numbering.instances[number] != nil ? "the session holds it" : "something still holds it"
        throw ScriptFailure.unmet(
          "expected #\(number) to be gone, but \(instance.label) is still there: \(holder)",
          hint: family.numbering.instances[number] != nil ? "'release #\(number)' lets go of it" : nil)
      }
    }
    return []
  }

  /// `expect no container NAME`.
  func expectNoContainer(named name: String) throws -> [String] {
    guard family.container(named: name) == nil else {
      throw ScriptFailure.unmet("expected no container named '\(name)', but there is one")
    }
    return []
  }

  /// Every instance `root` holds, directly or through what it holds, once each, nearest first.
  func held(by root: PlaygroundInstance) -> [PlaygroundInstance] {
    heldSlots(by: root).compactMap { slot in
      if case .instance(let instance) = slot { instance } else { nil }
    }
  }

  /// Whether `instance` is a `type`: its class, a class conforming to it, or a mock of it.
  func isInstance(_ instance: PlaygroundInstance, of type: String) -> Bool {
    instance.typeName == type || instance.mockedService == type || store.current.conforms(instance.typeName, to: type)
  }

  /// What every instance reachable from `root` holds in its parameters and properties: each
  /// instance's slots once, nearest first.
  private func heldSlots(by root: PlaygroundInstance) -> [SlotValue] {
    var slots: [SlotValue] = []
    var pending = [root]
    var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
    while !pending.isEmpty {
      let instance = pending.removeFirst()
      for (_, slot) in instance.parameters + instance.properties {
        slots.append(slot)
        if case .instance(let held) = slot, seen.insert(ObjectIdentifier(held)).inserted { pending.append(held) }
      }
    }
    return slots
  }

  private func described(_ instance: PlaygroundInstance) -> String {
    let slots = instance.parameters + instance.properties
    return slots.isEmpty ? "nothing" : slots.map { "\($0.name): \($0.value.description)" }.joined(separator: ", ")
  }
}
