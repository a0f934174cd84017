import DIScopeDebug

/// What leaving an attached session offers once its changes are undone: to rebuild each cached
/// instance that still holds what the session put in, one question each. Offered only to
/// someone who can answer (a terminal, and no `--no-input`); otherwise the report says how.
///
/// ```swift
/// if let offer = RebuildOffer(report: view.leaveReport, canAsk: isatty(0) == 1) {
///   let yes = offer.holders.filter { RebuildOffer.isYes(ask(RebuildOffer.question(for: $0))) }
/// }
/// ```
public struct RebuildOffer: Sendable, Hashable {
  /// The holders to ask about, in the report's order.
  public let holders: [HolderToRebuild]

  /// The offer for `report`; `nil` when no one can answer, or nothing can be rebuilt.
  public init?(report: LeaveReport?, canAsk: Bool) {
    guard canAsk, let holders = report?.rebuildable, !holders.isEmpty else { return nil }
    self.holders = holders
  }

  /// `rebuild WebService#23 (t2) so that it holds the app's own Logging (t1 ConsoleLogger)? [y/N] `
  public static func question(for holder: HolderToRebuild) -> String {
    let own = holder.answeringNow.map { " (\($0))" } ?? ", which nothing answers now"
    return "rebuild \(holder.instance) (\(holder.token)) so that it holds the app's own \(holder.heldService)\(own)? [y/N] "
  }

  /// Whether `answer` (a line typed; `nil` at the end of input) accepts: `y` or `yes`, in any
  /// case. Anything else, an empty line included, declines.
  public static func isYes(_ answer: String?) -> Bool {
    guard let answer else { return false }
    let word = String(answer.filter { !$0.isWhitespace }).lowercased()
    return word == "y" || word == "yes"
  }

  /// Said when a holder was declined: how to rebuild it later.
  public static let declinedHint =
    "hint: left as they are; attach again and run the fix named to rebuild each, or leave it until the app rebuilds it"
}
