import DisSyntax

/// The instances the export names: each instance the script was answered with, bound to a
/// variable the first time (a mock's own variable when it is a mock), checked again after; the
/// instances those hold, bound through them; and a weak registration's, held to the end.
extension SwiftExport {
  /// Binds what a resolve or a call answered with: `let instance5 = try container.resolve(...)`
  /// the first time, and afterwards the check that the same instance answered again.
  mutating func answer(_ number: Int, call: String, type: String) {
    if bound[number] == nil, bindMock(number) {
      body.append("#expect(\(call) === \(ExportStatements.value(instanceVariable(number))))")
    } else if bound[number] == nil {
      body.assign(instanceVariable(number), call, type: type)
      bound[number] = type
      if isWeakInstance(number) { weaklyRegistered.insert(number) }
    } else {
      body.append("#expect(\(call) === \(ExportStatements.value(instanceVariable(number))))")
    }
  }

  /// Whether instance `number` is the one a weak registration holds: only its holders keep it.
  func isWeakInstance(_ number: Int) -> Bool {
    session.family.tokens.contains { token, record in
      guard let info = record.container.registration(numbered: token) else { return false }
      return info.scope == .weak && info.cachedInstanceNumber == number
    }
  }

  /// The script holds every instance it was answered with until `release`: in Swift, a weak
  /// registration's instance is held by its variable to the end of the test, or it would be
  /// gone at its last use.
  mutating func holdWeakInstancesToTheEnd() {
    for number in weaklyRegistered.sorted() where bound[number] != nil {
      body.append("withExtendedLifetime(\(ExportStatements.value(instanceVariable(number)))) {}  // held, as the script holds #\(number)")
    }
  }

  /// Binds instance `number` to the variable of the mock it is, if it is one: the mock a live
  /// mock registration of the script's holds.
  mutating func bindMock(_ number: Int) -> Bool {
    for (token, mock) in mockVariables.sorted(by: { $0.key < $1.key }) {
      guard let record = session.family.tokens[token],
        record.container.registration(numbered: token)?.cachedInstanceNumber == number
      else { continue }
      mockInstances[number] = mock.variable
      bound[number] = mock.type
      return true
    }
    return false
  }

  /// The service and the class of the mock `token` pushed.
  func mockedService(token number: Int) -> (service: String, implementation: String)? {
    guard let record = session.family.tokens[number] else { return nil }
    for stack in record.container.stacks {
      if let info = stack.registrations.first(where: { $0.token.number == number }) {
        return (record.service, info.implementationName)
      }
    }
    return nil
  }

  /// Binds every instance the session holds that no variable holds yet and that a bound one
  /// holds: `let instance1: any Logger = instance2.logger`.
  mutating func bindHeldInstances() {
    var progress = true
    while progress {
      progress = false
      for number in bound.keys.sorted() {
        guard let holder = session.instance(numbered: number) else { continue }
        for (name, value) in holder.parameters + holder.properties {
          guard case .instance(let held) = value, let heldNumber = held.number, bound[heldNumber] == nil,
            session.instance(numbered: heldNumber) != nil, let slot = slot(name, of: holder.typeName)
          else { continue }
          if bindMock(heldNumber) {
            progress = true
            continue
          }
          if case .service(let service) = slot.dependency,
            session.container.answeringRegistration(for: DeclaredServices.key(service))?.cachedInstanceNumber == heldNumber
          {
            // The one the container holds, asked of it (a cached instance: nothing is built), so
            // that what holds it is checked against the container's, not against itself.
            body.assign(
              instanceVariable(heldNumber), "try \(container).resolve(\(swiftType(service)).self)", type: swiftType(service),
              isTypeWritten: true, unread: .omitted)
            bound[heldNumber] = swiftType(service)
            progress = true
            continue
          }
          let (type, isOptional): (String, Bool) = switch slot.dependency {
          case .service(let service): (swiftType(service), false)
          case .optional(let service): (swiftType(service), true)
          case .provider(let service): (providerType(service), false)
          case .argument(let type): (type, false)
          }
          body.assign(
            instanceVariable(heldNumber),
            "\(self.holder(number, as: holder.typeName)).\(property(name, of: holder.typeName))\(isOptional ? "!" : "")",
            type: type, isTypeWritten: true, unread: .omitted)
          bound[heldNumber] = type
          boundThrough[heldNumber] = (number, name)
          progress = true
        }
      }
    }
  }
}
