import DIScope
import DisSyntax

/// `#N` over an app's container: the app's Swift objects, named by their creation numbers, looked
/// up among what is alive now and never held. A debugger that kept them would change what the
/// app's weak registrations answer, and when its requests' objects go.
extension Session {
  /// The app's instance `#number`, alive now: one the session saw built and that still lives
  /// (held weakly), or one a container caches (the app's own, a live child's). A failure says
  /// whether it is gone.
  func appInstance(_ number: Int) throws -> AnyObject {
    if let object = family.appObjects.object(numbered: number) { return object }
    for owner in [family.root] + family.root.liveChildren {
      if let cached = owner.cachedInstance(numbered: number), type(of: cached) is AnyClass {
        return cached as AnyObject
      }
    }
    let hint = "a debugger keeps none of the app's instances alive: 'resolve S' (or 'container use NAME' "
      + "while a request lives) for one that is"
    if family.appObjects.wasSeen(number) {
      throw ScriptFailure("#\(number) is gone (released): the app let go of it", hint: hint)
    }
    throw ScriptFailure(
      "#\(number) is not alive in the app (released, or built before this session began to watch)", hint: hint)
  }

  /// `expect #N.property = #M|nil|"text"` on one of the app's objects: its stored property as
  /// Swift reflects it (`#M`: an object the session saw built, by its number).
  func expectAppProperty(_ reference: InstanceParameter, equals expected: ExpectedValue) throws -> [String] {
    let object = try appInstance(reference.instance)
    let label = InstanceText.line(object, number: reference.instance)
    var properties: [(name: String, value: Any)] = []
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      for child in current.children {
        guard var name = child.label else { continue }
        if name.hasPrefix("_") { name.removeFirst() }  // a property wrapper's storage
        properties.append((name, child.value))
      }
      mirror = current.superclassMirror
    }
    guard let property = properties.first(where: { $0.name == reference.parameter }) else {
      let names = properties.map(\.name)
      throw ScriptFailure(
        "\(label) has no property '\(reference.parameter)'",
        hint: names.isEmpty ? "it has no stored property"
          : suggestion(for: reference.parameter, among: names) ?? "its properties: " + names.joined(separator: ", "))
    }
    let value = Self.unwrapped(property.value)
    let found: String
    let holds: Bool
    let wanted: String
    switch expected {
    case .instance(let number):
      wanted = "#\(number)"
      let held = value.flatMap { self.number(of: $0) ?? cachedNumber(of: $0) }
      holds = held == number
      found = value.map { InstanceText.line($0, number: held) } ?? "nil"
    case .none:
      wanted = "nil"
      holds = value == nil
      found = value.map { String(describing: $0) } ?? "nil"
    case .text(let text):
      wanted = text.quoted
      found = value.map { String(describing: $0) } ?? "nil"
      holds = found == text
    }
    guard holds else {
      throw ScriptFailure("expected \(reference) to be \(wanted), found \(found)")
    }
    return []
  }

  /// The number of an object one of the app's containers caches (built before the session
  /// began, so never seen built), found by identity.
  private func cachedNumber(of value: Any) -> Int? {
    guard type(of: value) is AnyClass else { return nil }
    let object = value as AnyObject
    for owner in [family.root] + family.root.liveChildren {
      for stack in owner.stacks {
        for info in stack.registrations {
          guard let number = info.cachedInstanceNumber,
            let cached = owner.cachedInstance(numbered: number), type(of: cached) is AnyClass,
            cached as AnyObject === object
          else { continue }
          return number
        }
      }
    }
    return nil
  }

  /// `value` without its optional layers; nil when one is empty.
  private static func unwrapped(_ value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return value }
    guard let some = mirror.children.first else { return nil }
    return unwrapped(some.value)
  }
}
