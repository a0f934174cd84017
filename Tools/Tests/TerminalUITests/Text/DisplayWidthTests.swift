import Testing
import TerminalUI

@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("", 0), ("abc", 3), ("日本語", 6), ("e\u{301}", 1), ("한국", 4), ("a\u{0}b", 2),
    ("┌─┐", 3), ("👍", 2), ("❤\u{FE0F}", 2), ("ｗｉｄｅ", 8), ("Ünïcödé", 7),
  ])
  func width(of text: String, is expected: Int) {
    #expect(text.displayWidth == expected, "\(text.debugDescription)")
  }

  @Test func truncationKeepsWholeCharactersAndFits() {
    #expect("Registrations".truncated(toWidth: 6) == "Regist")
    #expect("日本語".truncated(toWidth: 5) == "日本")
    #expect("日本語".truncated(toWidth: 1) == "")
    #expect("e\u{301}e\u{301}e\u{301}".truncated(toWidth: 2) == "e\u{301}e\u{301}")
    #expect("short".truncated(toWidth: 10) == "short")
    #expect("anything".truncated(toWidth: 0) == "")
  }

  @Test func truncationWithEllipsisEndsInIt() {
    #expect("Registrations".truncated(toWidth: 6, ellipsis: "…") == "Regis…")
    #expect("日本語です".truncated(toWidth: 6, ellipsis: "…") == "日本…")
    #expect("fits".truncated(toWidth: 4, ellipsis: "…") == "fits")
  }

  @Test(arguments: 0...12)
  func truncationNeverExceedsWidth(width: Int) {
    for text in ["日本語のテキスト", "mixed 日本 text", "e\u{301}a\u{308}o", "plain ascii text"] {
      #expect(text.truncated(toWidth: width).displayWidth <= width)
      #expect(text.truncated(toWidth: width, ellipsis: "…").displayWidth <= width)
    }
  }

  @Test func paddingReachesExactWidth() {
    #expect("ab".padded(toWidth: 4) == "ab  ")
    #expect("日本".padded(toWidth: 5) == "日本 ")
    #expect("日本語".padded(toWidth: 5) == "日本 ")
  }

  @Test func controlCharactersAreMadeVisible() {
    #expect("a\tb\u{1B}c\u{202E}d".sanitizedForTerminal == "a\\u{9}b\\u{1B}c\\u{202E}d")
  }
}
