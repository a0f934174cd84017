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
    if family.container(named: name) == nil, let child = try liveChild(named: name) {
      return enter(child)
    }
    let target = try existingContainer(named: name)
    if target === container { return ["container \(name) is current already"] }
    switchContainer(to: target)
    let parent = target.parent.map { " (child of \($0.name))" } ?? ""
    return ["container \(name)\(parent) is current"]
  }

  /// Enters one of the app's live children: the session holds it while it is current, as the
  /// app's code does while it serves; when the app shuts it down, commands there say so.
  private func enter(_ child: Container) -> [String] {
    let siblings = appChildren(of: family.root).first { $0.name == child.name }?.containers ?? [child]
    switchContainer(to: child)
    let parent = child.parent.map { " (child of \($0.name))" } ?? ""
    var lines = ["container \(child.name)#\(child.number)\(parent) is current"]
    if siblings.count > 1 {
      lines.append(
        "  \(siblings.count) live: " + siblings.map { "\(child.name)#\($0.number)" }.joined(separator: " ")
          + "; 'container use \(child.name)#N' picks one")
    }
    lines.append("  it is the app's: 'container use \(family.root.name)' goes back")
    return lines
  }

  /// The session's container named `name`; a failure naming the ones there are, if none.
  func existingContainer(named name: String) throws -> Container {
    guard let container = family.container(named: name) else {
      let names = family.containers.map(\.name) + appChildren(of: family.root).map(\.name)
      let listed = "containers: " + names.joined(separator: ", ")
      throw ScriptFailure(
        "no container named '\(name)'",
        hint: suggestion(for: name, among: names)
          ?? (isOverAppContainer
            ? listed + " (the app's children are listed while they live, from when a client first watched the app)"
            : listed))
    }
    return container
  }
}
