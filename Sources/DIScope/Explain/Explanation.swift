/// Why a service resolves as it does, in words and as fields for tools: which registration
/// answers and what it hides, its scope and caching, the cached instance and what it holds, what
/// a resolve would do now, who holds the current instance, and the stale references on the way.
/// Made by ``Container/explain(_:name:)`` without building anything.
///
/// ```swift
/// print(container.explain(WebService.self))
/// // WebService: t4 MockWebService answers (a mock; newest of 2 in root; shadows t2)
/// //   made at: AppTests.swift:12
/// //   scope: singleton, caching on
/// //   cached: MockWebService#5, built by resolve ControlContext
/// //   resolve now: returns the cached MockWebService#5
/// //   held by: ControlContext#6 (t3)
/// ```
public struct Explanation: Sendable, CustomStringConvertible {
  /// What a resolve of the key would do now.
  public enum ResolveNow: Sendable, Hashable {
    /// Hand out the instance cached now.
    case returnsCached(InstanceReference)
    /// Build a new instance with the answering registration's factory, under this scope.
    case builds(Scope)
    /// Fail: nothing answers.
    case fails
    /// Fail: the named container (the one asked, or the one that owns the answering
    /// registration) was shut down, and resolves nothing more.
    case failsShutDown(container: String)
  }

  /// The key explained.
  public let key: ServiceKey
  /// The container asked.
  public let container: String
  /// The registration that answers, here or in the nearest parent; `nil` when none does.
  public let answering: RegistrationInfo?
  /// The registrations below it in its own stack, newest first: the next answers if it goes.
  public let shadowed: [RegistrationInfo]
  /// What it overrides: the registrations parents of its container would answer with.
  public let overridden: [RegistrationInfo]
  /// The instance the answering registration caches now, if any.
  public let cached: InstanceReference?
  /// The root resolve that built the cached instance, when its build was tracked.
  public let builtBy: ServiceKey?
  /// The cached instance's direct dependencies, when its build was tracked; `nil` when unknown.
  public let holds: [HeldInstance]?
  /// Why ``holds`` is unknown, when it is (an instance is cached, and its build was not tracked).
  public let holdsUnknown: UntrackedHolder.Reason?
  /// What a resolve of the service would do now: hand back the cached instance, or build.
  public let onResolve: ResolveNow
  /// The cached instances, answering here or in a parent, that hold the cached instance.
  public let heldBy: [InstanceReference]
  /// The other cached instances whose holdings are unknown: any of them may hold the cached
  /// instance, or a stale reference of this key, so ``heldBy`` and ``stale`` may not be all.
  public let untrackedHolders: [UntrackedHolder]
  /// Stale references held by the cached instance, or held elsewhere of this key.
  public let stale: [StaleReference]
  /// When nothing answers: the hint a failed resolve would give.
  public let hint: String?

  /// The explanation, a line each: the answer first, details indented under it.
  public var description: String { lines.joined(separator: "\n") }

  /// The explanation's lines (see ``description``).
  public var lines: [String] { lines() }

  /// The explanation's lines, for a tool that names things its own way.
  ///
  /// - Parameters:
  ///   - holder: How to name a holder of the cached instance (`ControlContext#4.webService` for a
  ///     tool that knows the field); the instance's own name by default.
  ///   - stale: How to print a stale reference; its ``StaleReference/description`` by default.
  ///   - wouldBuild: What a resolve would build, when the tool knows (the container cannot see
  ///     into a factory): printed under `resolve now` when the resolve builds.
  ///   - otherHolders: Holders of the cached instance the container does not know, as the tool
  ///     names them (a tool's own instances that the container does not cache), listed after
  ///     the container's own under `held by`.
  ///   - location: Where to say the answering registration was made (`made at:`); its own
  ///     ``RegistrationInfo/location`` by default, `nil` to say nothing (a tool that made the
  ///     registration itself, as a script's session does, knows where already).
  public func lines(
    holder: (_ holder: InstanceReference, _ held: InstanceReference) -> String = { holder, _ in holder.description },
    stale: (StaleReference) -> String = \.description,
    wouldBuild: String? = nil,
    otherHolders: [String] = [],
    location: (RegistrationInfo) -> RegistrationSite? = \.location
  ) -> [String] {
    guard let answering else {
      return ["\(key): nothing answers in \(container)"] + (hint.map { ["  hint: \($0)"] } ?? [])
    }
    var lines = ["\(key): \(answering.token) \(answering.implementationName) answers (\(reason))"]
    if let location = location(answering) { lines.append("  made at: \(location)") }
    lines.append("  scope: \(answering.scope), caching \(answering.isCaching ? "on" : "off")")
    if let cached {
      lines.append("  cached: \(cached)" + (builtBy.map { ", built by resolve \($0)" } ?? ""))
      if let holds {
        lines.append("  holds: " + (holds.isEmpty ? "nothing" : holds.map(\.description).joined(separator: ", ")))
      } else {
        lines.append("  holds: unknown (\((holdsUnknown ?? .notTracked).description))")
      }
    }
    lines.append("  resolve now: \(resolveNowText)")
    if case .builds = onResolve, let wouldBuild { lines.append("  would build: \(wouldBuild)") }
    if let cached, !heldBy.isEmpty || !otherHolders.isEmpty {
      let holders = heldBy.map { "\(holder($0, cached)) (\($0.registration.token))" } + otherHolders
      lines.append("  held by: " + holders.joined(separator: ", "))
    }
    lines += self.stale.map { "  stale: " + stale($0) }
    if !untrackedHolders.isEmpty {
      // Never a silent "none": what these hold is not known.
      lines.append(
        "  unknown: whether " + untrackedHolders.map { "\($0.instance) (\($0.instance.registration.token))" }
          .joined(separator: ", ") + " hold" + (untrackedHolders.count == 1 ? "s" : "")
          + " it or a stale reference: \(untrackedHolders[0].reason)")
    }
    return lines
  }

  /// `a mock; newest of 2 in root; shadows t2`, `found in the parent root`, and the like.
  public var reason: String {
    guard let answering else { return "nothing answers" }
    var parts: [String] = []
    if answering.isMock { parts.append("a mock") }
    let size = shadowed.count + 1
    parts.append(
      size == 1 ? "the only registration in \(answering.container)" : "newest of \(size) in \(answering.container)")
    if !shadowed.isEmpty { parts.append("shadows " + shadowed.map(\.token.description).joined(separator: " ")) }
    if answering.container != container { parts.append("found in the parent \(answering.container)") }
    if !overridden.isEmpty {
      parts.append("overrides " + overridden.map { "\($0.token) in \($0.container)" }.joined(separator: ", "))
    }
    return parts.joined(separator: "; ")
  }

  /// `returns the cached ConsoleLogger#1`, `builds a new one (prototype)`, `fails`.
  public var resolveNowText: String {
    switch onResolve {
    case .returnsCached(let instance): "returns the cached \(instance)"
    case .builds where answering?.isCaching == false:
      // Its scope stays what it is (a singleton again once caching is on): said as `show stacks`
      // and the trace say it, `[singleton, cache off]`.
      "builds a new one (\(answering.map { "\($0.scope), " } ?? "")caching off: every resolve does)"
    case .builds(let scope):
      switch scope {
      case .prototype: "builds a new one (prototype: every resolve does)"
      case .graph: "builds a new one (graph: one per root resolve)"
      case .singleton, .eager: "builds it and caches it (\(scope))"
      case .weak: "builds it and shares it while anyone holds it (weak)"
      }
    case .fails: "fails: nothing answers"
    case .failsShutDown(let container): "fails: '\(container)' was shut down"
    }
  }
}
