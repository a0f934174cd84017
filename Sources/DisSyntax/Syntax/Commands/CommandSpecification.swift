/// One row of the command table: a command's name, its forms, and what it does.
///
/// ```swift
/// let resolve = CommandTable.specification(named: "resolve")!
/// resolve.usage     // ["resolve S [named N] [with k=v ...]"]
/// resolve.summary   // "resolve S and print the instance and its resolution trace"
/// ```
public struct CommandSpecification: Sendable, Hashable {
  /// The name typed first: `register`, `resolve?`, `:record`.
  public var name: String
  /// Each accepted form's arguments (after the name). Most commands have one.
  public var forms: [[GrammarElement]]
  /// One line saying what the command does.
  public var summary: String
  /// More, for `help` on this command alone: what it shows and an example.
  public var details: [String]

  /// Creates a row.
  public init(_ name: String, _ forms: [[GrammarElement]], _ summary: String, details: [String] = []) {
    self.name = name
    self.forms = forms
    self.summary = summary
    self.details = details
  }

  /// One usage line per form: `register S [= Impl] ...`.
  public var usage: [String] {
    forms.map { form in form.isEmpty ? name : name + " " + form.usage }
  }

  /// The usage lines joined with ` · `, for one-line hints.
  public var usageLine: String { usage.joined(separator: " · ") }

  /// The help text: usage lines, then the summary.
  ///
  /// ```
  /// usage: scope tN prototype|graph|singleton|eager|weak
  ///   switch a live registration's scope; drops what it had cached
  /// ```
  public var helpText: String {
    var text = usage.map { "usage: " + $0 }.joined(separator: "\n") + "\n  " + summary
    if let guide = CommandGuide.entries[name] {
      text += "\n  idea: " + guide.concept
      if !details.contains("example:") { text += "\n  example:" + guide.example.map { "\n    " + $0 }.joined() }
    }
    if Concepts.text(for: name) != nil, !name.hasPrefix(":") {
      text += "\n  more on the idea: 'help concepts'"
    }
    return text + details.map { "\n  " + $0 }.joined()
  }

  /// The literal words any form accepts, for completion.
  public var keywords: [String] {
    var seen = Set<String>()
    return forms.flatMap { $0.flatMap(\.keywords) }.filter { seen.insert($0).inserted }
  }
}
