import DisSyntax

/// The containers of a script as a reader writing its steps in Swift has them in scope: the root
/// is `container`; each child is the variable its `container child NAME` step introduced
/// (`let request = container.makeChild(named: "request")`). It follows which one the script is
/// in, so that every call goes to that one, and which container made each token, since a
/// container removes or changes only its own registrations.
///
/// ```swift
/// var scope = ContainerVariables()
/// scope.apply(.makeChildContainer(name: "request"))
/// scope.variable   // "request"
/// ```
struct ContainerVariables: Sendable {
  /// The name of the first container of a session (and of a fresh one after `reset`).
  static let rootName = "root"
  /// The Swift variable of the root container.
  static let rootVariable = "container"

  /// Each child's parent, by the script's names.
  private var parents: [String: String] = [:]
  /// The children in the order made: a release takes its children first, newest first.
  private var children: [String] = []
  /// The container each token was registered in.
  private var tokenOwners: [Int: String] = [:]
  /// The container the script is in.
  private(set) var current = rootName

  /// The variable of the container the script is in.
  var variable: String { variable(of: current) }

  /// `container` for the root, the child's own variable otherwise.
  func variable(of name: String) -> String {
    name == Self.rootName ? Self.rootVariable : Self.variable(forChild: name)
  }

  /// The variable of `name`'s parent (the root's, for a name not known).
  func parentVariable(of name: String) -> String {
    variable(of: parents[name] ?? Self.rootName)
  }

  /// The variable of the container `token` was registered in; the current one when the script
  /// did not show where (a command typed has no expected output).
  func owner(of token: DisSyntax.RegistrationToken) -> String {
    variable(of: tokenOwners[token.number] ?? current)
  }

  /// `name` and its children, newest first: the order `release container NAME` shuts them down.
  func releaseOrder(of name: String) -> [String] {
    children.filter { isDescendant($0, of: name) }.reversed()
  }

  /// Notes the tokens a command's output shows made (`+ t3  ...`): a registration, a mock or an
  /// assembly always pushes into the container the script is in.
  mutating func noteTokens(in output: [String]) {
    for line in output where line.hasPrefix("+ t") {
      if let number = Int(line.dropFirst(3).prefix { $0.isNumber }) { tokenOwners[number] = current }
    }
  }

  /// Follows a command that makes, switches to or lets go of a container; others change nothing.
  mutating func apply(_ command: Command) {
    switch command {
    case .makeChildContainer(let name):
      guard name != Self.rootName, parents[name] == nil else { return }
      parents[name] = current
      children.append(name)
      current = name
    case .useContainer(let name):
      if name == Self.rootName || parents[name] != nil { current = name }
    case .releaseContainer(let name):
      guard let parent = parents[name] else { return }
      let released = Set(releaseOrder(of: name))
      if released.contains(current) { current = parent }
      children.removeAll { released.contains($0) }
      for child in released { parents[child] = nil }
      tokenOwners = tokenOwners.filter { !released.contains($0.value) }
    case .reset:
      self = ContainerVariables()
    default:
      break
    }
  }

  private func isDescendant(_ name: String, of ancestor: String) -> Bool {
    var next: String? = name
    while let container = next {
      if container == ancestor { return true }
      next = parents[container]
    }
    return false
  }

  /// A Swift variable for a child named `name`: `request`, `adminRequest` for `admin-request`,
  /// in backquotes when it is a Swift keyword; never `container`, the root's.
  static func variable(forChild name: String) -> String {
    let words = name.split(separator: "-").map(String.init)
    var variable = (words.first ?? "") + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    if variable.first?.isNumber != false { variable = "container" + variable }
    if variable == "container" { variable = "containerChild" }
    return keywords.contains(variable) ? "`\(variable)`" : variable
  }

  private static let keywords: Set<String> = [
    "as", "associatedtype", "break", "case", "catch", "class", "continue", "default", "defer", "deinit", "do",
    "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import",
    "in", "init", "inout", "internal", "is", "let", "nil", "operator", "private", "protocol", "public",
    "repeat", "rethrows", "return", "self", "Self", "static", "struct", "subscript", "super", "switch",
    "throw", "throws", "true", "try", "typealias", "var", "where", "while",
  ]
}
