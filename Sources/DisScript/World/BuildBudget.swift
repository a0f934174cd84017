import Synchronization

/// How many instances a session may build: what it holds plus what the current command builds.
/// A graph that would build without end — a diamond of prototypes thirty levels deep, say — stops
/// with a clear error instead of exhausting memory.
///
/// `validate`'s dry run builds each registration at most once and keeps nothing after it, so there
/// each outermost build counts apart (`countingEachBuildApart`) from what the session holds: the
/// run's builds are bounded by the registrations, not by the limit meant for what a session keeps.
final class BuildBudget: Sendable {
  let limit: Int
  private let used = Atomic<Int>(0)
  /// What the session holds: where the count starts for each command, and for each outermost
  /// build of a dry run.
  private let held = Atomic<Int>(0)
  /// How deep the builds under way are nested; written only by the thread running the command.
  private let depth = Atomic<Int>(0)
  private let countsEachBuildApart = Atomic<Bool>(false)

  init(limit: Int) { self.limit = limit }

  /// Takes one build from the budget, or throws when it is spent.
  func take() throws(BuildError) {
    let now = used.wrappingAdd(1, ordering: .relaxed).newValue
    if now > limit { throw .instanceLimit(limit) }
  }

  /// Resets the count to what the session holds, before and after each command.
  func reset(to held: Int) {
    self.held.store(held, ordering: .relaxed)
    used.store(held, ordering: .relaxed)
  }

  /// Runs `body`, a dry run that keeps nothing it builds, with each outermost build counted from
  /// what the session holds rather than on top of the builds before it.
  func countingEachBuildApart<Result>(_ body: () throws -> Result) rethrows -> Result {
    countsEachBuildApart.store(true, ordering: .relaxed)
    defer { countsEachBuildApart.store(false, ordering: .relaxed) }
    return try body()
  }

  /// Runs one build, which may nest others (its dependencies).
  func building<Result>(_ body: () throws -> Result) rethrows -> Result {
    if depth.wrappingAdd(1, ordering: .relaxed).newValue == 1,
      countsEachBuildApart.load(ordering: .relaxed)
    {
      used.store(held.load(ordering: .relaxed), ordering: .relaxed)
    }
    defer { depth.wrappingSubtract(1, ordering: .relaxed) }
    return try body()
  }
}

/// Why a declared class could not be built; the container reports it as the factory's error,
/// with the path that led there.
enum BuildError: Error, CustomStringConvertible {
  case undeclared(String)
  case isProtocol(String)
  case missingArgument(name: String, type: String, className: String)
  case argumentType(name: String, type: String, value: String)
  case instanceLimit(Int)
  /// A provider declared with other argument types than its class takes.
  case providerSpelling(holder: String, parameter: String, service: String, written: [String], expected: [String])

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
    case .providerSpelling(let holder, let parameter, let service, let written, let expected):
      "'\(holder).\(parameter)' is declared 'Provider<\(([service] + written).joined(separator: ", "))>', but "
        + (expected.isEmpty
          ? "\(service) takes no runtime arguments"
          : "\(service) takes runtime arguments (\(expected.joined(separator: ", ")))")
        + " (to fix, declare it '\(parameter): Provider<\(([service] + expected).joined(separator: ", "))>')"
    case .instanceLimit(let limit):
      "the session may hold at most \(limit) instances (to fix, 'release #N' what you no longer need, or 'reset')"
    }
  }
}
