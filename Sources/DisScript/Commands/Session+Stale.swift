import DIScope
import DisSyntax

/// Stale references in script terms: the `note:` lines under a command that left a cached
/// instance holding what its key no longer answers with, `show stale` and `expect no stale`.
extension Session {
  /// `note:` lines for the stale references that the command just run created, seen from the
  /// current container; remembers them, so each is noted once.
  func staleNotes() -> [String] {
    drainEvents()  // a reader of what the command caused: the instances it built are numbered
    let current = container.staleReferences()
    let fresh = current.filter { !family.notedStale.contains(StaleIdentity($0)) }
    family.notedStale = Set(current.map(StaleIdentity.init))
    return fresh.map { "note: " + line(for: $0) }
  }

  /// Takes what is stale now as already seen: after switching containers, only what later
  /// commands create is noted.
  func forgetStaleNotes() {
    family.notedStale = Set(container.staleReferences().map(StaleIdentity.init))
  }

  /// `show stale [S]`: every stale reference, or those whose holder or held key is S.
  func showStale(_ service: String?) -> [String] {
    let stale = container.staleReferences().filter { reference in
      service == nil || reference.key.serviceName == service
        || reference.holder.registration.key.serviceName == service
    }
    guard !stale.isEmpty else {
      return [service.map { "no stale references to or from '\($0)'" } ?? "no stale references"]
    }
    return stale.map(line(for:))
  }

  /// `expect no stale`.
  func expectNoStale() throws -> [String] {
    let stale = container.staleReferences()
    guard stale.isEmpty else {
      throw ScriptFailure(
        lines: ["error: expected no stale references, found \(stale.count):"]
          + stale.map { "  " + line(for: $0) },
        isRefusal: false)
    }
    return []
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
    family.instances[number] ?? family.seen[number]?.instance
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
