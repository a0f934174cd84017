import DIScope
import DisSyntax

/// `release #N`, `reset` and `help [command]`.
extension Session {
  func release(_ number: Int) throws -> [String] {
    let label = try heldInstance(number).label
    family.numbering.release(number)
    return [releaseLine(number, label: label)]
  }

  private func releaseLine(_ number: Int, label: String) -> String {
    guard let alive = family.numbering.seen[number]?.instance else {
      return "released \(label): nothing else held it, so it is gone"
    }
    var holders: [String] = []
    for (_, owner) in family.containers {
      for stack in owner.stacks {
        for info in stack.registrations where info.cachedInstanceNumber == number && info.scope != .weak {
          holders.append("\(info.token)'s cache (\(info.scope))")
        }
      }
    }
    for holder in family.numbering.instances.keys.sorted().compactMap({ family.numbering.instances[$0] }) {
      for (name, value) in holder.parameters + holder.properties {
        if case .instance(let held) = value, held === alive { holders.append("\(holder.label).\(name)") }
      }
    }
    if holders.isEmpty { holders.append("something the session cannot see") }
    return "released \(label) from the session; still held by " + holders.joined(separator: ", ")
  }

  func reset() throws -> [String] {
    // Over an app's container, a fresh root would be the session's own: every command after it
    // would act on nothing of the app's, while the screen still said it was attached.
    if isOverAppContainer {
      throw ScriptFailure(
        "'reset' would leave the app's container for a fresh one of the session's own, "
          + "and nothing after it would reach the app",
        hint: "leave, then attach again for a fresh session; 'container use NAME' moves within the app")
    }
    family = FamilyState(root: Container(name: "root"), glyphs: options.glyphs)
    switchContainer(to: family.root)
    let declarations = store.current
    let types = declarations.protocols.count + declarations.classOrder.count
    let assemblies = declarations.assemblyOrder.count
    return [
      "a fresh root container; declarations kept (\(types) type\(types == 1 ? "" : "s"), "
        + "\(assemblies) assembl\(assemblies == 1 ? "y" : "ies"))"
    ]
  }

  func help(_ topic: String?) throws -> [String] {
    guard let topic else {
      return (CommandTable.help() ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        + ["", "type 'help COMMAND' for its usage, idea and an example; 'help concepts' for the ideas"]
    }
    guard let text = CommandTable.help(for: topic) else {
      throw ScriptFailure(
        "no command '\(topic)'",
        hint: suggestion(for: topic, among: CommandTable.names) ?? "type 'help' to list the commands")
    }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
