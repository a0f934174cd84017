/// One system's side of a workload: a loop that performs the workload's operation a given
/// number of times, each result going to the sink.
///
/// The loop itself is the unit the sampler times, so the cost of calling it is one closure call
/// per sample, not per operation. A contender that must leave set-up out of its time, as W5's
/// thread start does, times itself (`Contender.selfTimed`).
///
/// ```swift
/// Contender("DIScope", role: .subject) { iterations, sink in
///   for _ in 0..<iterations { sink.consume(try container.resolve(Logger.self)) }
/// }
/// ```
public struct Contender {
  /// What a contender is compared with in the report.
  public enum Role: Sendable {
    /// The hand-written code the other systems are measured against.
    case baseline
    /// DIScope, the system under test.
    case subject
    /// Another container, for comparison.
    case rival
  }

  /// The name in the report: the system and, where it matters, how it was used.
  public let label: String
  public let role: Role
  /// Rows are compared with the baseline and DIScope rows of their own group (`1 thread`,
  /// `2 threads`); most workloads have one group, named "".
  public let group: String
  /// The row's name in the report: its label, and its group when it has one (`DIScope (2 threads)`).
  public var name: String { group.isEmpty ? label : "\(label) (\(group))" }
  /// How many operations one iteration performs: the number of threads for W5, 1 elsewhere.
  public let operationsPerIteration: Int
  /// Runs the operation `iterations` times and returns how long that took, in nanoseconds.
  public private(set) var measure: (_ iterations: Int, _ sink: Sink) throws -> Double
  /// Whether calibration grows the iteration count until one run lasts a whole sample rather than
  /// an eighth of one: for a contender whose every sample pays a cost that does not grow with its
  /// iterations, such as threads waiting for a core on a machine with more threads than cores
  /// (W10), which a short run would take for the iterations' own and so calibrate far too few.
  public var calibratesOnWholeSamples = false

  /// A contender whose loop the sampler times from the outside.
  public init(
    _ label: String, role: Role, group: String = "", operationsPerIteration: Int = 1,
    body: @escaping (_ iterations: Int, _ sink: Sink) throws -> Void
  ) {
    self.label = label
    self.role = role
    self.group = group
    self.operationsPerIteration = operationsPerIteration
    self.measure = { iterations, sink in try Stopwatch.time { try body(iterations, sink) } }
  }

  /// A contender that times its own loop: `measure` returns the nanoseconds it took.
  public static func selfTimed(
    _ label: String, role: Role, group: String = "", operationsPerIteration: Int = 1,
    measure: @escaping (_ iterations: Int, _ sink: Sink) throws -> Double
  ) -> Contender {
    var contender = Contender(
      label, role: role, group: group, operationsPerIteration: operationsPerIteration
    ) { _, _ in }
    contender.measure = measure
    return contender
  }
}

/// A workload: one operation, as every system performs it.
public struct Workload {
  /// The short name targets refer to: `W1`, `W5 2 threads`.
  public let id: String
  public let title: String
  /// How the systems were set up, printed under the table.
  public let notes: [String]
  public let contenders: [Contender]

  public init(id: String, title: String, notes: [String] = [], contenders: [Contender]) {
    self.id = id
    self.title = title
    self.notes = notes
    self.contenders = contenders
  }
}
