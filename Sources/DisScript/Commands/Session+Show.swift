import DIScope
import DisSyntax

/// `show stacks|trace|mocks|graph|tokens [S]`: the playground's views as text.
extension Session {
  func show(_ view: View, service: String?) throws -> [String] {
    // A module-qualified name (`ExampleApp.Logging`) shows what its short name would.
    var key: ServiceKey?
    if let service {
      do {
        key = try lookUp(service, named: nil).1
      } catch where view == .stacks && childRegisters(service) {
        // A service only the app's live children register (a request's `RequestID`).
      }
    }
    switch view {
    case .stacks: return showStacks(service)
    case .trace: return showTrace(key.map(\.serviceName))
    case .mocks: return showMocks(service)
    case .graph: return ShowGraph(session: self).lines(for: service)
    case .tokens: return showTokens(service)
    case .stale: return showStale(service)
    }
  }

  /// Each service's stack, newest first, in the current container and then its parents.
  private func showStacks(_ service: String?) -> [String] {
    var lines: [String] = []
    var answered: Set<ServiceKey> = []
    let chain = lineage(of: container)
    for (name, owner) in chain {
      let stacks = owner.stacks.filter { isService($0.key, named: service) }
      if chain.count > 1 {
        let parent = owner.parent.map { " (child of \($0.name))" } ?? ""
        lines.append("container \(name)\(parent)" + (stacks.isEmpty ? ": no registrations" : ""))
      }
      for stack in stacks {
        lines.append(stack.key.description)
        for info in stack.registrations {
          var notes: [String] = []
          if info.stackDepth == 0, answered.insert(stack.key).inserted { notes.append("answers") }
          if let cached = cachedNote(info) { notes.append(cached) }
          let isInstance = family.tokens[info.token.number]?.isInstance ?? false
          lines.append("  \(info.token)  \(info.implementationName)  \(RegistrationText.tags(info, isInstance: isInstance))"
            + (notes.isEmpty ? "" : "  " + notes.joined(separator: ", ")))
        }
      }
    }
    lines += liveChildrenLines(service)
    if lines.isEmpty || lines.allSatisfy({ $0.hasPrefix("container ") && $0.hasSuffix("no registrations") }) && chain.count == 1 {
      return [service.map { "no registrations of '\($0)'" } ?? "no registrations"]
    }
    return lines
  }

  /// `holds #3`, or `holds #3 weakly` while a weak instance lives.
  private func cachedNote(_ info: RegistrationInfo) -> String? {
    guard let number = info.cachedInstanceNumber, info.isCaching else { return nil }
    switch info.scope {
    case .singleton, .eager: return "holds #\(number)"
    case .weak: return family.numbering.seen[number]?.instance == nil ? nil : "holds #\(number) weakly"
    case .prototype, .graph: return nil
    }
  }

  private func showTrace(_ service: String?) -> [String] {
    if isOverAppContainer { catchUp() }  // the app's resolutions since the last command
    guard let trace = family.traces.last(where: { service == nil || $0.service == service }) else {
      let none = service.map { "no resolution of '\($0)' yet" } ?? "no resolution yet"
      guard isOverAppContainer else { return [none] }
      return [none + " (the app's resolutions are kept from this session's first command on)"]
    }
    // Over a busy app, one tree is one request among many: the newest few say more.
    guard isOverAppContainer, service == nil else { return trace.lines(glyphs: options.glyphs) }
    return family.traces.suffix(5).flatMap { $0.lines(glyphs: options.glyphs) }
  }

  private func showMocks(_ service: String?) -> [String] {
    var lines: [String] = []
    var live: [String] = []
    for (_, owner) in lineage(of: container) {
      for stack in owner.stacks where isService(stack.key, named: service) {
        for info in stack.registrations where info.isMock {
          live.append("  " + tokenLine("", info).dropFirst().trimmingLeadingSpace + (info.stackDepth == 0 ? "  answers" : ""))
        }
      }
    }
    lines.append(live.isEmpty ? "no mocks in place" : "mocks in place:")
    lines += live
    let history = withTakenEvents { $0.mockTimeline }.filter { service == nil || $0.service == service }
    if !history.isEmpty { lines += ["history:"] + history.map { "  " + $0.line } }
    // Every recording mock still alive, held by the session or only by the container (one an
    // `expect` built, which the session does not hold).
    let recorded = family.numbering.seen.keys.sorted().compactMap { family.numbering.seen[$0]?.instance }
      .filter { $0.mockedService != nil && (service == nil || $0.mockedService == service) }
    let recordings = recorded.flatMap { mock in mock.recorded.map { "  \(mock.label) \($0)" } }
    if !recordings.isEmpty { lines += ["recorded:"] + recordings }
    return lines
  }

  private func showTokens(_ service: String?) -> [String] {
    var lines: [String] = []
    for number in family.tokens.keys.sorted() {
      guard !family.removedTokens.contains(number), let record = family.tokens[number],
        service == nil || record.service == service
      else { continue }
      if let info = record.container.registration(record.token) {
        let answers = container.answeringRegistration(for: info.key)?.token == info.token ? "  answers" : ""
        lines.append(tokenLine("", info).dropFirst().trimmingLeadingSpace + answers)
      }
    }
    let removed = family.removedTokens.sorted().filter { number in
      service == nil || family.tokens[number]?.service == service
    }
    if !removed.isEmpty { lines.append("removed: " + removed.map { "t\($0)" }.joined(separator: " ")) }
    return lines.isEmpty ? [service.map { "no tokens for '\($0)'" } ?? "no tokens yet"] : lines
  }
}

extension Substring {
  var trimmingLeadingSpace: String { String(drop { $0 == " " }) }
}
