import DIScope

/// `container child NAME` and `container use NAME`: child containers and switching between them.
extension Session {
  func makeChild(named name: String) throws -> [String] {
    if family.container(named: name) != nil {
      throw ScriptFailure(
        "a container named '\(name)' exists already", hint: "to fix, 'container use \(name)', or pick another name")
    }
    guard family.containers.count < options.limits.maximumContainers else {
      throw ScriptFailure(
        "a session may have at most \(options.limits.maximumContainers) containers",
        hint: "to fix, 'reset' to start over with one")
    }
    try requireRunning(container, toDo: "a child made now would resolve nothing registered there")
    let parent = container
    let child = parent.makeChild(named: name)
    family.containers.append((name, child))
    switchContainer(to: child)
    return ["container \(name) (child of \(parent.name)) is current"]
  }

  func useContainer(named name: String) throws -> [String] {
    let target = try existingContainer(named: name)
    if target === container { return ["container \(name) is current already"] }
    switchContainer(to: target)
    let parent = target.parent.map { " (child of \($0.name))" } ?? ""
    return ["container \(name)\(parent) is current"]
  }

  /// The session's container named `name`; a failure naming the ones there are, if none.
  func existingContainer(named name: String) throws -> Container {
    guard let container = family.container(named: name) else {
      let names = family.containers.map(\.name)
      throw ScriptFailure(
        "no container named '\(name)'",
        hint: suggestion(for: name, among: names) ?? "containers: " + names.joined(separator: ", "))
    }
    return container
  }
}
