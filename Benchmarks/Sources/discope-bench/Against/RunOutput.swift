import BenchmarkHarness

/// What one run of a `discope-bench` reported: its workloads' rows, its memory rows and its
/// targets. Read from its `--tsv` records (`TSV`), or, from a harness older than `--tsv`, from
/// the tables it prints (figures to three significant digits).
///
/// ```swift
/// let output = try RunOutput(tsv: standardOutput)
/// output.rows.first { $0.name == "DIScope" }?.samples   // ns/op, one per round
/// ```
struct RunOutput {
  struct Row {
    let workload: String
    /// As the report prints it: the label, and its group in parentheses when it has one.
    let name: String
    /// ns/op, one per round.
    let samples: [Double]
  }

  struct MemoryFigure {
    /// The memory table's title, `memory  10,000 registrations`.
    let table: String
    let label: String
    let bytesPerUnit: Double?
    /// `registration`, `resolve`, `request`.
    let unit: String
  }

  struct Target {
    let name: String
    /// `PASS`, `FAIL` or `????`.
    let verdict: String
    let value: Double?
    /// `nil` when a printed bound could not be read.
    let bound: TargetCheck.Bound?
    let unit: String
  }

  struct Unreadable: Error, CustomStringConvertible {
    let description: String
  }

  /// Workload ids and titles, in the order they ran.
  var titles: [(id: String, title: String)] = []
  var rows: [Row] = []
  var memory: [MemoryFigure] = []
  var targets: [Target] = []

  /// The records of a `--tsv` run.
  init(tsv text: String) throws {
    var version: String?
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      switch (fields[0], fields.count) {
      case ("discope-bench-tsv", 2...): version = fields[1]
      case ("workload", 3...): titles.append((fields[1], fields[2]))
      case ("row", 4...):
        rows.append(
          Row(
            workload: fields[1], name: fields[2],
            samples: fields[3].split(separator: ",").compactMap { Double($0) }))
      case ("memory", 5...):
        memory.append(
          MemoryFigure(
            table: fields[1], label: fields[2], bytesPerUnit: Double(fields[3]), unit: fields[4]))
      case ("target", 7...):
        targets.append(
          Target(
            name: fields[2], verdict: fields[1], value: Double(fields[3]),
            bound: Double(fields[5]).flatMap { TargetCheck.Bound(comparison: fields[4], limit: $0) },
            unit: fields[6]))
      default: continue
      }
    }
    guard version == "1" else {
      throw Unreadable(
        description: version == nil
          ? "no 'discope-bench-tsv' line in what it wrote on standard output"
          : "its records are of version \(version!), and this harness reads version 1")
    }
  }

  /// The tables a run printed: each a title line, a header, a rule of dashes, and rows up to a
  /// blank line, a note (`  * `) or the targets' count; cells apart by two spaces or more.
  init(tables text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var index = 0
    while index + 2 < lines.count {
      let title = lines[index]
      guard !title.hasPrefix(" "), !title.isEmpty, Self.isRule(lines[index + 2]) else {
        index += 1
        continue
      }
      let header = Self.cells(lines[index + 1])
      var body: [[String]] = []
      index += 3
      while index < lines.count, lines[index].hasPrefix("  "), !lines[index].hasPrefix("  * "),
        !lines[index].hasSuffix("decided targets met")
      {
        body.append(Self.cells(lines[index]))
        index += 1
      }
      read(title: title, header: header, body: body)
    }
  }

  private mutating func read(title: String, header: [String], body: [[String]]) {
    if title.hasPrefix("targets") {
      for cells in body where cells.count >= 2 {
        let measured = cells.count > 2 ? Self.number(cells[2]) : nil
        let bound = cells.count > 3 ? Self.bound(cells[3]) : nil
        targets.append(
          Target(
            name: cells[1], verdict: cells[0], value: measured, bound: bound?.bound,
            unit: bound?.unit ?? (cells.count > 2 && cells[2].hasSuffix(" B") ? " B" : "x")))
      }
      return
    }
    let id = String(title.prefix { $0 != " " })
    if id == "memory" {
      guard let column = header.firstIndex(where: { $0.hasPrefix("bytes per ") }) else { return }
      let unit = String(header[column].dropFirst("bytes per ".count))
      for cells in body where cells.count > column {
        memory.append(
          MemoryFigure(
            table: title, label: cells[0], bytesPerUnit: Self.number(cells[column]), unit: unit))
      }
      return
    }
    guard let column = header.firstIndex(where: { $0.hasPrefix("median") }) else { return }
    titles.append((id, String(title.dropFirst(id.count).drop { $0 == " " })))
    for cells in body where cells.count >= header.count {
      // A label with two spaces in it would split in two: what is left of the header's width.
      let extra = cells.count - header.count
      let name = cells[0...extra].joined(separator: "  ")
      rows.append(
        Row(
          workload: id, name: name,
          samples: Self.number(cells[column + extra]).map { [$0] } ?? []))
    }
  }

  /// A line of dashes, indented.
  static func isRule(_ line: String) -> Bool {
    let trimmed = line.drop { $0 == " " }
    return !trimmed.isEmpty && trimmed.allSatisfy { $0 == "-" }
  }

  /// The cells of a table's line: apart by two spaces or more.
  static func cells(_ line: String) -> [String] {
    var cells: [String] = []
    var current = ""
    var spaces = 0
    for character in line.drop(while: { $0 == " " }) {
      if character == " " {
        spaces += 1
        continue
      }
      if spaces >= 2 {
        cells.append(current)
        current = ""
      } else if spaces == 1 {
        current.append(" ")
      }
      spaces = 0
      current.append(character)
    }
    if !current.isEmpty { cells.append(current) }
    return cells
  }

  /// A printed number: `1 489`, `9.07`, `2.57x`, `300 B`; `nil` for `-`, `n/a`, `not measured`.
  static func number(_ text: String) -> Double? {
    var digits = text.filter { $0 != " " }
    for unit in ["x", "B"] where digits.hasSuffix(unit) { digits.removeLast() }
    return Double(digits)
  }

  /// A printed bound, `<= 2.00x`, `< 400 B`: the bound, and the unit its numbers carry.
  static func bound(_ text: String) -> (bound: TargetCheck.Bound, unit: String)? {
    let comparison = String(text.prefix { "<>=".contains($0) })
    let rest = text.dropFirst(comparison.count).drop { $0 == " " }
    let unit = rest.hasSuffix(" B") ? " B" : rest.hasSuffix("x") ? "x" : ""
    guard let limit = number(String(rest)),
      let bound = TargetCheck.Bound(comparison: comparison, limit: limit)
    else { return nil }
    return (bound, unit)
  }
}
