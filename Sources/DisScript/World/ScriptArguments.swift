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

/// One runtime argument's value: text or a number, printed as written, or as the type of the
/// parameter it was given to says (a `String` parameter's `34` is the string `"34"`).
public struct ArgumentValue: Sendable, Hashable, CustomStringConvertible {
  /// The value's text, unquoted.
  public var text: String
  /// Whether it was written as a number.
  public var isNumber: Bool
  /// The declared type of the parameter it was handed to, once it was.
  public var declaredType: String?

  init(_ value: Value) {
    text = value.text
    if case .number = value { isNumber = true } else { isNumber = false }
  }

  /// This value as handed to a parameter declared `type`.
  func typed(_ type: String) -> ArgumentValue {
    var value = self
    value.declaredType = type
    return value
  }

  /// `3`, `true` or `"ann"`: numbers and Booleans bare when the parameter is one (or, untyped, when
  /// written as a number), anything else as a string.
  public var description: String {
    switch declaredType {
    case "Int", "Double", "Float", "Bool": text
    case nil: isNumber ? text : text.quoted
    default: text.quoted
    }
  }

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
