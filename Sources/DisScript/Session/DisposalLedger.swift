import DIScope

/// What a session knows of its family's disposals: those no command has read yet (what
/// `shutdown` lists) and the number of every instance a container disposed (`expect #N disposed`).
///
/// The state of one command family as a value: the intake writes it (`note`), the commands read
/// it, and neither touches the other's fields; it is replaced with the family on `reset`. Unit
/// tested without a session (`DisposalLedgerTests`).
///
/// ```swift
/// var ledger = DisposalLedger()
/// ledger.note(disposal)           // the intake, as the event is taken in
/// ledger.takeUnread()             // `shutdown`: [disposal], then []
/// ledger.wasDisposed(disposal.instanceNumber)   // true, for good
/// ```
struct DisposalLedger {
  /// The disposals no command has read, oldest first.
  private var unread: [Disposal] = []
  /// Every disposed instance's creation number.
  private var disposedNumbers: Set<Int> = []

  /// Takes in one disposal.
  mutating func note(_ disposal: Disposal) {
    unread.append(disposal)
    disposedNumbers.insert(disposal.instanceNumber)
  }

  /// The disposals since the last look, oldest first, and forgets them.
  mutating func takeUnread() -> [Disposal] {
    defer { unread = [] }
    return unread
  }

  /// Forgets the unread disposals, not the numbers: between commands and where one starts, what
  /// was disposed is no command's own output (a busy app's requests dispose things every second),
  /// yet `expect #N disposed` still holds.
  mutating func forgetUnread() { unread = [] }

  /// How many disposals no command has read.
  var unreadCount: Int { unread.count }

  /// Whether a container of the family disposed instance `number`.
  func wasDisposed(_ number: Int) -> Bool { disposedNumbers.contains(number) }
}
