import DIScope

/// The app's own child containers (a request's, a session's) while they live: listed by
/// `show stacks`, entered by `container use NAME`. A session over an app's container sees them
/// as `Container.liveChildren` lists them: listing one keeps it no longer.
extension Session {
  /// The live children of `parent` (the current container when nil) that the app made (not the
  /// script's own `container child`), grouped by name, oldest group first; each group's
  /// containers oldest first.
  func appChildren(of parent: Container? = nil) -> [(name: String, containers: [Container])] {
    guard isOverAppContainer else { return [] }
    var groups: [(name: String, containers: [Container])] = []
    for child in (parent ?? container).liveChildren where !family.containers.contains(where: { $0.container === child }) {
      if let index = groups.firstIndex(where: { $0.name == child.name }) {
        groups[index].containers.append(child)
      } else {
        groups.append((child.name, [child]))
      }
    }
    return groups
  }

  /// `show stacks`' section on the app's live children: each name with its count, and the
  /// newest one's own registrations (a request's values, its overrides).
  func liveChildrenLines(_ service: String?) -> [String] {
    var lines: [String] = []
    for (name, containers) in appChildren() {
      guard let newest = containers.last else { continue }
      let stacks = newest.stacks.filter { isService($0.key, named: service) }
      // `show stacks S`: only the children that register S themselves.
      if service != nil && stacks.isEmpty { continue }
      let parent = newest.parent.map { ", child of \($0.name)" } ?? ""
      lines.append("container \(name) (\(containers.count) live, newest \(name)#\(newest.number)\(parent))")
      if stacks.isEmpty { lines.append("  no registrations of its own") }
      for stack in stacks {
        lines.append("  " + displayName(of: stack.key))
        for info in stack.registrations {
          lines.append("    \(info.token)  \(info.implementationName)  \(RegistrationText.tags(info, isInstance: false))")
        }
      }
    }
    let own = sessionChildrenLines(service)
    guard !lines.isEmpty else { return own }
    return ["live children of \(container.name) (the app's; 'container use NAME' enters the newest):"] + lines + own
  }

  /// Over an app's container, the children the session made itself under the current one
  /// (`container child dbg`): listed apart from the app's, since leaving shuts them down.
  private func sessionChildrenLines(_ service: String?) -> [String] {
    guard isOverAppContainer else { return [] }
    let own = family.containers.dropFirst().filter { entry in
      entry.container.parent === container && !entry.container.isShutDown
        && (service == nil || entry.container.stacks.contains { isService($0.key, named: service) })
    }
    guard !own.isEmpty else { return [] }
    return ["children the session made under \(container.name) ('container use NAME' enters one; leaving shuts them down):"]
      + own.map { entry in
        let count = entry.container.stacks.count
        return "container \(entry.name) (\(count == 0 ? "no registrations" : "\(count) service\(count == 1 ? "" : "s")"))"
      }
  }

  /// Whether the newest live child of some name registers `service` itself.
  func childRegisters(_ service: String) -> Bool {
    appChildren().contains { group in
      group.containers.last?.stacks.contains { isService($0.key, named: service) } ?? false
    }
  }

  /// The app's live child `name` (`request`: the newest of that name; `request#12`: that one),
  /// if there is one.
  func liveChild(named name: String) throws -> Container? {
    let groups = appChildren(of: family.root)
    if let hash = name.lastIndex(of: "#"), let number = UInt64(name[name.index(after: hash)...]) {
      let base = String(name[..<hash])
      guard let group = groups.first(where: { $0.name == base }) else { return nil }
      guard let child = group.containers.first(where: { $0.number == number }) else {
        throw ScriptFailure(
          "\(name) is gone (shut down or released)",
          hint: "live now: " + group.containers.map { "\(base)#\($0.number)" }.joined(separator: ", "))
      }
      return child
    }
    return groups.first { $0.name == name }?.containers.last
  }
}
