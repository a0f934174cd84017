/// Earlier command lines, walked with Up and Down. The line being typed is kept as a draft and
/// comes back when Down walks past the newest entry.
///
/// ```swift
/// var history = CommandHistory(entries: ["resolve Logger"])
/// history.previous(from: "res")  // "resolve Logger"
/// history.next()                 // "res" (the draft)
/// ```
public struct CommandHistory: Hashable, Sendable {
  public private(set) var entries: [String]
  /// The most entries kept; the oldest go first.
  public var limit: Int
  private var position: Int?
  private var draft = ""

  public init(entries: [String] = [], limit: Int = 500) {
    self.entries = Array(entries.suffix(limit))
    self.limit = limit
  }

  /// Records a submitted line: empty lines and repeats of the newest entry are not recorded.
  public mutating func record(_ line: String) {
    position = nil
    guard !line.allSatisfy(\.isWhitespace), entries.last != line else { return }
    entries.append(line)
    if entries.count > limit { entries.removeFirst(entries.count - limit) }
  }

  /// The entry before the current one, or nil at the oldest; `current` is kept as the draft
  /// when the walk starts.
  public mutating func previous(from current: String) -> String? {
    guard !entries.isEmpty else { return nil }
    switch position {
    case nil:
      draft = current
      position = entries.count - 1
    case let index? where index > 0:
      position = index - 1
    default:
      return nil
    }
    return entries[position!]
  }

  /// The entry after the current one; past the newest, the draft; nil when not walking.
  public mutating func next() -> String? {
    guard let index = position else { return nil }
    if index + 1 < entries.count {
      position = index + 1
      return entries[index + 1]
    }
    position = nil
    return draft
  }

  /// Whether Up/Down are walking the history.
  public var isBrowsing: Bool { position != nil }
}
