import DIScope

/// What `remove tN` and `unmock S` say after the removed registration's line: what answers its
/// service now, worded the same for both.
///
/// ```text
/// - t5  WebService -> MockWebService  [singleton, mock]  (uncovers t2)
/// - t2  L -> B  [prototype]  (was under t3)
/// - t1  Logger -> ConsoleLogger  [singleton]  (t1 in root answers now)
/// - t4  Clock  [singleton]  (the stack of 'Clock' is empty now)
/// ```
enum RemovalText {
  /// `  (uncovers t2)`, for `removed`, taken out of `stack` (the stack of its service in `owner`
  /// as it was before, top first); `owner` is asked what answers now.
  static func note(removed: RegistrationInfo, stackBefore stack: [RegistrationInfo], owner: Container) -> String {
    "  (" + what(removed: removed, stackBefore: stack, owner: owner) + ")"
  }

  private static func what(removed: RegistrationInfo, stackBefore stack: [RegistrationInfo], owner: Container) -> String {
    if let top = stack.first, top.token != removed.token { return "was under \(top.token)" }
    if let below = stack.drop(while: { $0.token != removed.token }).dropFirst().first {
      return "uncovers \(below.token)"
    }
    if let answering = owner.answeringRegistration(for: removed.key) {
      return "\(answering.token) in \(answering.container) answers now"
    }
    return "the stack of '\(removed.key)' is empty now"
  }
}
