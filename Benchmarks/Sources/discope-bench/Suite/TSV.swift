import BenchmarkHarness

/// `--tsv`: a run's numbers as tab-separated records, one a line, at full precision, for a
/// program to read (`--against-binary` reads another build's this way). The first line names the
/// format and its version; a reader skips record kinds it does not know.
///
/// ```
/// discope-bench-tsv	1
/// workload	W1	cached singleton resolve                 (workload, title)
/// row	W1	DIScope	4.1023,4.0871,4.2218                  (workload, row as printed, samples in ns/op, by round)
/// memory	memory  10,000 registrations	DIScope	299.87	registration   (table, row, bytes per unit, unit)
/// target	PASS	W1 DIScope within 2x of the typed-box baseline	0.98	<=	2.0	x   (verdict, name, value, bound, unit)
/// ```
enum TSV {
  static let header = "discope-bench-tsv\t1"

  /// A record of `fields`, any tab or line break in them made a space.
  static func record(_ fields: [String]) -> String {
    fields.map { field in
      String(field.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }.joined(separator: "\t")
  }

  /// A number as Swift writes it, exactly (`Double(_:)` reads it back); empty for none.
  static func number(_ value: Double?) -> String { value.map { "\($0)" } ?? "" }

  static func rows(_ result: WorkloadResult) -> [String] {
    let samples = { (row: ContenderResult) in row.samples.map { number($0) }.joined(separator: ",") }
    return [record(["workload", result.workload.id, result.workload.title])]
      + result.rows.map { record(["row", result.workload.id, $0.name, samples($0)]) }
  }

  static func memory(_ title: String, _ rows: [MemoryRow], unit: String) -> [String] {
    rows.map { record(["memory", title, $0.label, number($0.bytesPerUnit), unit]) }
  }

  static func targets(_ checks: [TargetCheck]) -> [String] {
    checks.map { check in
      let (comparison, limit) = check.limit.parts
      return record([
        "target", check.verdict, check.name, number(check.value), comparison, number(limit),
        check.unit,
      ])
    }
  }
}
