import DIScope

/// A stale reference as scripts and the playground print it, with the fix in the script's own
/// commands: `RFZoneController#2.webService (t3, singleton) still holds MockWebService#1 from t5,
/// which no longer answers for WebService (t2 answers now); 'cache t3 off' then 'cache t3 on'
/// rebuilds it`.
public enum StaleText {
  /// The line for `stale`; `holder` names the holder when the caller knows better (with the
  /// parameter that holds the instance). The holder's registration names where the app made it in code (`made at
  /// Components.swift:40`), the file a reader opens to rebuild it; a script's line never (see
  /// `ScriptWording.shownSite(of:)`).
  public static func line(_ stale: StaleReference, holder: String? = nil) -> String {
    let registration = stale.holder.registration
    let site = ScriptWording.shownSite(of: registration).map { ", made at \($0)" } ?? ""
    return "\(holder ?? stale.holder.description) (\(registration.token), \(registration.scope)\(site)) "
      + "still holds \(stale.held) from \(stale.held.registration.token), \(stale.whatChanged); "
      + fix(for: stale)
  }

  /// The fix in the script's own commands.
  public static func fix(for stale: StaleReference) -> String {
    switch stale.fix {
    case .rebuildHolder(let token):
      return "'cache \(token) off' then 'cache \(token) on' rebuilds it"
    case .registerHolder(let key, let child):
      let implementation = stale.holder.registration.implementationName
      let command = "register \(key)" + (implementation == key.serviceName ? "" : " = \(implementation)")
      return "'\(command)' in \(child) builds one there that sees it"
    }
  }
}
