import DIScopeLocked
import DisSyntax

/// The types a script has declared: protocols, classes and assemblies, in declaration order.
///
/// A value: the session keeps the current one in a ``DeclarationStore`` that factories read when
/// they build, so a class declared (or redeclared) after a registration is what gets built.
struct Declarations: Sendable {
  private(set) var protocols: [String] = []
  private(set) var classes: [String: ClassDeclaration] = [:]
  private(set) var classOrder: [String] = []
  private(set) var assemblies: [String: DeclaredAssembly] = [:]
  private(set) var assemblyOrder: [String] = []

  func isProtocol(_ name: String) -> Bool { protocols.contains(name) }
  func isDeclared(_ name: String) -> Bool { isProtocol(name) || classes[name] != nil }

  /// Every declared type, protocols first, each group in declaration order.
  var typeNames: [String] { protocols + classOrder }

  mutating func declareProtocol(_ name: String) {
    if !protocols.contains(name) { protocols.append(name) }
  }

  mutating func declareClass(_ declaration: ClassDeclaration) {
    if classes[declaration.name] == nil { classOrder.append(declaration.name) }
    classes[declaration.name] = declaration
  }

  mutating func declareAssembly(_ assembly: DeclaredAssembly) {
    if assemblies[assembly.syntax.name] == nil { assemblyOrder.append(assembly.syntax.name) }
    assemblies[assembly.syntax.name] = assembly
  }

  /// Whether `className` can stand for `service`: it is the service, or conforms to it directly
  /// or through the classes it names after `:` (`class LiveWebService: WebService`).
  func conforms(_ className: String, to service: String) -> Bool {
    var seen: Set<String> = []
    var pending = [className]
    while let name = pending.popLast() {
      if name == service { return true }
      guard seen.insert(name).inserted, let declaration = classes[name] else { continue }
      pending += declaration.conformances
    }
    return false
  }

  /// The declared classes that can stand for `service`, in declaration order.
  func implementations(of service: String) -> [String] {
    classOrder.filter { $0 != service && conforms($0, to: service) }
  }

  /// The runtime-argument parameters of a class: `(user, String)`.
  func argumentParameters(of className: String) -> [(name: String, type: String)] {
    (classes[className]?.parameters ?? []).compactMap { parameter in
      if case .argument(let type) = parameter.dependency { (parameter.name, type) } else { nil }
    }
  }

  /// `user: String, id: Int`, for messages.
  func argumentList(of className: String) -> String {
    argumentParameters(of: className).map { "\($0.name): \($0.type)" }.joined(separator: ", ")
  }
}

/// The session's declarations, shared with the factories it registers.
///
/// Factories run on whichever thread resolves, so the store is a lock around a value.
final class DeclarationStore: Sendable {
  private let state = Locked(Declarations())

  var current: Declarations { state.withLock { $0 } }

  /// What `body` reads of the declarations, without keeping a copy of them (which would make the
  /// next `update` copy every table).
  func read<Result>(_ body: (Declarations) -> Result) -> Result {
    state.withLock { body($0) }
  }

  func update(_ change: (inout Declarations) -> Void) {
    state.withLock { change(&$0) }
  }
}
