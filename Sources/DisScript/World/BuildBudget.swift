import Synchronization

/// How many instances a session may build: what it holds plus what the current command builds
/// (a dry run in `validate` included). A graph that would build without end — a diamond of
/// prototypes thirty levels deep, say — stops with a clear error instead of exhausting memory.
final class BuildBudget: Sendable {
  let limit: Int
  private let used = Atomic<Int>(0)

  init(limit: Int) { self.limit = limit }

  /// Takes one build from the budget, or throws when it is spent.
  func take() throws(BuildError) {
    let now = used.wrappingAdd(1, ordering: .relaxed).newValue
    if now > limit { throw .instanceLimit(limit) }
  }

  /// Resets the count to what the session holds, before and after each command.
  func reset(to held: Int) { used.store(held, ordering: .relaxed) }
}

/// Why a declared class could not be built; the container reports it as the factory's error,
/// with the path that led there.
enum BuildError: Error, CustomStringConvertible {
  case undeclared(String)
  case isProtocol(String)
  case missingArgument(name: String, type: String, className: String)
  case argumentType(name: String, type: String, value: String)
  case instanceLimit(Int)

  var description: String {
    switch self {
    case .undeclared(let name):
      "'\(name)' is not declared (to fix, declare it: 'class \(name)')"
    case .isProtocol(let name):
      "'\(name)' is a protocol, which cannot be built (to fix, register a class for it)"
    case .missingArgument(let name, let type, let className):
      "'\(className)' needs the runtime argument '\(name): \(type)' (to fix, resolve it 'with \(name)=...')"
    case .argumentType(let name, let type, let value):
      "the argument '\(name)' is declared '\(type)', but was given \(value)"
    case .instanceLimit(let limit):
      "the session may hold at most \(limit) instances (to fix, 'release #N' what you no longer need, or 'reset')"
    }
  }
}
