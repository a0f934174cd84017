import Testing
import TerminalUI

@Suite struct LineEditorTests {
  func type(_ text: String, into editor: inout LineEditor) {
    for character in text { _ = editor.handle(.character(character)) }
  }

  @Test func insertsAtTheCursorAndMoves() {
    var editor = LineEditor()
    type("resolve", into: &editor)
    _ = editor.handle(.home)
    type("x ", into: &editor)
    #expect(editor.text == "x resolve" && editor.cursor == 2)
    _ = editor.handle(.end)
    _ = editor.handle(.left)
    _ = editor.handle(.backspace)
    #expect(editor.text == "x resole" && editor.cursor == 7)
    _ = editor.handle(.delete)
    #expect(editor.text == "x resol")
    _ = editor.handle(.control("a"))
    #expect(editor.cursor == 0)
    _ = editor.handle(.control("e"))
    #expect(editor.cursor == 7)
  }

  @Test func boundariesAreHarmless() {
    var editor = LineEditor()
    for key: Key in [.backspace, .delete, .left, .right, .control("w"), .control("k")] {
      #expect(editor.handle(key) == .edited)
    }
    #expect(editor.text == "" && editor.cursor == 0)
  }

  @Test func killsAndYank() {
    var editor = LineEditor(text: "mock Logger with Fake")
    _ = editor.handle(.control("w"))
    #expect(editor.text == "mock Logger with ")
    _ = editor.handle(.control("w"))
    #expect(editor.text == "mock Logger ")
    _ = editor.handle(.control("y"))
    #expect(editor.text == "mock Logger with ")
    for _ in 0..<5 { _ = editor.handle(.left) }
    _ = editor.handle(.control("k"))
    #expect(editor.text == "mock Logger " && editor.killBuffer == "with ")
    _ = editor.handle(.left)
    _ = editor.handle(.control("u"))
    #expect(editor.text == " " && editor.cursor == 0 && editor.killBuffer == "mock Logger")
  }

  @Test func wideCharactersAreOneStepEach() {
    var editor = LineEditor()
    type("日本e\u{301}", into: &editor)
    #expect(editor.cursor == 3)
    _ = editor.handle(.backspace)
    #expect(editor.text == "日本")
  }

  @Test func enterSubmitsAndRecordsHistory() {
    var editor = LineEditor()
    type("first", into: &editor)
    #expect(editor.handle(.enter) == .submitted("first"))
    type("second", into: &editor)
    #expect(editor.handle(.enter) == .submitted("second"))
    #expect(editor.isEmpty)
    type("dra", into: &editor)
    _ = editor.handle(.up)
    #expect(editor.text == "second")
    _ = editor.handle(.up)
    #expect(editor.text == "first")
    _ = editor.handle(.up)
    #expect(editor.text == "first")
    _ = editor.handle(.down)
    #expect(editor.text == "second")
    _ = editor.handle(.down)
    #expect(editor.text == "dra")
  }

  @Test func historySkipsBlanksAndRepeatsAndKeepsItsLimit() {
    var history = CommandHistory(limit: 2)
    for line in ["a", "a", " ", "b", "c"] { history.record(line) }
    #expect(history.entries == ["b", "c"])
    #expect(history.next() == nil)
  }

  @Test func ctrlDEndsOnlyAnEmptyLine() {
    var editor = LineEditor(text: "ab")
    _ = editor.handle(.home)
    #expect(editor.handle(.control("d")) == .edited)
    #expect(editor.text == "b")
    editor.clear()
    #expect(editor.handle(.control("d")) == .endOfInput)
  }

  @Test func unknownKeysAreLeftToTheCaller() {
    var editor = LineEditor()
    #expect(editor.handle(.escape) == .ignored)
    #expect(editor.handle(.function(2)) == .ignored)
  }

  /// Keys arrive a scalar at a time; what makes one character on screen is one to edit.
  @Test func aCombiningMarkTypedAfterItsBaseJoinsIt() {
    var editor = LineEditor()
    for scalar in "Ae\u{301}x".unicodeScalars { _ = editor.handle(.character(Character(scalar))) }
    #expect(editor.characters == ["A", "e\u{301}", "x"])
    _ = editor.handle(.left)
    _ = editor.handle(.backspace)
    #expect(editor.text == "Ax", "the accented letter goes whole")
    for scalar in "\u{1F44D}\u{1F3FD}".unicodeScalars { _ = editor.handle(.character(Character(scalar))) }
    #expect(editor.characters == ["A", "\u{1F44D}\u{1F3FD}", "x"], "an emoji with its skin tone is one")
  }
}
