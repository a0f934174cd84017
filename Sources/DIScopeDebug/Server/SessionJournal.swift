import DIScope
import DisScript
import DisSyntax

/// What a client's session changed in the app's container, net of what it changed back, oldest
/// first: what leaving undoes unless the user keeps it.
///
/// Each entry is made from the container's own events, heard on the thread that runs the
/// command (what the app's threads change meanwhile is the app's, never journalled), and holds
/// what its undo needs: a removed registration itself (see `Container.reinstate(_:)`), a scope or
/// caching as it was, a child container the session made.
///
/// Touched only on the server's command queue, like its session.
final class SessionJournal {
  /// One change, as the session made it.
  enum Change {
    /// A registration pushed (`register`, `mock`, `activate`): undone by removing it.
    case registered(RegistrationInfo, owner: Container)
    /// A registration taken out (`remove`, `unmock`, `deactivate`): undone by putting it back.
    case removed(RegistrationInfo, held: Container.HeldRegistration)
    /// A scope changed: undone by setting `from` back, if nothing else changed it since.
    case scopeChanged(RegistrationInfo, from: DIScope.Scope, owner: Container)
    /// Caching switched (to `info.isCaching`): undone by switching it back.
    case cachingChanged(RegistrationInfo, owner: Container)
    /// A child container the session made: undone by shutting it down.
    case madeChild(Container)
    /// What cannot be undone (`release #N`, `shutdown`), and why: listed, never hidden.
    case irreversible(command: String, why: String)
  }

  private(set) var changes: [Change] = []

  var isEmpty: Bool { changes.isEmpty }

  /// `removed t1 Config -> AppConfig [singleton]`, for each change, oldest first.
  var descriptions: [String] { changes.map(Self.describe) }

  // MARK: Recording

  /// Notes what one command changed, given the events its own thread caused (in order) and the
  /// registrations held before it ran. A change that cancels an earlier one (a registration the
  /// session pushed and then removed; a scope set back as it was) leaves no entry.
  func record(
    _ events: [ContainerEvent], held: [Int: Container.HeldRegistration], owners: [String: Container],
    madeChild: Container?, command: Command, typed: String, succeeded: Bool
  ) {
    let sessionChildren = Set(changes.compactMap { change -> String? in
      if case .madeChild(let child) = change { return child.name } else { return nil }
    })
    for event in events {
      switch event {
      case .registered(let info):
        // What happens inside a child the session made goes with the child.
        guard !sessionChildren.contains(info.container), let owner = owners[info.container] else { continue }
        changes.append(.registered(info, owner: owner))
      case .removed(let info, _):
        guard !sessionChildren.contains(info.container) else { continue }
        if let index = index(ofRegistered: info.token) {
          // Pushed by the session and taken out again: nothing to undo, for it or its changes.
          changes.remove(at: index)
          changes.removeAll { Self.token(of: $0) == info.token }
        } else if let held = held[info.token.number] {
          // As it was before the command: a removal forgets what it had built.
          changes.append(.removed(held.info, held: held))
        }
      case .scopeChanged(let info, let old):
        guard !sessionChildren.contains(info.container), let owner = owners[info.container],
          index(ofRegistered: info.token) == nil
        else { continue }
        if let index = changes.lastIndex(where: { if case .scopeChanged(let earlier, _, _) = $0 { earlier.token == info.token } else { false } }),
          case .scopeChanged(_, let first, _) = changes[index]
        {
          changes.remove(at: index)
          if first != info.scope { changes.append(.scopeChanged(info, from: first, owner: owner)) }
        } else {
          changes.append(.scopeChanged(info, from: old, owner: owner))
        }
      case .cachingChanged(let info):
        guard !sessionChildren.contains(info.container), let owner = owners[info.container],
          index(ofRegistered: info.token) == nil
        else { continue }
        if let index = changes.lastIndex(where: { if case .cachingChanged(let earlier, _) = $0 { earlier.token == info.token } else { false } }) {
          // Switched back as it was before the session.
          changes.remove(at: index)
        } else {
          changes.append(.cachingChanged(info, owner: owner))
        }
      default: continue
      }
    }
    if let madeChild { changes.append(.madeChild(madeChild)) }
    switch succeeded ? command.containerChange : nil {
    case .releasesInstance:
      changes.append(.irreversible(command: typed, why: "an instance let go cannot be brought back; the app builds another when asked"))
    case .shutsDown:
      if case .releaseContainer(let name) = command, sessionChildren.contains(name) {
        // The session's own child, shut down: nothing of the app's is gone.
        changes.removeAll { if case .madeChild(let child) = $0 { child.name == name } else { false } }
      } else {
        changes.append(.irreversible(command: typed, why: "a container shut down resolves nothing more, and cannot be started again"))
      }
    default: break
    }
  }

  private func index(ofRegistered token: DIScope.RegistrationToken) -> Int? {
    changes.firstIndex { if case .registered(let info, _) = $0 { info.token == token } else { false } }
  }

  private static func token(of change: Change) -> DIScope.RegistrationToken? {
    switch change {
    case .registered(let info, _), .removed(let info, _), .scopeChanged(let info, _, _), .cachingChanged(let info, _):
      info.token
    case .madeChild, .irreversible: nil
    }
  }

  // MARK: Undoing

  /// What leaving did about the journal.
  struct Undoing {
    var undone: [String] = []
    /// What could not be undone, each with why (the app changed it since; it cannot be).
    var notUndone: [String] = []
    /// The cached instances that, once undone, still hold an instance of a registration the
    /// session pushed, each with how to rebuild it: the app is not as it was while they live.
    var stillHolding: [String] = []
    /// Of those, the ones the app can rebuild (see `HolderRebuild`).
    var rebuildable: [HolderRebuild.Offer] = []
  }

  /// Undoes every change, newest first, and empties the journal. A registration the app changed
  /// since is left as the app made it, and said so: the app's change wins over the session's undo.
  /// A registration this session pushed that another attached session (in `others`) removed
  /// stays removed, and that session will not put it back as it leaves: it was never the app's.
  func undo(others: [(client: Int, journal: SessionJournal)] = []) -> Undoing {
    var result = Undoing()
    // What the session put in, to find who still holds it once it is taken out.
    var pushed: Set<DIScope.RegistrationToken> = []
    var owners: [Container] = []
    for case .registered(let info, let owner) in changes {
      pushed.insert(info.token)
      if !owners.contains(where: { $0 === owner }) { owners.append(owner) }
    }
    for change in changes.reversed() {
      switch change {
      case .registered(let info, let owner):
        if owner.remove(info.token) {
          result.undone.append("removed \(Self.name(of: info)) (the session pushed it)")
        } else if let remover = others.first(where: { $0.journal.forgetRemoval(of: info.token) }) {
          result.undone.append(
            "\(Self.name(of: info)): removed by client \(remover.client), attached too, which will not put it back")
        } else {
          result.notUndone.append("\(Self.name(of: info)): already gone (removed by the app since)")
        }
      case .removed(let info, let held):
        switch held.owner.reinstate(held) {
        case .reinstated(let now):
          var line = "put back \(info)"
          if now.stackDepth != info.stackDepth {
            line += ", \(now.stackDepth ?? 0) below the top (the app pushed over \(info.key) since)"
          }
          if let number = info.cachedInstanceNumber, !held.answersWithGivenInstance {
            line += "; #\(number) was let go at the removal: its next resolve builds anew"
          }
          result.undone.append(line)
        case .alreadyLive:
          result.notUndone.append("\(Self.name(of: info)): already back")
        case .containerShutDown:
          result.notUndone.append("\(Self.name(of: info)): not put back: its container \(held.owner.name) was shut down since")
        }
      case .scopeChanged(let info, let old, let owner):
        guard let current = owner.registration(info.token) else {
          result.notUndone.append("scope of \(Self.name(of: info)): not set back: it was removed since")
          continue
        }
        guard current.scope == info.scope else {
          result.notUndone.append(
            "scope of \(Self.name(of: info)): left \(current.scope): the app changed it since (the session set \(info.scope), it was \(old))")
          continue
        }
        do {
          try owner.setScope(old, for: info.token)
          result.undone.append("scope of \(Self.name(of: info)) back to \(old)")
        } catch {
          result.notUndone.append("scope of \(Self.name(of: info)): not set back to \(old): \(error)")
        }
      case .cachingChanged(let info, let owner):
        guard let current = owner.registration(info.token) else {
          result.notUndone.append("cache of \(Self.name(of: info)): not switched back: it was removed since")
          continue
        }
        guard current.isCaching == info.isCaching else {
          result.notUndone.append("cache of \(Self.name(of: info)): left \(current.isCaching ? "on" : "off"): the app switched it since")
          continue
        }
        owner.setCaching(!info.isCaching, for: info.token)
        result.undone.append("cache of \(Self.name(of: info)) back \(info.isCaching ? "off" : "on")")
      case .madeChild(let child):
        guard !child.isShutDown else { continue }
        do {
          try child.shutdownSynchronously()
          result.undone.append("shut down container \(child.name) (the session made it)")
        } catch {
          result.notUndone.append("container \(child.name): shut down, but \(error)")
        }
      case .irreversible(let command, let why):
        result.notUndone.append("\(command): \(why)")
      }
    }
    changes = []
    let holders = Self.holders(of: pushed, in: owners)
    result.stillHolding = holders.map { StaleText.line($0.stale) }
    result.rebuildable = holders.compactMap { HolderRebuild.Offer($0.stale, scannedFrom: $0.owner) }
    return result
  }

  /// The cached instances, answering in `owners` or their parents, that hold an instance of one
  /// of `tokens` (gone now), each with the container scanned. Read from holder tracking, which is
  /// on while a client is attached and from the server's start: an instance whose holdings are
  /// unknown was built before either, so holds nothing the session put in.
  private static func holders(of tokens: Set<DIScope.RegistrationToken>, in owners: [Container])
    -> [(stale: StaleReference, owner: Container)]
  {
    guard !tokens.isEmpty else { return [] }
    var seen = Set<String>()
    return owners.flatMap { owner in
      owner.scanStaleReferences().found.filter { tokens.contains($0.held.registration.token) }.map { ($0, owner) }
    }.filter { seen.insert(StaleText.line($0.stale)).inserted }
  }

  /// Forgets every change without undoing it (the user kept them).
  func keep() { changes = [] }

  /// Forgets this session's removal of `token` (another session pushed it, and has left, taking
  /// it with it); returns whether there was one.
  func forgetRemoval(of token: DIScope.RegistrationToken) -> Bool {
    let before = changes.count
    changes.removeAll { if case .removed(let info, _) = $0 { info.token == token } else { false } }
    return changes.count != before
  }

  private static func name(of info: RegistrationInfo) -> String { "\(info.token) \(info.key)" }

  private static func describe(_ change: Change) -> String {
    switch change {
    case .registered(let info, _):
      info.isMock ? "pushed mock \(info.token) \(info.implementationName) over \(info.key)" : "registered \(info)"
    case .removed(let info, _): "removed \(info)"
    case .scopeChanged(let info, let old, _): "scope of \(name(of: info)): \(old) -> \(info.scope)"
    case .cachingChanged(let info, _): "cache of \(name(of: info)): \(info.isCaching ? "on" : "off")"
    case .madeChild(let child): "made container \(child.name)" + (child.parent.map { " (child of \($0.name))" } ?? "")
    case .irreversible(let command, _): "\(command) (cannot be undone)"
    }
  }
}
