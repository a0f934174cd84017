/// Every sample of one contender, in nanoseconds per operation, with the statistics the report
/// prints.
public struct ContenderResult: Sendable {
  public let label: String
  public let role: Contender.Role
  public let group: String
  /// Iterations per sample, after calibration.
  public let iterations: Int
  public let samples: [Double]

  /// The median sample: the number every comparison uses.
  public var median: Double { Self.median(of: samples) }
  public var fastest: Double { samples.min() ?? .nan }
  public var slowest: Double { samples.max() ?? .nan }

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

  /// The median of row `label` divided by the median of row `reference`, both in `group`.
  public func ratio(_ label: String, to reference: String, group: String = "") -> Double? {
    guard let measured = row(label, group: group), let other = row(reference, group: group)
    else { return nil }
    return measured.median / other.median
  }
}
