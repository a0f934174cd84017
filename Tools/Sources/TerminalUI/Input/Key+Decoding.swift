import CNCurses

extension Key {
  /// Decodes one result of `wget_wch`: the status it returned and the value it stored.
  ///
  /// `status` is `OK` for a character, `KEY_CODE_YES` for a function key and `ERR` when no key
  /// arrived before the timeout (or a signal interrupted the wait).
  ///
  /// ```swift
  /// Key(wideCharacterStatus: KEY_CODE_YES, value: UInt32(KEY_UP))  // .up
  /// Key(wideCharacterStatus: OK, value: 0x65E5)                    // .character("日")
  /// ```
  public init(wideCharacterStatus status: Int32, value: UInt32) {
    if status == discope_key_code_yes() {
      self = Key(keyCode: Int32(bitPattern: value))
    } else if status == OK {
      self = Key(characterCode: value)
    } else {
      self = .timeout
    }
  }

  /// Decodes a character code (as `wget_wch` returns it with status `OK`).
  public init(characterCode code: UInt32) {
    switch code {
    case 9: self = .tab
    case 10, 13: self = .enter
    case 27: self = .escape
    case 8, 127: self = .backspace
    case 1...26:
      self = .control(Character(Unicode.Scalar(UInt8(code) + 0x60)))
    case 0, 28...31: self = .unknown(Int32(code))
    default:
      if let scalar = Unicode.Scalar(code) {
        self = .character(Character(scalar))
      } else {
        self = .unknown(Int32(bitPattern: code))
      }
    }
  }

  /// Decodes an ncurses key code (`KEY_UP`, `KEY_F(1)`, `KEY_RESIZE`, …).
  public init(keyCode code: Int32) {
    switch code {
    case KEY_UP: self = .up
    case KEY_DOWN: self = .down
    case KEY_LEFT: self = .left
    case KEY_RIGHT: self = .right
    case KEY_PPAGE: self = .pageUp
    case KEY_NPAGE: self = .pageDown
    case KEY_HOME, KEY_A1: self = .home
    case KEY_END, KEY_C1: self = .end
    case KEY_BACKSPACE: self = .backspace
    case KEY_DC: self = .delete
    case KEY_IC: self = .insert
    case KEY_ENTER: self = .enter
    case KEY_BTAB: self = .backTab
    case KEY_RESIZE: self = .resize
    case discope_key_f(1)...discope_key_f(63):
      self = .function(Int(code - discope_key_f(0)))
    default: self = .unknown(code)
    }
  }
}
