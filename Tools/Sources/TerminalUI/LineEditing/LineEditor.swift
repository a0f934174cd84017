/// The command line's text and cursor, with the editing commands of a shell. Pure Swift: the
/// screen draws it, tests drive it with keys.
///
/// ```swift
/// var editor = LineEditor()
/// editor.completer = { request in ["resolve", "register"].filter { $0.hasPrefix(request.word) } }
/// for key: Key in [.character("r"), .character("e"), .character("s"), .tab, .enter] {
///   if case .submitted(let line) = editor.handle(key) { print(line) }  // "resolve "
/// }
/// ```
public struct LineEditor: Sendable {
  /// The text, one element per grapheme cluster.
  public internal(set) var characters: [Character] = []
  /// The cursor, as an index into `characters` (0 … count).
  public internal(set) var cursor = 0
  public var history: CommandHistory
  /// Offers completions for the word before the cursor (Tab).
  public var completer: (@Sendable (CompletionRequest) -> [String])?
  /// What Ctrl-K, Ctrl-U and Ctrl-W cut last; Ctrl-Y puts it back.
  public private(set) var killBuffer = ""

  public init(text: String = "", history: CommandHistory = CommandHistory()) {
    self.history = history
    self.characters = Array(text)
    self.cursor = characters.count
  }

  public var text: String { String(characters) }
  public var isEmpty: Bool { characters.isEmpty }

  /// Replaces the whole text and puts the cursor at the end.
  public mutating func setText(_ text: String) {
    characters = Array(text)
    cursor = characters.count
  }

  public mutating func insert(_ text: String) {
    let new = Array(text)
    let start = cursor
    characters.insert(contentsOf: new, at: cursor)
    cursor += new.count
    joinCharacters(from: max(0, start - 1))
  }

  /// Keys arrive one scalar at a time: a combining accent, or the second half of an emoji
  /// sequence, typed after its base is a `Character` of its own until joined to it. Joins what
  /// from `start` up to the cursor makes one character (a grapheme cluster), so that Left and
  /// Backspace move over and delete what is seen as one character.
  private mutating func joinCharacters(from start: Int) {
    let typed = characters[start..<cursor]
    let joined = Array(String(typed))
    guard joined.count < typed.count else { return }
    characters.replaceSubrange(start..<cursor, with: joined)
    cursor = start + joined.count
  }

  public mutating func deleteBackward() {
    guard cursor > 0 else { return }
    cursor -= 1
    characters.remove(at: cursor)
  }

  public mutating func deleteForward() {
    guard cursor < characters.count else { return }
    characters.remove(at: cursor)
  }

  public mutating func moveLeft() { cursor = max(0, cursor - 1) }
  public mutating func moveRight() { cursor = min(characters.count, cursor + 1) }
  public mutating func moveToStart() { cursor = 0 }
  public mutating func moveToEnd() { cursor = characters.count }

  /// Moves to the start of the previous word (Alt-B style; used by Ctrl-Left if bound).
  public mutating func moveWordLeft() { cursor = startOfWord(before: cursor) }

  /// Ctrl-K: cuts from the cursor to the end.
  public mutating func killToEnd() {
    killBuffer = String(characters[cursor...])
    characters.removeSubrange(cursor...)
  }

  /// Ctrl-U: cuts from the start to the cursor.
  public mutating func killToStart() {
    killBuffer = String(characters[..<cursor])
    characters.removeSubrange(..<cursor)
    cursor = 0
  }

  /// Ctrl-W: cuts the word before the cursor (and the spaces after it).
  public mutating func killWordBackward() {
    let start = startOfWord(before: cursor)
    killBuffer = String(characters[start..<cursor])
    characters.removeSubrange(start..<cursor)
    cursor = start
  }

  /// Ctrl-Y: inserts what was cut last.
  public mutating func yank() { insert(killBuffer) }

  /// Empties the line (after Enter).
  public mutating func clear() {
    characters = []
    cursor = 0
  }

  func startOfWord(before index: Int) -> Int {
    var start = index
    while start > 0, characters[start - 1].isWhitespace { start -= 1 }
    while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
    return start
  }
}
