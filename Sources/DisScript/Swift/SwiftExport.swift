import DIScope
import DisSyntax

/// A `.dis` script as a Swift Testing file that does the same with DIScope (`discope export
/// swift`): its declarations as Swift protocols and classes, its registrations and resolves as
/// container calls, its `expect` lines as `#expect`, in a namespace of its own, asserting what
/// the script asserts (`!` included), so that the Swift fails where the script fails. Commands
/// with no Swift equivalent (``withoutSwift``) are comments saying so. The file needs DIScope,
/// DIScopeTesting (`isCached`) and Swift Testing only, and reads as the README's Swift does:
/// initializer injection, `let t1 = container.register(...)`, `container.mock(S.self, with:
/// mockS)`.
///
/// The script is run as it is exported, so the export knows what each command did: which tokens
/// it made, which instances it built (an instance `#N` becomes `instanceN`, bound from the
/// resolve that built it or from what holds it), and whether a failure came from the container
/// (a `#expect(throws:)`) or from the script's own checks (a comment).
///
/// ```swift
/// let swift = SwiftExport.export(script: parsed.script, namespace: "Lesson01")
/// ```
public struct SwiftExport {
  var protocols: Set<String> = []
  var protocolOrder: [String] = []
  /// Each class as the script declares it now.
  var classes: [String: ClassDeclaration] = [:]
  /// Each class as first declared: what a class declared before it names.
  var firstDeclarations: [String: ClassDeclaration] = [:]
  /// Each class's Swift classes, in the order declared: one for each shape (see ``declare(_:)``).
  var classVersions: [ClassVersion] = []
  /// How many Swift classes each class has had: its current one is `NameV2` from the second.
  var versions: [String: Int] = [:]
  /// The live registrations the export made, to register again when their class changes.
  private var live: [Int: LiveRegistration] = [:]
  /// Generated mock classes: `MockWebService` for `WebService`.
  var mocks: [String: String] = [:]
  var registeredImplementation: [String: String] = [:]
  private var assemblies: [String] = []
  var body = ExportStatements()
  let session = Session()
  /// The containers the script made and is in, followed as the translation beside each step
  /// follows them (a release goes back to the parent only when it released the current one).
  private var containers = ContainerVariables()
  private var current: String { containers.current }
  /// The instances a Swift variable holds, with the type it is declared as.
  var bound: [Int: String] = [:]
  /// The variable each mock was made in, by its token, with the service's type.
  var mockVariables: [Int: (variable: String, type: String)] = [:]
  /// The instances bound by reading what holds them (`instance2.logger`): nothing else reaches them.
  var boundThrough: [Int: (holder: Int, slot: String)] = [:]
  /// The instances of weak registrations bound to a variable: held to the end of the test.
  var weaklyRegistered: Set<Int> = []
  /// The instances that are a mock's: their variable is the mock's.
  var mockInstances: [Int: String] = [:]
  /// The container each token was made in.
  private var tokenOwners: [Int: String] = [:]
  /// How many times the script made a fresh container (`reset`): numbers start again, so the
  /// variables of each generation get a suffix of their own.
  private var generation = 0
  /// Whether the script looks at what instances hold (`validate`, stale references), which the
  /// playground always tracks and a container in Swift tracks when asked.
  private var tracksHolders = false

  /// The Swift file for `script`, its types in `enum namespace`.
  public static func export(script: Script, namespace: String) -> String {
    var export = SwiftExport()
    export.tracksHolders = script.entries.contains { entry in
      switch entry.command {
      case .validate, .expect(.noStaleReferences), .show(.stale, _): true
      default: false
      }
    }
    export.makeRootContainer()
    for entry in script.entries { export.add(entry) }
    export.holdWeakInstancesToTheEnd()
    return export.file(for: script, namespace: namespace)
  }

  /// What in a script has no Swift meaning, and why: the export writes it as a comment, and
  /// `discope help export` lists it.
  ///
  /// ```swift
  /// SwiftExport.withoutSwift.first?.what   // "show ..."
  /// ```
  public static let withoutSwift: [(what: String, why: String)] = [
    ("show ...", "the playground's views"),
    ("help", "the playground's help"),
    (":record :stop :save :open :quit", "the playground's own commands"),
    ("a refused command", "an unknown name or parameter, refused by Swift's compiler"),
    ("expected output", "wording; the Swift checks what expect, '!' and resolves say"),
    ("expect holds, disposed, gone, no container", "looks into the session"),
  ]

  /// A value of each runtime argument type a script declares, for a look that has none to give.
  static let placeholders = ["String": "\"\"", "Int": "0", "Double": "0", "Bool": "false"]

  /// What an export is to the rules of ``FileSystem/refusal(writing:to:inputs:)``.
  public static let content = FileSystem.Content.other("the Swift export", fileExtension: "swift")

  /// `Lesson01` for `Scripts/lessons/01-first-steps.dis`, `FirstSteps` for `first-steps.dis`.
  public static func namespace(forPath path: String) -> String {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    let stem = file.hasSuffix(".dis") ? String(file.dropLast(4)) : file
    let words = stem.split { !$0.isLetter && !$0.isNumber }
    if let number = words.first, number.allSatisfy(\.isNumber) { return "Lesson" + number }
    let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    return name.first?.isLetter == true ? name : "Script" + name
  }

  private func file(for script: Script, namespace: String) -> String {
    var lines = [
      // The path as the terminal shows it: a newline in it would end the comment, and what
      // follows would be Swift; a control character would drive the terminal showing the file.
      "// Generated by `discope export swift \(script.path.terminalSafe)`: do not edit; export the script again.",
      "// The Swift that the script's commands stand for, run by `swift test` as the script is by `discope test`.",
      "import DIScope",
      "import DIScopeTesting",
      "import Testing",
      "",
      "enum \(namespace) {",
    ]
    lines += (typeDeclarations() + assemblies).map { "  " + $0 }
    lines += [
      "",
      "  @Suite(\(script.path.quoted))",
      "  struct Export {",
      "    @Test func runsAsTheScriptDoes() async throws {",
    ]
    lines += body.lines().map { $0.isEmpty ? "" : "      " + $0 }
    lines += ["    }", "  }", "}", ""]
    return lines.joined(separator: "\n")
  }

  /// `let container = Container()`, tracking holders when the script looks at them.
  private mutating func makeRootContainer() {
    body.assign(ContainerVariables.rootVariable, "Container()")
    if tracksHolders {
      body.append(
        "\(ExportStatements.value(ContainerVariables.rootVariable)).tracksHolders = true"
          + "  // as the playground does: validate and staleReferences() see what each instance holds")
    }
  }

  // MARK: - Variables

  private func suffixed(_ name: String) -> String { generation == 0 ? name : "\(name)_\(generation)" }
  private func tokenVariable(_ number: Int) -> String { suffixed("t\(number)") }
  func instanceVariable(_ number: Int) -> String { mockInstances[number] ?? suffixed("instance\(number)") }
  private func containerVariable(_ name: String) -> String {
    name == ContainerVariables.rootName ? ContainerVariables.rootVariable : suffixed(containers.variable(of: name))
  }

  /// `t3` as a value in a statement.
  func token(_ number: Int) -> String { ExportStatements.value(tokenVariable(number)) }
  /// The container the script is in, as a value in a statement.
  var container: String { ExportStatements.value(containerVariable(current)) }
  private func owner(of number: Int) -> String {
    ExportStatements.value(containerVariable(tokenOwners[number] ?? current))
  }

  /// `instance5`, or `(instance5 as! RFZoneController)` when its variable has another type, to
  /// read a member of it.
  func holder(_ number: Int, as typeName: String) -> String {
    let variable = ExportStatements.member(instanceVariable(number))
    return bound[number] == swiftName(typeName) ? variable : "(\(variable) as! \(swiftName(typeName)))"
  }

  // MARK: - Commands

  private mutating func add(_ entry: Entry) {
    let command = entry.command
    switch command {
    case .declareProtocol(let name):
      if protocols.insert(name).inserted { protocolOrder.append(name) }
    case .declareClass(let declaration):
      if firstDeclarations[declaration.name] == nil { firstDeclarations[declaration.name] = declaration }
    default: break
    }
    let tokensBefore = Set(session.family.tokens.keys)
    let removedBefore = session.family.removedTokens
    let outcome = session.execute(entry)
    let made = session.family.tokens.keys.filter { !tokensBefore.contains($0) }.sorted()
    let removed = session.family.removedTokens.subtracting(removedBefore).sorted()
    let failed = outcome.isFailure
    // What the script asserts, not what happened: a command marked `!` must fail, in Swift too,
    // and one that is not must succeed, so a script that fails fails as Swift.
    let mustFail = entry.isExpectedToFail
    let text = (entry.isExpectedToFail ? "! " : "") + command.description.split(separator: "\n").joined(separator: " ")
    switch command {
    case .declareProtocol: return
    case .declareClass(let declaration):
      // After the session ran it: a declaration the script refuses changes nothing.
      guard !failed else { return }
      for className in declare(declaration) { reregister(implementedBy: className) }
      return
    case .help, .show, .playground: body.append("// \(text): a playground command (no Swift)"); return
    default: body.append("// \(text)")
    }
    guard !failed || Self.isContainerFailure(command, outcome) else {
      body.append("// the script refuses it: \(outcome.output.first ?? "error") (no Swift: it would not compile)")
      return
    }
    statement(for: command, made: made, removed: removed, failed: mustFail, didFail: failed)
    for number in removed { live[number] = nil }
    bindHeldInstances()
  }

  /// Whether the command failed in the container (a resolve that throws) or in what it checks
  /// (an `expect`, `validate`), not in the script's own checks of names and arguments, which in
  /// Swift are the compiler's.
  private static func isContainerFailure(_ command: Command, _ outcome: CommandOutcome) -> Bool {
    switch command {
    case .resolve, .expect, .validate, .remove: !outcome.isRefusal
    default: false
    }
  }

  /// The Swift of `command`; `failed` is what the script asserts (`!`), `didFail` what happened.
  private mutating func statement(for command: Command, made: [Int], removed: [Int], failed: Bool, didFail: Bool) {
    switch command {
    case .register(let registration):
      let (implementation, options) = record(registration)
      let service = swiftType(registration.service)
      guard let number = made.first else { return }
      body.assign(
        tokenVariable(number), "\(container).register(\(service).self\(options)) \(factory(implementation))",
        unread: .callAlone)
      tokenOwners[number] = current
      live[number] = LiveRegistration(
        container: current, implementation: implementation, service: registration.service,
        name: registration.name, scope: registration.scope ?? .singleton,
        isCaching: registration.isCacheEnabled != false)
      if registration.isCacheEnabled == false {
        body.append("\(container).setCaching(false, for: \(token(number)))")
      }
      if case .instance = registration.implementation {
        body.append("_ = try \(container).resolve(\(service).self)  // an instance, built now")
      }
    case .resolve(let resolution):
      let call = resolve(resolution)
      if failed {
        body.append("#expect(throws: (any Error).self) { _ = \(call) }")
      } else if didFail {
        body.append("_ = \(call)  // throws, as the script's resolve fails")
      } else if let number = session.family.lastAnswerNumber {
        answer(number, call: call + (resolution.isOptional ? "!" : ""), type: swiftType(resolution.service))
      } else if resolution.isOptional {
        body.append("#expect(\(call) == nil)")
      }
    case .remove(let number):
      if failed {
        guard tokenOwners[number.number] != nil else {
          body.append("// t\(number.number) was never made: in Swift there is no token to remove")
          return
        }
        body.append("#expect(\(owner(of: number.number)).remove(\(token(number.number))) == false)")
      } else if didFail {
        body.append("#expect(\(owner(of: number.number)).remove(\(token(number.number))))  // fails, as the script's remove does")
      } else {
        body.append("\(owner(of: number.number)).remove(\(token(number.number)))")
      }
    case .changeScope(let number, let scope):
      body.append("try \(owner(of: number.number)).setScope(.\(scope.rawValue), for: \(token(number.number)))")
      live[number.number]?.scope = scope
    case .changeCaching(let number, let isEnabled):
      body.append("\(owner(of: number.number)).setCaching(\(isEnabled), for: \(token(number.number)))")
      live[number.number]?.isCaching = isEnabled
    case .mock, .mockAll:
      for number in made {
        guard let (service, implementation) = mockedService(token: number) else { continue }
        if classes[implementation] == nil { mocks[implementation] = service }
        // The mock in a variable of its own, as a test keeps it to check where it went: what
        // holds it is checked against it, not against itself.
        var variable = "mock" + service
        if mockVariables.values.contains(where: { $0.variable == variable }) { variable += "\(number)" }
        body.assign(suffixed(variable), construction(of: implementation, resolvingFrom: container), type: nil, unread: .omitted)
        mockVariables[number] = (suffixed(variable), swiftType(service))
        body.assign(
          tokenVariable(number),
          "\(container).mock(\(swiftType(service)).self, with: \(ExportStatements.value(suffixed(variable))))",
          unread: .callAlone)
        tokenOwners[number] = current
      }
    case .unmock:
      for number in removed { body.append("\(owner(of: number)).remove(\(token(number)))") }
    case .call(let reference, let arguments):
      guard let instance = session.instance(numbered: reference.instance),
        let number = session.family.lastAnswerNumber,
        case .provider(let service) = slot(reference.parameter, of: instance.typeName)?.dependency
      else { return }
      let call = "try \(holder(reference.instance, as: instance.typeName)).\(property(reference.parameter, of: instance.typeName))"
        + "(\(orderedArguments(arguments, of: implementation(of: service) ?? service)))"
      answer(number, call: call, type: swiftType(service))
    case .assembly(let assembly):
      let registrations = assembly.registrations.map { registration -> String in
        let (implementation, options) = record(registration)
        return "container.register(\(swiftType(registration.service)).self\(options)) \(factory(implementation))"
      }
      assemblies.append("struct \(assembly.name): Assembly {")
      assemblies.append("  func assemble(into container: Container) {")
      assemblies += registrations.map { "    " + $0 }
      assemblies += ["  }", "}"]
    case .activate(let name):
      let group = suffixed(Self.groupVariable(name))
      body.assign(group, "\(container).install(\(name)())", unread: .callAlone)
      for (index, number) in made.enumerated() {
        body.assign(tokenVariable(number), "\(ExportStatements.value(group)).tokens[\(index)]", unread: .omitted)
        tokenOwners[number] = current
      }
    case .deactivate(let name):
      body.append("\(container).remove(\(ExportStatements.value(suffixed(Self.groupVariable(name)))))")
    case .makeChildContainer(let name):
      let parent = container
      containers.apply(command)
      body.assign(containerVariable(name), "\(parent).makeChild(named: \(name.quoted))")
    case .useContainer:
      containers.apply(command)
    case .validate:
      body.append("#expect(\(failed ? "!" : "")(await \(container).validate()).isEmpty)")
    case .why(let service, let name):
      body.append("_ = \(container).explain(\(swiftType(service)).self\(name.map { ", name: \($0.quoted)" } ?? ""))")
    case .expect(let expectation):
      expect(expectation, failed: failed)
    case .release(let number):
      guard bound[number] != nil, mockInstances[number] == nil else { return }
      body.release(instanceVariable(number), comment: "release #\(number)")
      bound[number] = nil
    case .shutdown:
      body.append("try await \(container).shutdown()")
    case .releaseContainer(let name):
      // Its children go with it, newest first, as the script releases them.
      let released = containers.releaseOrder(of: name)
      for child in released {
        body.append("try await \(ExportStatements.value(containerVariable(child))).shutdown()")
      }
      live = live.filter { !released.contains($0.value.container) }
      containers.apply(command)
    case .reset:
      generation += 1
      makeRootContainer()
      live = [:]
      holdWeakInstancesToTheEnd()
      weaklyRegistered = []
      bound = [:]
      boundThrough = [:]
      mockVariables = [:]
      mockInstances = [:]
      tokenOwners = [:]
      containers.apply(command)
    case .declareProtocol, .declareClass, .show, .help, .playground:
      break
    }
  }

  /// `rfAssembly` for `RFAssembly`: the variable of the group `activate` installs.
  static func groupVariable(_ assembly: String) -> String {
    let capitals = assembly.prefix { $0.isUppercase }
    let lowered = capitals.count > 1 && capitals.count < assembly.count ? capitals.count - 1 : capitals.count
    return assembly.prefix(lowered).lowercased() + assembly.dropFirst(lowered)
  }

  /// The class `registration` builds, now the one its service resolves to, and the options of its
  /// `register` call (`, name: "x", scope: .prototype`).
  private mutating func record(_ registration: DisSyntax.Registration) -> (implementation: String, options: String) {
    let implementation: String = switch registration.implementation {
    case .inferred: registration.service
    case .type(let name), .instance(let name): name
    }
    registeredImplementation[registration.service] = implementation
    return (implementation, Self.registerOptions(name: registration.name, scope: registration.scope ?? .singleton))
  }

  /// A class declared again changes what its live registrations build: in Swift, the new class
  /// registered in the old one's place, under the same token number.
  private mutating func reregister(implementedBy className: String) {
    for (number, registration) in live.sorted(by: { $0.key < $1.key }) where registration.implementation == className {
      let owner = ExportStatements.value(containerVariable(registration.container))
      body.append("// \(className) changed shape: in Swift, the class \(swiftName(className)), registered in t\(number)'s place")
      body.append("\(owner).remove(\(token(number)))")
      body.assign(
        tokenVariable(number),
        "\(owner).register(\(swiftType(registration.service)).self\(registration.options)) \(factory(className))",
        unread: .callAlone)
      if !registration.isCaching { body.append("\(owner).setCaching(false, for: \(token(number)))") }
    }
  }

  /// `try container.resolve(T.self, name: "x", arguments: "ann", 3)`, arguments in the order the
  /// answering class declares them.
  private func resolve(_ resolution: Resolution) -> String {
    let name = resolution.name.map { ", name: \($0.quoted)" } ?? ""
    let call = resolution.isOptional ? "optionalResolve" : "resolve"
    let implementation = registeredImplementation[resolution.service] ?? resolution.service
    let arguments = orderedArguments(resolution.arguments, of: implementation)
    return "try \(container).\(call)(\(swiftType(resolution.service)).self\(name)\(arguments.isEmpty ? "" : ", arguments: " + arguments))"
  }

  private func orderedArguments(_ given: [Argument], of className: String) -> String {
    let order = (classes[className]?.parameters ?? []).compactMap { parameter -> (String, String)? in
      if case .argument(let type) = parameter.dependency { (parameter.name, type) } else { nil }
    }
    return order.compactMap { name, type in
      given.first { $0.name == name }.map { argument in
        type == "String" ? argument.value.text.quoted : argument.value.text
      }
    }.joined(separator: ", ")
  }
}
