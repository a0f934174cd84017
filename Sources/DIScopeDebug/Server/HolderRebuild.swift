import DIScope

/// The rebuild a leaving client may ask for: each cached instance that, after its session's undo,
/// still holds what the session put in is dropped by its registration, so that the next resolve
/// builds one with what answers now.
///
/// What it can and cannot do, said to the user as it is done: the container lets go of the old
/// instance (and disposes it, as `cache tN off` does, when the container built it), but a
/// reference the app already holds (a property, a variable, another singleton built with it)
/// keeps the old instance, and what it holds, for as long as the app keeps it.
///
/// Touched only on the server's command queue, like the session that offered it.
enum HolderRebuild {
  /// A holder the client was offered, with what the server needs to rebuild it.
  struct Offer {
    let holder: HolderToRebuild
    let token: DIScope.RegistrationToken
    /// The creation number of the instance offered: a rebuild drops only that one, never one the
    /// app built since.
    let instanceNumber: Int?
    let owner: Container

    /// The offer for `stale`, scanned from `scanned`; `nil` when a rebuild cannot fix it (the
    /// holder is a parent's singleton that never sees a child's registration) or its container is
    /// not in `scanned`'s lineage.
    init?(_ stale: StaleReference, scannedFrom scanned: Container) {
      guard case .rebuildHolder(let token) = stale.fix else { return nil }
      var owner: Container? = scanned
      while let candidate = owner, candidate.name != stale.holder.registration.container { owner = candidate.parent }
      guard let owner else { return nil }
      self.owner = owner
      self.token = token
      instanceNumber = stale.holder.number
      holder = HolderToRebuild(
        instance: stale.holder.description, token: token.description,
        service: stale.holder.registration.key.description, held: stale.held.description,
        heldService: stale.key.description,
        answeringNow: stale.answeringNow.map { "\($0.token) \($0.implementationName)" })
    }
  }

  /// Rebuilds each of `asked` that is among `offers` and still cached as offered; a line each,
  /// then one for what a rebuild cannot reach.
  static func rebuild(_ asked: [HolderToRebuild], offers: [Offer]) -> [String] {
    var lines: [String] = []
    var rebuiltAny = false
    for wanted in asked {
      guard let offer = offers.first(where: { $0.holder == wanted }) else {
        lines.append("\(wanted.instance) (\(wanted.token)): not rebuilt: not offered as this session left")
        continue
      }
      let (line, rebuilt) = rebuild(offer)
      lines.append(line)
      rebuiltAny = rebuiltAny || rebuilt
    }
    if rebuiltAny {
      lines.append(
        "note: what the app already holds of an instance let go (a property, a variable, a singleton built with it) "
          + "keeps it, and what it holds, until the app lets go of it: a rebuild cannot reach it")
    }
    return lines
  }

  private static func rebuild(_ offer: Offer) -> (line: String, rebuilt: Bool) {
    let name = "\(offer.holder.instance) (\(offer.holder.token))"
    guard let current = offer.owner.registration(offer.token), !offer.owner.isShutDown else {
      return ("\(name): not rebuilt: its registration is gone", false)
    }
    guard current.isCaching, current.cachedInstanceNumber == offer.instanceNumber else {
      return ("\(name): not rebuilt: \(offer.holder.service) no longer caches it (the app let go of it or rebuilt it since)", false)
    }
    // Off and on again, as the fix the report names does: caching as it was, the instance dropped.
    offer.owner.setCaching(false, for: offer.token)
    offer.owner.setCaching(true, for: offer.token)
    let now = offer.holder.answeringNow.map { "what answers \(offer.holder.heldService) now (\($0))" }
      ?? "what answers \(offer.holder.heldService) now (nothing: its resolve will fail)"
    return ("rebuilt \(name): let go of by \(offer.holder.token); the next resolve of \(offer.holder.service) builds one with \(now)", true)
  }
}
