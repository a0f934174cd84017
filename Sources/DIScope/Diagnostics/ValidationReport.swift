/// What `validate()` found, what it could not check and why, and the graph it discovered.
///
/// A report never says "no findings" while a registration went unchecked: its description lists
/// each unchecked one with the reason, and ``isComplete`` tells a test whether everything was.
///
/// ```swift
/// let report = await container.validate()
/// #expect(report.isEmpty, "\(report)")
/// #expect(report.isComplete, "\(report)")
/// ```
public struct ValidationReport: Sendable, CustomStringConvertible {
  /// The defects, in a stable order (by kind, then by token).
  public let findings: [ValidationFinding]
  /// Every registration that answers in the validated container, by token.
  public let registrations: [RegistrationInfo]
  /// Every dependency resolved, in a stable order.
  public let edges: [DependencyEdge]
  /// The registrations this run could not check, each with the reason, by token.
  public let unchecked: [UncheckedRegistration]

  /// Whether nothing was found (in what was checked: see ``isComplete``).
  public var isEmpty: Bool { findings.isEmpty }

  /// Whether every registration was checked: nothing is listed in ``unchecked``.
  public var isComplete: Bool { unchecked.isEmpty }

  /// `ok: 12 registrations checked, no findings` only when all were; otherwise each finding, each
  /// unchecked registration with its reason, and a count of both.
  public var description: String {
    let total = registrations.count
    if findings.isEmpty && unchecked.isEmpty {
      return "ok: \(total) registration\(total == 1 ? "" : "s") checked, no findings"
    }
    var lines = findings.map(\.description) + unchecked.map(\.description)
    let checked = total - unchecked.count
    var summary = "checked \(checked) of \(total) registration\(total == 1 ? "" : "s"): "
    summary += findings.isEmpty ? "nothing found in those" : "\(findings.count) finding\(findings.count == 1 ? "" : "s")"
    if !unchecked.isEmpty { summary += ", \(unchecked.count) not checked" }
    lines.append(summary)
    return lines.joined(separator: "\n")
  }
}

/// A registration `validate()` did not check, and why: as data (``reason``), worded by
/// ``description`` and ``hint``.
///
/// ```text
/// not checked: 'UserDetails' (prototype, t3): it takes runtime arguments (String)
///   hint: give it sample arguments: container.validate(samples: [.init(UserDetails.self, arguments: ...)])
/// ```
public struct UncheckedRegistration: Sendable, Hashable, CustomStringConvertible {
  /// Why a registration was not checked.
  public enum Reason: Sendable, Hashable {
    /// Its factory takes runtime arguments (`(String)`) and no sample was given.
    case takesArguments(String)
    /// A `@MainActor` factory, and the synchronous `validate()` ran off the main actor.
    case mainActorFactory
    /// An `async` factory, and the synchronous `validate()` cannot await it.
    case asyncFactory
    /// It resolves this `@MainActor` service, off the main actor.
    case dependsOnMainActor(ServiceKey)
    /// It needs this service, which the validated container's children supply (see
    /// `Container.declareSuppliedByChildren(_:name:)`): validate a child to check it.
    case needsServiceFromChildren(ServiceKey)
    /// Its instance was built before validation, while nothing tracked what it was built with,
    /// and validation builds nothing already built: its dependencies were not seen.
    case builtBeforeValidation
    /// Validated without building (``Container/validateWithoutBuilding(from:)``), and no build of
    /// it was seen: its dependencies are unknown, and learning them would run its factory.
    case notSeenBuilt
  }

  /// The registration.
  public let registration: RegistrationInfo
  /// Why validation could not check it; ``description`` says it in words.
  public let reason: Reason

  /// The registration's token.
  public var token: RegistrationToken { registration.token }

  /// Why, in a few words: `it takes runtime arguments (String)`.
  public var explanation: String {
    switch reason {
    case .takesArguments(let types): "it takes runtime arguments \(types)"
    case .mainActorFactory: "@MainActor factory, and validate() ran off the main actor"
    case .asyncFactory: "async factory, which the synchronous validate() cannot await"
    case .dependsOnMainActor(let key): "it resolves '\(key)', a @MainActor factory, off the main actor"
    case .needsServiceFromChildren(let key): "it needs '\(key)', which this container's children supply"
    case .builtBeforeValidation: "built before validation, untracked: its dependencies were not seen"
    case .notSeenBuilt: "not seen built, and checking it without building would need its factory to run"
    }
  }

  /// What to do to check it.
  public var hint: String {
    switch reason {
    case .takesArguments:
      "give it sample arguments: container.validate(samples: [.init(\(registration.key.serviceName).self, arguments: ...)])"
    case .mainActorFactory, .asyncFactory, .dependsOnMainActor:
      "validate with `await container.validate()`"
    case .needsServiceFromChildren:
      "validate a child that supplies it"
    case .builtBeforeValidation:
      "validate before resolving it, or set tracksHolders = true before it is built"
    case .notSeenBuilt:
      "resolve it while observed, so that its dependencies are seen, or validate() it where running its factory is safe (a test)"
    }
  }

  /// `not checked: 'UserDetails' (prototype, t3): it takes runtime arguments (String)` and the hint.
  public var description: String {
    let info = registration
    let scope = info.isCaching ? "\(info.scope)" : "\(info.scope), cache off"
    return "not checked: '\(info.key)' (\(scope), \(info.token)): \(explanation)\n  hint: \(hint)"
  }
}
