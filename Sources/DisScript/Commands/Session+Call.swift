import DIScope
import DisSyntax

/// `call #N.param [k=v ...]`: calls the provider an instance holds, as its own code would.
extension Session {
  func call(_ reference: InstanceParameter, arguments: [Argument]) throws -> [String] {
    family.lastAnswerNumber = nil
    let instance = try heldInstance(reference.instance)
    guard let slot = instance.slot(named: reference.parameter) else {
      throw ScriptFailure(
        "\(instance.label) has no parameter '\(reference.parameter)'",
        hint: instance.slotNames.isEmpty
          ? "\(instance.typeName) holds nothing"
          : suggestion(for: reference.parameter, among: instance.slotNames)
            ?? "its parameters: " + instance.slotNames.joined(separator: ", "))
    }
    guard case .provider(let provider) = slot else {
      throw ScriptFailure(
        "\(reference) is not a provider: it holds \(slot.description)",
        hint: "only a 'Provider<T>' parameter can be called; 'resolve' makes an instance directly")
    }
    guard let owner = provider.container else {
      throw ScriptFailure(
        "the container of \(reference) was released ('reset' made a new one)",
        hint: "resolve a new '\(instance.typeName)' and call its provider")
    }
    let key = DeclaredServices.key(provider.service)
    let checked = try checkArguments(
      arguments, for: key, service: provider.service, in: owner, call: "call \(reference)")
    let (value, traces) = try resolveTraced(
      key, with: DeclaredServices(store: store), arguments: checked, in: owner)
    family.lastAnswerNumber = (value as? PlaygroundInstance)?.number ?? number(of: value)
    return [InstanceText.line(value, number: family.lastAnswerNumber)] + traces
      + mockNote(key, given: arguments, in: owner)
  }

  /// The instance `#number` the session holds.
  func heldInstance(_ number: Int) throws -> PlaygroundInstance {
    if let instance = family.numbering.instances[number] { return instance }
    if isOverAppContainer, family.numbering.seen[number] == nil {
      let object = try appInstance(number)  // says whether it is gone
      throw ScriptFailure(
        "#\(number) is one of the app's objects (\(InstanceText.line(object, number: number))): "
          + "the session holds none of them, and 'call' and 'release' act on a script's instances",
        hint: "'expect #\(number).property = #M|nil|\"text\"' checks what it holds")
    }
    if family.numbering.seen[number] != nil {
      throw ScriptFailure("#\(number) was released", hint: "'resolve' again to get an instance to work with")
    }
    let held = family.numbering.instances.keys.sorted().suffix(8).map { "#\($0)" }.joined(separator: " ")
    throw ScriptFailure(
      "no instance #\(number)", hint: held.isEmpty ? "nothing has been built yet" : "the newest instances: \(held)")
  }
}
