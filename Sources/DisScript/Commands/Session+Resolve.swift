import DIScope
import DisSyntax

/// `resolve S [named N] [with k=v ...]` and `resolve? S`: the instance, then its trace.
extension Session {
  func resolve(_ resolution: Resolution) throws -> [String] {
    family.lastAnswerNumber = nil
    let (directory, key) = try lookUp(resolution.service, named: resolution.name)
    if resolution.isOptional && !container.hasRegistration(for: key) {
      return ["nil  (no registration for '\(key)')"]
    }
    let arguments = try checkArguments(resolution.arguments, for: key, service: resolution.service)
    let (value, traces) = try resolveTraced(key, with: directory, arguments: arguments)
    family.lastAnswerNumber = (value as? PlaygroundInstance)?.number ?? number(of: value)
    return [InstanceText.line(value, number: family.lastAnswerNumber)] + traces
      + mockNote(key, given: resolution.arguments, in: container)
  }

  /// `note:` that a mock answered, and was not given the arguments (a mock stands in for every
  /// resolve of its service, whatever the arguments).
  func mockNote(_ key: ServiceKey, given: [Argument], in container: Container) -> [String] {
    guard !given.isEmpty, let info = container.answeringRegistration(for: key), info.isMock,
      info.argumentTypes == nil
    else { return [] }
    return ["note: \(info.token) \(info.implementationName) is a mock: it stands in for every resolve of "
      + "'\(key)', and the arguments were not passed to it"]
  }

  /// The directory that knows `service`, and its key.
  func lookUp(_ service: String, named name: String?) throws -> (any ServiceDirectory, ServiceKey) {
    for directory in directories {
      if let key = directory.key(forService: service, named: name) { return (directory, key) }
    }
    throw ScriptFailure(
      "unknown service '\(service)'",
      hint: suggestion(for: service, among: directories.flatMap(\.serviceNames))
        ?? "to fix, declare it first: 'protocol \(service)' or 'class \(service)'")
  }

  /// Resolves `key`, returning the value and the rendered trace; a failure carries the trees of
  /// what was built before it.
  func resolveTraced(
    _ key: ServiceKey, with directory: any ServiceDirectory, arguments: ScriptArguments?,
    in container: Container? = nil
  ) throws -> (Any, [String]) {
    do {
      let value = try directory.resolve(key, in: container ?? self.container, arguments: arguments)
      return (value, takeTraces().flatMap { $0 })
    } catch let error as ResolutionError {
      _ = takeTraces()
      let built = PartialTree.lines(steps: withTakenEvents { $0.steps }, failure: error, glyphs: options.glyphs)
      let failure = resolutionFailure(error, before: built.isEmpty ? [] : ["built before the failure:"] + built.map { "  " + $0 })
      family.traces.append(KeptTrace(service: key.serviceName, lines: failure.lines))
      if family.traces.count > options.limits.maximumTraces { family.traces.removeFirst() }
      throw failure
    }
  }

  /// Checks `with k=v` against the runtime arguments of the class that answers `key`.
  /// `call`, the command its hints name instead of `resolve S with ...` (`call #3.details`).
  func checkArguments(
    _ given: [Argument], for key: ServiceKey, service: String, in container: Container? = nil,
    call: String? = nil
  ) throws -> ScriptArguments? {
    guard let info = (container ?? self.container).answeringRegistration(for: key) else {
      guard given.isEmpty else {
        throw ScriptFailure("no registration for '\(key)'", hint: registerAdvice(for: service))
      }
      return nil
    }
    // A mock stands in for every resolve, whatever its arguments: they are not passed to it.
    if info.isMock && info.argumentTypes == nil { return nil }
    let declared = store.current.argumentParameters(of: info.implementationName)
    if info.argumentTypes == nil || declared.isEmpty {
      guard given.isEmpty else {
        throw ScriptFailure(
          "'\(key)' (\(info.token), \(info.implementationName)) takes no runtime arguments",
          hint: call.map { "to fix, write '\($0)' without arguments" }
            ?? "to fix, write 'resolve \(service)' without 'with'")
      }
      return nil
    }
    let usage =
      (call ?? "resolve \(service) with") + " " + declared.map { "\($0.name)=..." }.joined(separator: " ")
    var names: Set<String> = []
    for argument in given {
      guard names.insert(argument.name).inserted else {
        throw ScriptFailure("the argument '\(argument.name)' is given twice", hint: "to fix, write '\(usage)'")
      }
      guard let parameter = declared.first(where: { $0.name == argument.name }) else {
        throw ScriptFailure(
          "'\(info.implementationName)' has no runtime argument '\(argument.name)'",
          hint: suggestion(for: argument.name, among: declared.map(\.name)) ?? "to fix, write '\(usage)'")
      }
      let value = ArgumentValue(argument.value)
      guard value.fits(parameter.type) else {
        throw ScriptFailure(
          "the argument '\(parameter.name)' is declared '\(parameter.type)', but was given \(value)",
          hint: "to fix, write '\(usage)'")
      }
    }
    if let missing = declared.first(where: { !names.contains($0.name) }) {
      // Unmet, not refused: in Swift such a resolve compiles, and throws.
      throw ScriptFailure.unmet(
        "'\(info.implementationName)' needs the runtime argument '\(missing.name): \(missing.type)'",
        hint: "to fix, write '\(usage)'")
    }
    return ScriptArguments(given)
  }
}
