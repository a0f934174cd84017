import CNCurses
import Testing
@testable import TerminalUI

@Suite struct KeyDecodingTests {
  @Test(arguments: [
    (UInt32(97), Key.character("a")), (0x65E5, .character("日")), (0x1F44D, .character("👍")),
    (13, .enter), (10, .enter), (9, .tab), (27, .escape), (127, .backspace), (8, .backspace),
    (1, .control("a")), (3, .control("c")), (23, .control("w")), (26, .control("z")),
    (0, .unknown(0)), (32, .character(" ")),
  ])
  func characterCodes(code: UInt32, key: Key) {
    #expect(Key(wideCharacterStatus: OK, value: code) == key)
  }

  @Test(arguments: [
    (KEY_UP, Key.up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right),
    (KEY_PPAGE, .pageUp), (KEY_NPAGE, .pageDown), (KEY_HOME, .home), (KEY_END, .end),
    (KEY_BACKSPACE, .backspace), (KEY_DC, .delete), (KEY_BTAB, .backTab), (KEY_ENTER, .enter),
    (KEY_RESIZE, .resize), (discope_key_f(1), .function(1)), (discope_key_f(12), .function(12)),
  ])
  func functionKeys(code: Int32, key: Key) {
    #expect(Key(wideCharacterStatus: KEY_CODE_YES, value: UInt32(code)) == key)
  }

  @Test func errorMeansTimeout() {
    #expect(Key(wideCharacterStatus: ERR, value: 0) == .timeout)
  }

  @Test func namesReadAsHelpWritesThem() {
    #expect(Key.ctrl("C").description == "Ctrl-C")
    #expect(Key.backTab.description == "Shift-Tab")
    #expect(Key.function(5).description == "F5")
    #expect(Key.character(" ").description == "Space")
    #expect(Key.pageDown.description == "PgDn")
  }
}
