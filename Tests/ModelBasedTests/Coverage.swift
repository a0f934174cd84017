#if ModelTests
  /// What the programs of a run made the model do: printed after the property check, and checked,
  /// so that a generator drifting into programs that exercise nothing fails rather than passes.
  struct Coverage: CustomStringConvertible {
    var programs = 0
    var steps = 0
    var resolved = 0
    var failures: [String: Int] = [:]
    /// Resolves that answered with an instance an earlier step had (identity shared).
    var shared = 0
    var disposed = 0
    var changesOfLiveTokens = 0
    var changesOfDeadTokens = 0
    /// Alive checkpoints where something was alive.
    var keptAlive = 0

    mutating func add(_ program: [Op], events: [Event]) {
      programs += 1
      steps += program.count
      var seen: Set<Int> = []
      for event in events {
        switch event {
        case .resolved(_, _, .instance(let serial)):
          resolved += 1
          if !seen.insert(serial).inserted { shared += 1 }
        case .resolved(_, _, .failed(let kind)): failures[kind.rawValue, default: 0] += 1
        case .resolved(_, _, .threw(let text)): failures[text, default: 0] += 1
        case .disposed: disposed += 1
        case .returned(_, _, true): changesOfLiveTokens += 1
        case .returned(_, _, false): changesOfDeadTokens += 1
        case .alive(_, let serials): if !serials.isEmpty { keptAlive += 1 }
        case .made, .unexpected: break
        }
      }
    }

    /// The kinds of failure every run of a few hundred programs must meet.
    static let expectedFailures = ["notRegistered", "cycle", "shutDown"]

    /// Whether the run exercised each part of the model at least once.
    var isBroad: Bool {
      resolved > 0 && shared > 0 && disposed > 0 && changesOfLiveTokens > 0 && changesOfDeadTokens > 0
        && keptAlive > 0 && Self.expectedFailures.allSatisfy { failures[$0, default: 0] > 0 }
    }

    var description: String {
      let failed = failures.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
      return "\(programs) programs, \(steps) steps: \(resolved) resolves answered (\(shared) with an instance seen before), "
        + "failed: \(failed); \(disposed) disposals; changes of live tokens \(changesOfLiveTokens), of dead ones \(changesOfDeadTokens); "
        + "\(keptAlive) checkpoints with something alive"
    }
  }
#endif
