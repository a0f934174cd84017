import DIScope

/// `validate`: the container's dry run over every registration that answers (or, in a running
/// app's process, a check that runs no factory); it fails when it finds anything.
extension Session {
  func validate() throws -> [String] {
    // Every registration of a shut-down container fails alike: say it once, not once a registration.
    try requireRunning(container, toDo: "nothing to validate")
    let report = validationReport()
    let isWithoutFactories = options.validation == .withoutRunningFactories
    let unchecked = report.unchecked.map {
      "not checked: \($0.token) \(RegistrationText.subject($0.registration)): "
        + Self.reason($0.reason, withoutRunningFactories: isWithoutFactories)
    }
    // Said first, so that no reader takes what follows for a dry run's verdict; and, when some
    // went unchecked for want of a resolve, how to check them.
    let heading =
      isWithoutFactories
      ? ["note: checked without running any of the app's factories, from what its resolves showed since this session began"]
      : []
    let advice =
      report.unchecked.contains { $0.reason == .notSeenBuilt }
      ? ["  hint: validate again once the app has resolved them; a test's container.validate() runs every factory"]
      : []
    let total = report.registrations.count
    let registrations = "registration\(total == 1 ? "" : "s")"
    guard !report.isEmpty else {
      if unchecked.isEmpty { return heading + ["ok: \(total) \(registrations) checked, no findings"] }
      // Never "no findings" while something went unchecked.
      return heading
        + ["checked \(total - unchecked.count) of \(total) \(registrations), nothing found; \(unchecked.count) not checked"]
        + unchecked + advice
    }
    var lines: [String] = heading
    var errorLines: [Int] = []
    var loops: Set<[String]> = []
    let findings = report.findings.filter { finding in
      // The same cycle is found once from each registration on it: report it once.
      guard finding.kind == .cycle else { return true }
      return loops.insert(Set(finding.cycle).sorted()).inserted
    }
    for finding in findings {
      errorLines.append(lines.count)
      if finding.kind == .failure, let key = finding.keys.first, finding.path.count > 1,
        let missing = wording.argumentsMissing(key, resolvedBy: finding.path[finding.path.count - 2], in: container)
      {
        lines += ["error: " + missing.message, "  path: " + finding.path.joined(separator: " -> "), "  hint: " + missing.hint]
        continue
      }
      if finding.kind == .cycle, let first = finding.cycle.first, let service = finding.key?.serviceName {
        // Worded from the cycle's members, in the script's terms.
        lines += [
          "error: dependency cycle: " + (finding.cycle + [first]).joined(separator: " -> "),
          "  hint: break the cycle: make one of these dependencies a 'Provider<\(service)>' parameter, "
            + "so it is resolved only when the provider is called",
        ]
        continue
      }
      lines.append("error: " + finding.message)
      if finding.path.count > 1 {
        lines.append("  path: " + finding.path.joined(separator: " -> "))
      }
      if let hint = scriptHint(finding.hints) {
        lines.append("  hint: " + hint)
      }
    }
    let count = findings.count
    var summary = "validate found \(count) problem\(count == 1 ? "" : "s") in \(total) \(registrations)"
    if !unchecked.isEmpty { summary += "; \(unchecked.count) not checked" }
    throw ScriptFailure(lines: lines + unchecked + advice + [summary], isRefusal: false, errorLines: errorLines)
  }

  /// What `validate` and `show graph` report: the container's dry run, or, when the session runs
  /// no factory (in a running app's process), what its real resolves showed.
  func validationReport() -> ValidationReport {
    switch options.validation {
    case .dryRun:
      return budget.countingEachBuildApart { container.validate() }
    case .withoutRunningFactories:
      // What the app resolved up to now, not only up to the last catch-up: the trees are
      // taken in (they come out of the session's one intake) before they are noted.
      noteObservedResolves(withTakenEvents { $0.trees })
      return container.validateWithoutBuilding(from: family.observed)
    }
  }

  /// Why a registration was not checked, in the script's words (from the reason, not the
  /// library's sentence).
  static func reason(_ reason: UncheckedRegistration.Reason, withoutRunningFactories: Bool = false) -> String {
    switch reason {
    // The script's classes all take their arguments as one `ScriptArguments`: not a type to show.
    case .takesArguments: "it takes runtime arguments, which a dry run cannot give"
    case .mainActorFactory, .asyncFactory: "its factory needs await, which a script's validate cannot give"
    case .dependsOnMainActor(let key): "it resolves '\(key)', which needs await"
    case .needsServiceFromChildren(let key): "it needs '\(key)', which this container's children supply"
    case .builtBeforeValidation where withoutRunningFactories:
      "built before tracking began: its dependencies were not seen, and building it again would run its factory in the app"
    case .builtBeforeValidation: "built before validate, while untracked: its dependencies were not seen"
    case .notSeenBuilt: "its factory would run in the app, and it was not resolved since tracking began"
    }
  }
}

/// `show graph [S]`: who depends on whom, from the container's dry run (nothing is built for
/// real, nothing is numbered), or, in a running app's process, from what its resolves showed.
struct ShowGraph {
  let session: Session

  func lines(for service: String?) -> [String] {
    let report = session.validationReport()
    var registrations = report.registrations
    if let service {
      registrations = reachable(from: registrations.filter { session.isService($0.key, named: service) }, in: report)
    }
    guard !registrations.isEmpty else {
      return [service.map { "no registration of '\($0)' answers here" } ?? "no registrations"]
    }
    var lines: [String] = []
    for info in registrations {
      lines.append(session.tokenLine("", info).dropFirst().trimmingLeadingSpace)
      for edge in report.edges where edge.from.token == info.token {
        if let to = edge.to {
          lines.append("  -> \(to.token)  \(RegistrationText.subject(to))")
        } else {
          lines.append("  -> \(edge.key)  (missing)")
        }
      }
    }
    if !report.unchecked.isEmpty {
      lines.append("not followed (not checked): " + report.unchecked.map(\.token.description).joined(separator: " "))
    }
    return lines
  }

  /// `roots` and every registration their edges reach, in token order.
  private func reachable(from roots: [RegistrationInfo], in report: ValidationReport) -> [RegistrationInfo] {
    var seen = Set(roots.map(\.token))
    var pending = roots.map(\.token)
    while let token = pending.popLast() {
      for edge in report.edges where edge.from.token == token {
        if let to = edge.to?.token, seen.insert(to).inserted { pending.append(to) }
      }
    }
    return report.registrations.filter { seen.contains($0.token) }
  }
}
