import DIScope
import DisSyntax

/// Stale references in script terms: the `note:` lines under a command that left a cached
/// instance holding what its key no longer answers with, `show stale` and `expect no stale`.
extension Session {
  /// `note:` lines for the stale references that the command just run created, seen from the
  /// current container; remembers them, so each is noted once.
  func staleNotes() -> [String] {
    drainEvents()  // a reader of what the command caused: the instances it built are numbered
    let scan = container.scanStaleReferences()
    let current = scan.found
    let fresh = current.filter { !family.notedStale.contains(StaleIdentity($0)) }
    family.notedStale = Set(current.map(StaleIdentity.init))
    // What cannot be known is said too, once each: the change may have left these stale.
    let unknown = scan.untracked.filter { family.notedUntracked.insert("\($0.instance.registration.token)\($0.instance)").inserted }
    return fresh.map { "note: " + line(for: $0) }
      + unknown.map { "note: unknown whether \($0.instance) (\($0.instance.registration.token)) holds what this changed: \($0.reason)" }
  }

  /// Takes what is stale now as already seen: after switching containers, only what later
  /// commands create is noted.
  func forgetStaleNotes() {
    let scan = container.scanStaleReferences()
    family.notedStale = Set(scan.found.map(StaleIdentity.init))
    family.notedUntracked = Set(scan.untracked.map { "\($0.instance.registration.token)\($0.instance)" })
  }

  /// `show stale [S]`: every stale reference, or those whose holder or held key is S; and, when
  /// some cached instances' holdings are unknown, those, with why: never "no stale references"
  /// that the container cannot know.
  func showStale(_ service: String?) -> [String] {
    let scan = container.scanStaleReferences()
    let stale = scan.found.filter { reference in
      service == nil || reference.key.serviceName == service
        || reference.holder.registration.key.serviceName == service
    }
    // Any untracked instance may hold a stale reference of S, or be S's own.
    let unknown = unknownLines(scan.untracked)
    guard !stale.isEmpty || !unknown.isEmpty else {
      return [service.map { "no stale references to or from '\($0)'" } ?? "no stale references"]
    }
    return stale.map(line(for:)) + unknown
  }

  /// `expect no stale`: fails on a stale reference, and on any cached instance whose holdings are
  /// unknown (it cannot be told).
  func expectNoStale() throws -> [String] {
    let scan = container.scanStaleReferences()
    switch scan.verdict {
    case .none:
      return []
    case .found:
      throw ScriptFailure(
        lines: ["error: expected no stale references, found \(scan.found.count):"]
          + scan.found.map { "  " + line(for: $0) } + unknownLines(scan.untracked).map { "  " + $0 },
        isRefusal: false)
    case .unknown:
      throw ScriptFailure(
        lines: ["error: expected no stale references, but whether there are is unknown:"]
          + unknownLines(scan.untracked).map { "  " + $0 },
        isRefusal: false)
    }
  }

  /// `unknown: what WebService#2 (t2) holds: built before holders were tracked`, and a hint.
  func unknownLines(_ untracked: [UntrackedHolder]) -> [String] {
    guard let first = untracked.first else { return [] }
    return untracked.map { "unknown: what \($0.instance) (\($0.instance.registration.token)) holds: \($0.reason)" }
      + [
        "  hint: holders are known only for instances built while they were tracked; rebuild one to know "
          + "(cache \(first.instance.registration.token) off, then cache \(first.instance.registration.token) on), "
          + "or track holders before they are built (Container.tracksHolders)"
      ]
  }

  /// A stale reference's line, its holder named with the parameter that holds the instance.
  func line(for stale: StaleReference) -> String {
    StaleText.line(stale, holder: label(stale.holder, holding: stale.held))
  }

  /// `RFZoneController#2.webService` when the session knows which parameter holds it (a
  /// script's class), else `RFZoneController#2`.
  func label(_ holderReference: InstanceReference, holding heldReference: InstanceReference) -> String {
    let label = holderReference.description
    guard let holder = holderReference.number.flatMap(knownInstance(numbered:)), let held = heldReference.number
    else { return label }
    let names = (holder.parameters + holder.properties).compactMap { name, value -> String? in
      if case .instance(let instance) = value, instance.number == held { return name }
      return nil
    }
    return names.isEmpty ? label : names.map { "\(label).\($0)" }.joined(separator: ", ")
  }

  /// A numbered instance the session has seen, held or not.
  func knownInstance(numbered number: Int) -> PlaygroundInstance? {
    family.numbering.instances[number] ?? family.numbering.seen[number]?.instance
  }
}

/// A stale reference as noted once: the same holder still holding the same instance. Another
/// registration answering instead (a second mock over the first) is not a new one.
struct StaleIdentity: Hashable {
  let holder: String
  let held: String

  init(_ stale: StaleReference) {
    holder = "\(stale.holder.registration.token)\(stale.holder)"
    held = "\(stale.held.registration.token)\(stale.held)|\(stale.key)"
  }
}
