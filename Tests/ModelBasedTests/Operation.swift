#if ModelTests
  import DIScope

  /// One step of a generated program. Every step means something whatever comes before it, so
  /// that any subsequence of a program (what the shrinker tries) is a program too: a level past
  /// the open requests means the innermost one, a registration index wraps around, and an
  /// `endRequest` with no request open does nothing.
  ///
  /// Levels name the open containers: 0 the root, 1 the request begun first and still open, 2 a
  /// request begun inside it.
  ///
  /// Printed as Swift (`.resolve(.handler, at: 1, hold: true)`), so that a shrunk failing program
  /// pastes into a regression test as it is.
  enum Op: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// A factory registration; `loop` makes a Config that needs a Handler (a cycle through it).
    case register(Service, Scope, loop: Bool, at: Int)
    /// `register(RequestID.self, value:)`: a request's value, pushed as it is.
    case value(at: Int)
    /// A mock pushed over the service (built with no dependencies), disposed by the container
    /// only when pushed `disposing: true`.
    case mock(Service, disposing: Bool, at: Int)
    /// A resolve; `hold` keeps the instance (as a caller would) until `dropHeld`.
    case resolve(Service, at: Int, hold: Bool)
    /// `remove` of the n-th registration the program made (modulo how many it made).
    case remove(Int)
    /// `setScope` of the n-th factory registration the program made (modulo).
    case setScope(Int, Scope)
    /// `setCaching` of the n-th factory registration the program made (modulo).
    case setCaching(Int, Bool)
    /// A request: a child of the innermost open container (at most two deep).
    case beginRequest
    /// The innermost request ends: its child is shut down and released.
    case endRequest
    /// `shutdown()` of an open container, which stays open (and refusing) until released.
    case shutdown(at: Int)
    /// The caller lets go of every instance it held.
    case dropHeld

    /// The deepest request nesting a program makes.
    static let maximumDepth = 2

    var description: String {
      switch self {
      case .register(let service, let scope, let loop, let level):
        ".register(\(service), .\(scope), loop: \(loop), at: \(level))"
      case .value(let level): ".value(at: \(level))"
      case .mock(let service, let disposing, let level): ".mock(\(service), disposing: \(disposing), at: \(level))"
      case .resolve(let service, let level, let hold): ".resolve(\(service), at: \(level), hold: \(hold))"
      case .remove(let index): ".remove(\(index))"
      case .setScope(let index, let scope): ".setScope(\(index), .\(scope))"
      case .setCaching(let index, let caching): ".setCaching(\(index), \(caching))"
      case .beginRequest: ".beginRequest"
      case .endRequest: ".endRequest"
      case .shutdown(let level): ".shutdown(at: \(level))"
      case .dropHeld: ".dropHeld"
      }
    }

    var debugDescription: String { description }
  }

  /// A program as Swift source: `[.register(...), ...]`, one step a line.
  func swiftLiteral(_ program: [Op]) -> String {
    "[\n" + program.map { "  \($0)," }.joined(separator: "\n") + "\n]"
  }
#endif
