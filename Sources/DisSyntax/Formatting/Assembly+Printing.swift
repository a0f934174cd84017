extension Assembly: CustomStringConvertible {
  /// The block in canonical form: one member a line, indented by two spaces.
  ///
  /// ```
  /// assembly Networking {
  ///   register Logger = ConsoleLogger
  ///   # the web service needs a logger
  ///   register WebService = LiveWebService
  /// }
  /// ```
  public var description: String {
    guard !members.isEmpty else { return "assembly \(name) {}" }
    let lines = members.map { member in
      switch member {
      case .registration(let registration, let comment, _):
        "  register \(registration)" + (comment.map { " #" + $0 } ?? "")
      case .comment(let text):
        "  #" + text
      }
    }
    return (["assembly \(name) {"] + lines + ["}"]).joined(separator: "\n")
  }
}
