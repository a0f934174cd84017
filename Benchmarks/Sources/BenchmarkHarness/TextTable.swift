/// A plain-text table: a header row and data rows, each column padded to its widest cell; the
/// first column left-aligned, the others right-aligned, as numbers read best.
///
/// ```swift
/// var table = TextTable(header: ["system", "median ns/op"])
/// table.append(["DIScope", "4.1"])
/// print(table.render(indent: 2))
/// ```
public struct TextTable {
  public private(set) var rows: [[String]]

  public init(header: [String]) { rows = [header] }

  public mutating func append(_ row: [String]) { rows.append(row) }

  /// The table as lines, a rule under the header.
  public func render(indent: Int = 0) -> String {
    let columns = rows.map(\.count).max() ?? 0
    let widths = (0..<columns).map { column in
      rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
    }
    let margin = String(repeating: " ", count: indent)
    var lines = rows.map { row in
      margin
        + row.enumerated().map { column, cell in
          let padding = String(repeating: " ", count: widths[column] - cell.count)
          return column == 0 ? cell + padding : padding + cell
        }.joined(separator: "  ")
    }
    let rule = margin + String(repeating: "-", count: widths.reduce(0, +) + 2 * (columns - 1))
    lines.insert(rule, at: 1)
    return lines.joined(separator: "\n")
  }
}

/// Numbers as the report prints them.
public enum Format {
  /// `3.24`, `412`, `12 345`: three significant digits below 100, whole numbers above.
  public static func nanoseconds(_ value: Double) -> String {
    guard value.isFinite else { return "-" }
    if value >= 100 { return grouped(Int(value.rounded())) }
    return value >= 10 ? fixed(value, digits: 1) : fixed(value, digits: 2)
  }

  /// `1.43x`.
  public static func ratio(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "-" }
    return (value >= 100 ? grouped(Int(value.rounded())) : fixed(value, digits: 2)) + "x"
  }

  /// `12 345`, with thin grouping so long numbers stay readable.
  public static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out += " " }
      out.append(digit)
    }
    return (value < 0 ? "-" : "") + out
  }

  /// `value` with `digits` decimals, the whole part grouped.
  public static func fixed(_ value: Double, digits: Int) -> String {
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    let sign = scaled < 0 ? "-" : ""
    let whole = grouped(Int(scaled.magnitude) / scale)
    guard digits > 0 else { return sign + whole }
    let fraction = String(Int(scaled.magnitude) % scale)
    return sign + whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
  }
}
