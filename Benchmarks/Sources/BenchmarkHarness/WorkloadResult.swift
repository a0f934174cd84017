/// Every sample of one contender, in nanoseconds per operation, with the statistics the report
/// prints.
public struct ContenderResult: Sendable {
  public let label: String
  public let role: Contender.Role
  public let group: String
  /// Iterations per sample, after calibration.
  public let iterations: Int
  public let samples: [Double]

  public init(
    label: String, role: Contender.Role, group: String, iterations: Int, samples: [Double]
  ) {
    self.label = label
    self.role = role
    self.group = group
    self.iterations = iterations
    self.samples = samples
  }

  /// The row's name in the report: its label, and its group when it has one (`DIScope (2 threads)`).
  public var name: String { group.isEmpty ? label : "\(label) (\(group))" }

  /// The median sample: the number every comparison uses.
  public var median: Double { Self.median(of: samples) }
  public var fastest: Double { samples.min() ?? .nan }
  public var slowest: Double { samples.max() ?? .nan }

  /// How many times slower `self` is than `reference`: the median, over the rounds, of the two
  /// rows' samples of the same round divided. A round times every contender back to back, so a
  /// change in the machine's speed between rounds (this 2-core VM drifts by up to 2x) divides out,
  /// where a ratio of two medians would mix samples taken at different speeds.
  public func ratio(to reference: ContenderResult) -> Double {
    guard samples.count == reference.samples.count else { return median / reference.median }
    return Self.median(of: zip(samples, reference.samples).map { $0 / $1 })
  }

  /// The middle value, or the mean of the two middle values.
  public static func median(of values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2)
      ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }
}

/// The measurement of one workload: a row per contender.
public struct WorkloadResult {
  public let workload: Workload
  public let rows: [ContenderResult]

  public init(workload: Workload, rows: [ContenderResult]) {
    self.workload = workload
    self.rows = rows
  }

  /// The hand-written baseline's row in `group`, if it has one.
  public func baseline(in group: String) -> ContenderResult? {
    rows.first { $0.role == .baseline && $0.group == group }
  }
  /// The first DIScope row in `group`.
  public func subject(in group: String) -> ContenderResult? {
    rows.first { $0.role == .subject && $0.group == group }
  }

  /// The row labelled `label` in `group`.
  public func row(_ label: String, group: String = "") -> ContenderResult? {
    rows.first { $0.label == label && $0.group == group }
  }

  /// How many times slower row `label` is than row `reference`, both in `group` (see
  /// `ContenderResult.ratio(to:)`).
  public func ratio(_ label: String, to reference: String, group: String = "") -> Double? {
    guard let measured = row(label, group: group), let other = row(reference, group: group)
    else { return nil }
    return measured.ratio(to: other)
  }
}
