import DIScope
import DisSyntax

/// `remove tN`, `scope tN S`, `cache tN on|off`: a live registration, named by its token.
extension Session {
  func remove(_ written: SyntaxToken) throws -> [String] {
    let record = try liveToken(written)
    guard let info = record.container.registration(record.token) else { throw notLive(written) }
    let stack = record.container.registrations(of: info.key)
    record.container.remove(record.token)
    family.removedTokens.insert(written.number)
    return [tokenLine("-", info) + RemovalText.note(removed: info, stackBefore: stack, owner: record.container)]
  }

  func changeScope(_ written: SyntaxToken, to scope: SyntaxScope) throws -> [String] {
    let record = try changeableToken(written, what: "its scope")
    guard let before = record.container.registration(record.token) else { throw notLive(written) }
    if before.argumentTypes != nil && scope == .eager {
      throw ScriptFailure(
        "\(written) takes runtime arguments, so it cannot be eager: it would be built with none",
        hint: "to fix, keep it prototype, graph, singleton or weak")
    }
    do {
      try record.container.setScope(scope.containerScope, for: record.token)
    } catch {
      throw ScriptFailure(error.message, hint: error.hint)
    }
    let traces = takeTraces().flatMap { $0 }
    if let failure = takeEagerFailures().first {
      // Back to the scope it had, which it was allowed.
      _ = try? record.container.setScope(before.scope, for: record.token)
      throw resolutionFailure(failure.error)
    }
    return [changeLine(record, before: before, change: "was \(before.scope)")] + traces
  }

  func changeCaching(_ written: SyntaxToken, isEnabled: Bool) throws -> [String] {
    let record = try changeableToken(written, what: "its caching")
    guard let before = record.container.registration(record.token) else { throw notLive(written) }
    record.container.setCaching(isEnabled, for: record.token)
    return [changeLine(record, before: before, change: "cache was \(before.isCaching ? "on" : "off")")]
  }

  /// `~ t1  Logger -> ConsoleLogger  [graph]  (was singleton; dropped #1)`.
  private func changeLine(_ record: TokenRecord, before: RegistrationInfo, change: String) -> String {
    let after = record.container.registration(record.token) ?? before
    let dropped = before.cachedInstanceNumber.map { "; dropped its cached #\($0)" } ?? ""
    return tokenLine("~", after) + "  (\(change)\(dropped))"
  }

  /// The live token `written` names, wherever it is.
  func liveToken(_ written: SyntaxToken) throws -> TokenRecord {
    guard let record = family.tokens[written.number], record.container.registration(record.token) != nil
    else { throw notLive(written) }
    return record
  }

  private func changeableToken(_ written: SyntaxToken, what: String) throws -> TokenRecord {
    let record = try liveToken(written)
    if record.isInstance {
      throw ScriptFailure(
        "\(written) holds one instance given at registration: \(what) cannot change",
        hint: "to fix, register '\(record.service)' with '=' instead of 'instance' to choose how it caches")
    }
    return record
  }

  func notLive(_ written: SyntaxToken) -> ScriptFailure {
    let live = liveTokens().map(\.description)
    let listing = live.isEmpty ? "there are no live tokens" : "live tokens: " + live.prefix(12).joined(separator: " ")
      + (live.count > 12 ? " ..." : "")
    if family.removedTokens.contains(written.number) || family.tokens[written.number] != nil {
      return ScriptFailure("'\(written)' is not live: it was removed", hint: listing)
    }
    return ScriptFailure("no registration '\(written)'", hint: listing + "; 'show tokens' lists them")
  }

  /// Every live token the session made, by number. Every removal goes through the session, which
  /// notes it in `removedTokens`, so this never asks the container (whose look-up by token walks
  /// the token's stack).
  func liveTokens() -> [ContainerToken] {
    family.tokens.filter { !family.removedTokens.contains($0.key) }.values.map(\.token).sorted()
  }
}
