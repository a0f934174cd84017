import CNCurses

/// How text is drawn: attributes and an optional colour role. Colour is dropped on terminals
/// without it (and with `NO_COLOR`), so pair it with words or an attribute.
///
/// ```swift
/// window.put("[mock]", row: 2, column: 20, style: TextStyle(isBold: true, color: .accent))
/// ```
public struct TextStyle: Hashable, Sendable {
  public var isBold: Bool
  public var isReverse: Bool
  public var isDim: Bool
  public var isUnderlined: Bool
  public var color: ColorRole?

  public init(
    isBold: Bool = false, isReverse: Bool = false, isDim: Bool = false,
    isUnderlined: Bool = false, color: ColorRole? = nil
  ) {
    self.isBold = isBold
    self.isReverse = isReverse
    self.isDim = isDim
    self.isUnderlined = isUnderlined
    self.color = color
  }

  public static let plain = TextStyle()
  public static let bold = TextStyle(isBold: true)
  public static let reverse = TextStyle(isReverse: true)
  public static let dim = TextStyle(isDim: true)

  /// This style with a colour role added.
  public func colored(_ role: ColorRole) -> TextStyle {
    var style = self
    style.color = role
    return style
  }

  var attributes: attr_t {
    var result = discope_a_normal()
    if isBold { result |= discope_a_bold() }
    if isReverse { result |= discope_a_reverse() }
    if isDim { result |= discope_a_dim() }
    if isUnderlined { result |= discope_a_underline() }
    return result
  }
}

/// A run of text in one style; a line is a list of spans.
public struct StyledSpan: Hashable, Sendable, ExpressibleByStringLiteral {
  public var text: String
  public var style: TextStyle

  public init(_ text: String, style: TextStyle = .plain) {
    self.text = text
    self.style = style
  }

  public init(stringLiteral text: String) {
    self.init(text)
  }
}
