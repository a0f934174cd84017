/// One system's side of a workload: a loop that performs the workload's operation a given
/// number of times, each result going to the sink.
///
/// The loop itself is the unit the sampler times, so the per-iteration cost of calling it is
/// one closure call per sample, not per operation.
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
  /// How many operations one iteration performs: the number of threads for W5, 1 elsewhere.
  public let operationsPerIteration: Int
  /// Runs the operation `iterations` times.
  public let body: (_ iterations: Int, _ sink: Sink) throws -> Void

  public init(
    _ label: String, role: Role, group: String = "", operationsPerIteration: Int = 1,
    body: @escaping (_ iterations: Int, _ sink: Sink) throws -> Void
  ) {
    self.label = label
    self.role = role
    self.group = group
    self.operationsPerIteration = operationsPerIteration
    self.body = body
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
