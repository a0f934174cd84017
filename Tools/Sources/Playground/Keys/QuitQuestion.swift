import TerminalUI

/// A question asked before quitting, and the one rule every such question follows: the letters
/// it names answer it, Ctrl-C takes the safe way out at once, and any other key — Ctrl-D, Esc,
/// Enter, a letter it does not name — stays, as the question says.
///
/// Ctrl-D is no answer: it ends the input elsewhere, and a user who pressed it to leave and then
/// reads "any other key stays" must be able to trust that.
///
/// ```swift
/// QuitQuestion.recording.answer(.character("y"))        // .quit(keepingChanges: nil, isInterrupted: false)
/// QuitQuestion.recording.answer(.ctrl("d"))             // .stay
/// QuitQuestion.sessionChanges.answer(.character("k"))   // .quit(keepingChanges: true, isInterrupted: false)
/// ```
enum QuitQuestion: Sendable {
  /// Quitting while recording: `y` quits (the recording is kept).
  case recording
  /// Quitting an attached app the session changed: `u` undoes the changes, `k` keeps them.
  case sessionChanges

  /// What the key answered.
  enum Answer: Equatable, Sendable {
    /// Quit. `keepingChanges` says what becomes of the session's changes in an attached app
    /// (nil: there are none to decide); `isInterrupted` is Ctrl-C's exit status, 130.
    case quit(keepingChanges: Bool?, isInterrupted: Bool)
    /// Stay in the session.
    case stay
  }

  func answer(_ key: Key) -> Answer {
    switch (self, key) {
    case (.recording, .ctrl("c")): .quit(keepingChanges: nil, isInterrupted: true)
    case (.recording, .character("y")), (.recording, .character("Y")):
      .quit(keepingChanges: nil, isInterrupted: false)
    // Ctrl-C takes the safe way out: the app is left as it was before the session.
    case (.sessionChanges, .ctrl("c")): .quit(keepingChanges: false, isInterrupted: true)
    case (.sessionChanges, .character("u")), (.sessionChanges, .character("U")):
      .quit(keepingChanges: false, isInterrupted: false)
    case (.sessionChanges, .character("k")), (.sessionChanges, .character("K")):
      .quit(keepingChanges: true, isInterrupted: false)
    default: .stay
    }
  }
}
