import DisSyntax

/// The runtime arguments of one resolve (`resolve UserDetails with user=ann`), passed to the
/// registration's factory as its single argument.
public struct ScriptArguments: Sendable, Hashable {
  /// The values by parameter name.
  public var values: [String: ArgumentValue]

  /// Creates arguments.
  public init(_ values: [String: ArgumentValue] = [:]) { self.values = values }

  /// Arguments from their written form.
  init(_ arguments: [Argument]) {
    var values: [String: ArgumentValue] = [:]
    for argument in arguments { values[argument.name] = ArgumentValue(argument.value) }
    self.values = values
  }
}

/// One runtime argument's value: text or a number, printed as written.
public struct ArgumentValue: Sendable, Hashable, CustomStringConvertible {
  /// The value's text, unquoted.
  public var text: String
  /// Whether it was written as a number.
  public var isNumber: Bool

  init(_ value: Value) {
    text = value.text
    if case .number = value { isNumber = true } else { isNumber = false }
  }

  /// `3`, or `"ann"`.
  public var description: String { isNumber ? text : text.quoted }

  /// Whether the value fits a declared argument type (`Int` and `Double` want numbers, `Bool`
  /// wants `true` or `false`; other types take any value).
  func fits(_ type: String) -> Bool {
    switch type {
    case "Int": isNumber && Int(text) != nil
    case "Double", "Float": isNumber
    case "Bool": text == "true" || text == "false"
    default: true
    }
  }
}
