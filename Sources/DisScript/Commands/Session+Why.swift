import DIScope
import DisSyntax

/// `why S [named N]`: the container's explanation, in the script's terms: holders named with the
/// parameter that holds the instance, stale references with the script's fix, and what a resolve
/// would build, read from the answering class's declaration.
extension Session {
  func why(_ service: String, named name: String?) throws -> [String] {
    let (_, key) = try lookUp(service, named: name)
    let explanation = container.explain(key: key)
    // The container knows the holders it caches; the session also holds what it built that
    // the container does not cache (a prototype's instances, a graph's): they hold the current
    // instance too, and 'why' names them.
    var others: [String] = []
    if let number = explanation.cached?.number {
      let named = Set(explanation.heldBy.compactMap(\.number))
      others = sessionHolders(of: number).filter { !named.contains($0.number) }.map(\.text)
    }
    return explanation.lines(
      holder: { holder, held in self.label(holder, holding: held) }, stale: { self.line(for: $0) },
      wouldBuild: explanation.answering.flatMap(wouldBuild), otherHolders: others,
      // Where the app made a registration (attached, its `register` call); never one this
      // session made: a script says so itself, and a command's output stays the same whether
      // it was typed, recorded or replayed.
      location: ScriptWording.shownSite(of:))
  }

  /// The instances the session holds that hold instance `#number`, as `Web#2.logger`.
  private func sessionHolders(of number: Int) -> [(number: Int, text: String)] {
    family.numbering.instances.keys.sorted().compactMap { key -> (Int, String)? in
      guard let instance = family.numbering.instances[key], let holderNumber = instance.number, holderNumber != number
      else { return nil }
      let slots = (instance.parameters + instance.properties).filter { _, slot in
        if case .instance(let held) = slot { held.number == number } else { false }
      }
      guard !slots.isEmpty else { return nil }
      return (holderNumber, slots.map { "\(instance.label).\($0.name)" }.joined(separator: ", "))
    }
  }

  /// `WebService(logger: t1 ConsoleLogger#1 cached)`: what the declared class answering would be
  /// built with now, each dependency as what answers it (nothing is built to find out).
  private func wouldBuild(_ answering: RegistrationInfo) -> String? {
    guard let declaration = store.current.classes[answering.implementationName] else { return nil }
    // A cached scope builds in, and resolves from, the container that owns the registration.
    let from = answering.scope == .prototype || answering.scope == .graph || !answering.isCaching
      ? container : lineage(of: container).first { $0.name == answering.container }?.container ?? container
    func describe(_ parameter: Parameter) -> String {
      let dependency = parameter.dependency
      switch dependency {
      case .argument(let type): return "\(parameter.name): the runtime argument (\(type))"
      case .provider(let type): return "\(parameter.name): Provider<\(type)>"
      case .service(let type), .optional(let type):
        let answer = (try? lookUp(type, named: nil)).map { from.explain(key: $0.1) }
        guard let answer, let info = answer.answering else {
          if case .optional = dependency { return "\(parameter.name): nil (nothing answers \(type))" }
          return "\(parameter.name): fails (nothing answers \(type))"
        }
        let now = answer.cached.map { "#\($0.number.map(String.init) ?? "?") cached" } ?? " new"
        return "\(parameter.name): \(info.token) \(info.implementationName)\(now)"
      }
    }
    var text = declaration.name
    if let parameters = declaration.parameters {
      text += "(" + parameters.map(describe).joined(separator: ", ") + ")"
    }
    if let properties = declaration.properties, !properties.isEmpty {
      text += " { " + properties.map(describe).joined(separator: "; ") + " }"
    }
    return text
  }
}
