/// One of the targets the project set for DIScope, checked against a run's median per-round ratios.
///
/// ```swift
/// TargetCheck("W1 within 2x of the baseline", measured: 1.43, .atMost(2))   // PASS  1.43x  <= 2x
/// ```
public struct TargetCheck: Sendable {
  /// Where a measurement must fall to meet its target.
  public enum Bound: Sendable {
    case atMost(Double)
    case below(Double)
    case atLeast(Double)
    case above(Double)

    /// Whether `value` meets the bound.
    public func admits(_ value: Double) -> Bool {
      switch self {
      case .atMost(let limit): value <= limit
      case .below(let limit): value < limit
      case .atLeast(let limit): value >= limit
      case .above(let limit): value > limit
      }
    }

    /// The bound as the report prints it: `<= 2.00x`.
    public func describe(unit: String) -> String {
      switch self {
      case .atMost(let limit): "<= " + TargetCheck.number(limit) + unit
      case .below(let limit): "< " + TargetCheck.number(limit) + unit
      case .atLeast(let limit): ">= " + TargetCheck.number(limit) + unit
      case .above(let limit): "> " + TargetCheck.number(limit) + unit
      }
    }

    /// The comparison and the limit, as `--tsv` writes them: `<=` and `2.0`.
    public var parts: (comparison: String, limit: Double) {
      switch self {
      case .atMost(let limit): ("<=", limit)
      case .below(let limit): ("<", limit)
      case .atLeast(let limit): (">=", limit)
      case .above(let limit): (">", limit)
      }
    }

    /// The bound of `comparison` (`<=`, `<`, `>=`, `>`) and `limit`; `nil` for another text.
    public init?(comparison: String, limit: Double) {
      switch comparison {
      case "<=": self = .atMost(limit)
      case "<": self = .below(limit)
      case ">=": self = .atLeast(limit)
      case ">": self = .above(limit)
      default: return nil
      }
    }
  }

  public let name: String
  /// What was measured, or `nil` when it could not be.
  public let value: Double?
  /// Where `value` must fall.
  public let limit: Bound
  /// What follows a number when printed: `x`, ` B`.
  public let unit: String
  /// What was measured, as printed (`1.43x`, `212.40 B`), or `not measured`.
  public let measured: String
  /// The bound, as printed (`<= 2.00x`).
  public let bound: String
  public let isPassed: Bool
  /// Why this run cannot decide the target (a busy machine, say); printed as `????`.
  public private(set) var inconclusiveReason: String?

  /// A target met when `measured` falls within `bound`; a missing measurement fails.
  public init(_ name: String, measured: Double?, _ bound: Bound, unit: String = "x") {
    self.name = name
    self.value = measured
    self.limit = bound
    self.unit = unit
    self.measured = measured.map { Self.number($0) + unit } ?? "not measured"
    self.bound = bound.describe(unit: unit)
    self.isPassed = measured.map(bound.admits) ?? false
  }

  /// The same check, marked undecidable in this run for `reason`.
  public func inconclusive(_ reason: String) -> TargetCheck {
    var check = self
    check.inconclusiveReason = reason
    return check
  }

  /// A number as the report prints it: `1.43`, `2 468`.
  public static func number(_ value: Double) -> String {
    abs(value) >= 100 ? Format.grouped(Int(value.rounded())) : Format.fixed(value, digits: 2)
  }

  /// `PASS`, `FAIL`, or `????` when this run cannot decide.
  public var verdict: String { inconclusiveReason != nil ? "????" : isPassed ? "PASS" : "FAIL" }

  /// The checks as a table: PASS or FAIL, the target, what was measured, the bound.
  public static func report(_ checks: [TargetCheck]) -> String {
    var table = TextTable(header: ["", "target", "measured", "bound"])
    for check in checks {
      table.append([check.verdict, check.name, check.measured, check.bound])
    }
    let decided = checks.filter { $0.inconclusiveReason == nil }
    let met = decided.filter(\.isPassed).count
    let notes = checks.compactMap { check in
      check.inconclusiveReason.map { "\n  ???? \(check.name): \($0)" }
    }
    return table.render(indent: 2) + "\n  \(met) of \(decided.count) decided targets met"
      + notes.joined()
  }
}
