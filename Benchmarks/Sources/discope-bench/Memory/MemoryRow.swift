import BenchmarkHarness

/// One memory measurement: how many bytes the heap grew while a system did `count` of something.
struct MemoryRow {
  let label: String
  /// What was done, `10,000 registrations`, for the table.
  let action: String
  let count: Int
  /// The heap's growth, or `nil` where the allocator cannot tell.
  let bytes: Int?
  /// How long it took, for the registrations: a cost the resolve tables do not show.
  var milliseconds: Double?

  var bytesPerUnit: Double? { bytes.map { Double($0) / Double(count) } }

  /// The rows as a table, under `title`.
  static func report(_ title: String, _ rows: [MemoryRow], unit: String) -> String {
    var table = TextTable(header: [
      "system", "did", "heap growth (bytes)", "bytes per \(unit)", "took (ms)",
    ])
    for row in rows {
      table.append([
        row.label, row.action, row.bytes.map(Format.grouped) ?? "n/a",
        row.bytesPerUnit.map { Format.fixed($0, digits: 1) } ?? "n/a",
        row.milliseconds.map { Format.fixed($0, digits: 1) } ?? "",
      ])
    }
    return title + "\n" + table.render(indent: 2)
  }
}
