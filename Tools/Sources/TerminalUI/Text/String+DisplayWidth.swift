import CNCurses
import Glibc

/// Widths are measured in a UTF-8 character-type locale of their own, so a process that never
/// called `setlocale` (a test, a pipe) measures the same as the full-screen playground.
private struct WidthLocale: @unchecked Sendable {
  // Safe: a `locale_t` from `newlocale` is never modified or freed after creation, and glibc lets
  // any thread install it with `uselocale`.
  let handle: locale_t?
  static let utf8 = WidthLocale(handle: newlocale(discope_lc_ctype_mask(), "C.UTF-8", nil))
}

enum DisplayWidth {
  /// The number of terminal columns one grapheme cluster occupies (0, 1 or 2).
  static func columns(of character: Character) -> Int {
    var scalars = character.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return 0 }
    var width = columns(of: first)
    while let next = scalars.next() {
      if next.value == 0xFE0F {  // VARIATION SELECTOR-16: emoji presentation is two columns.
        width = 2
      } else if width == 0 {
        width = columns(of: next)
      }
    }
    return width
  }

  static func columns(of scalar: Unicode.Scalar) -> Int {
    if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { return 0 }
    if scalar.isASCII { return 1 }
    let previous = uselocale(WidthLocale.utf8.handle)
    defer { uselocale(previous) }
    let width = discope_wcwidth(wchar_t(bitPattern: scalar.value))
    return width < 0 ? 1 : Int(width)
  }
}

extension String {
  /// The number of terminal columns this text occupies: CJK ideographs and emoji count two,
  /// combining marks and control characters count zero.
  ///
  /// ```swift
  /// "abc".displayWidth      // 3
  /// "日本".displayWidth      // 4
  /// "e\u{301}".displayWidth // 1
  /// ```
  public var displayWidth: Int {
    reduce(0) { $0 + DisplayWidth.columns(of: $1) }
  }

  /// The longest prefix of this text that fits in `width` columns, never cutting a grapheme
  /// cluster (a wide character that would straddle the edge is left out).
  ///
  /// When the text does not fit and `ellipsis` is not empty, the result ends with `ellipsis`
  /// and still fits in `width` columns.
  ///
  /// ```swift
  /// "Registrations".truncated(toWidth: 6)                 // "Regist"
  /// "Registrations".truncated(toWidth: 6, ellipsis: "…")  // "Regis…"
  /// "日本語".truncated(toWidth: 5)                          // "日本"
  /// ```
  public func truncated(toWidth width: Int, ellipsis: String = "") -> String {
    guard width > 0 else { return "" }
    if displayWidth <= width { return self }
    let ellipsisWidth = ellipsis.displayWidth
    let budget = ellipsisWidth <= width ? width - ellipsisWidth : width
    var result = ""
    var used = 0
    for character in self {
      let columns = DisplayWidth.columns(of: character)
      if used + columns > budget { break }
      result.append(character)
      used += columns
    }
    return ellipsisWidth <= width ? result + ellipsis : result
  }

  /// This text cut or padded with spaces to exactly `width` columns.
  ///
  /// ```swift
  /// "ab".padded(toWidth: 4)  // "ab  "
  /// ```
  public func padded(toWidth width: Int) -> String {
    let cut = truncated(toWidth: width)
    return cut + String(repeating: " ", count: max(0, width - cut.displayWidth))
  }

  /// This text with every control character and bidirectional control written as the `.dis`
  /// language escapes it (`\u{1B}`), so that nothing drawn drives the terminal or reorders the
  /// line, and what is drawn is what was measured.
  public var sanitizedForTerminal: String {
    var result = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      if scalar.properties.generalCategory == .control || Self.isBidiControl(scalar) {
        result.append(contentsOf: ("\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}").unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// The bidirectional formatting characters (marks, embeddings, overrides, isolates): drawn raw,
  /// U+202E would reorder what follows it.
  static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
