import Testing
import TerminalUI

@Suite struct LineViewportTests {
  @Test func shortLinesShowWhole() {
    let editor = LineEditor(text: "resolve")
    #expect(editor.viewport(width: 20) == LineViewport(text: "resolve", cursorColumn: 7))
  }

  @Test func longLinesScrollToKeepTheCursorVisible() {
    let editor = LineEditor(text: "abcdefghij")
    let view = editor.viewport(width: 5)
    #expect(view == LineViewport(text: "ghij", cursorColumn: 4))
  }

  @Test func cursorAtTheStartShowsTheStart() {
    var editor = LineEditor(text: "abcdefghij")
    _ = editor.handle(.home)
    #expect(editor.viewport(width: 5) == LineViewport(text: "abcde", cursorColumn: 0))
  }

  @Test func wideCharactersCountTwoColumns() {
    let editor = LineEditor(text: "日本語テキスト")
    let view = editor.viewport(width: 7)
    #expect(view.text == "キスト" && view.cursorColumn == 6)
    #expect(view.text.displayWidth + 1 <= 7)
  }
}
