extension WorkloadResult {
  /// The workload's table: each contender's median, fastest and slowest sample in ns per
  /// operation, and how many times DIScope's and the baseline's time in its group it takes (the
  /// median of per-round ratios: see `ContenderResult.ratio(to:)`).
  ///
  /// ```
  /// W1  cached singleton resolve
  ///   system                      median ns/op   fastest   slowest   vs DIScope   vs baseline
  ///   ------------------------------------------------------------------------------------------
  ///   baseline: typed-box dict             3.10      3.02      3.41        0.71x         1.00x
  /// ```
  public func report() -> String {
    var table = TextTable(header: [
      "system", "median ns/op", "fastest", "slowest", "vs DIScope", "vs baseline",
    ])
    for row in rows {
      let subject = subject(in: row.group)
      let baseline = baseline(in: row.group)
      table.append([
        row.name,
        Format.nanoseconds(row.median), Format.nanoseconds(row.fastest),
        Format.nanoseconds(row.slowest), Format.ratio(subject.map { row.ratio(to: $0) }),
        Format.ratio(baseline.map { row.ratio(to: $0) }),
      ])
    }
    let notes = workload.notes.map { "  * " + $0 }
    return (["\(workload.id)  \(workload.title)", table.render(indent: 2)] + notes)
      .joined(separator: "\n")
  }
}
