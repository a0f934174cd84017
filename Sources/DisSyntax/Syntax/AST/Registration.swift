/// `register S [= Impl | instance Impl] [named N] [scope=...] [cache=on|off]`
///
/// ```swift
/// // register Logger = ConsoleLogger named console scope=weak
/// Registration(service: "Logger", implementation: .type("ConsoleLogger"),
///              name: "console", scope: .weak)
/// ```
public struct Registration: Sendable, Hashable {
  /// The service registered.
  public var service: String
  /// What answers for it; ``Implementation/inferred`` when nothing is written.
  public var implementation: Implementation
  /// `named N`, or `nil`.
  public var name: String?
  /// `scope=...`, or `nil` for the default (singleton).
  public var scope: Scope?
  /// `cache=on|off`, or `nil` when not written.
  public var isCacheEnabled: Bool?

  /// Creates a registration.
  public init(
    service: String, implementation: Implementation = .inferred, name: String? = nil,
    scope: Scope? = nil, isCacheEnabled: Bool? = nil
  ) {
    self.service = service
    self.implementation = implementation
    self.name = name
    self.scope = scope
    self.isCacheEnabled = isCacheEnabled
  }
}

/// What a registration makes.
public enum Implementation: Sendable, Hashable {
  /// Nothing written: the service itself, when it is a class.
  case inferred
  /// `= Impl`: built by the registration's scope rules.
  case type(String)
  /// `instance Impl`: one instance built now and registered.
  case instance(String)
}

/// How long a registration keeps what it makes.
public enum Scope: String, Sendable, Hashable, CaseIterable {
  case prototype, graph, singleton, eager, weak
}

/// A registration token as written: `t3`.
public struct RegistrationToken: Sendable, Hashable, CustomStringConvertible {
  /// The number after `t`.
  public var number: Int
  /// Creates a token.
  public init(_ number: Int) { self.number = number }
  /// `tN`
  public var description: String { "t\(number)" }
}

/// `resolve S [named N] [with k=v ...]` or `resolve? S ...`.
public struct Resolution: Sendable, Hashable {
  /// The service asked for.
  public var service: String
  /// `named N`, or `nil`.
  public var name: String?
  /// Runtime arguments after `with`.
  public var arguments: [Argument]
  /// `true` for `resolve?`: print `nil` instead of failing.
  public var isOptional: Bool

  /// Creates a resolution.
  public init(
    service: String, name: String? = nil, arguments: [Argument] = [], isOptional: Bool = false
  ) {
    self.service = service
    self.name = name
    self.arguments = arguments
    self.isOptional = isOptional
  }
}

/// `name=value`, a runtime argument.
public struct Argument: Sendable, Hashable {
  /// The argument's name.
  public var name: String
  /// Its value.
  public var value: Value
  /// Creates an argument.
  public init(name: String, value: Value) {
    self.name = name
    self.value = value
  }
}

/// A literal value: a bare word, a number (kept as written) or a quoted string.
public enum Value: Sendable, Hashable {
  case word(String)
  case number(String)
  case string(String)

  /// The value's text, unquoted.
  public var text: String {
    switch self {
    case .word(let text), .number(let text), .string(let text): text
    }
  }
}

/// `#N.param`: a parameter of a numbered instance.
public struct InstanceParameter: Sendable, Hashable, CustomStringConvertible {
  /// The instance number `N`.
  public var instance: Int
  /// The parameter (or property) name.
  public var parameter: String
  /// Creates a reference.
  public init(instance: Int, parameter: String) {
    self.instance = instance
    self.parameter = parameter
  }
  /// `#N.param`
  public var description: String { "#\(instance).\(parameter)" }
}

/// `assembly A { register ... }`: a named group of registrations.
public struct Assembly: Sendable, Hashable {
  /// One line-level element of the block.
  public enum Member: Sendable, Hashable {
    /// A `register` line, with its trailing comment (without `#`), and the line of the block it
    /// is written on, counted from 0 for the block's first line (`assembly A {`): what a
    /// registration it makes says of where it was made, the block's own line plus this.
    case registration(Registration, comment: String?, lineInBlock: Int = 0)
    /// A comment line inside the block (without `#`).
    case comment(String)
  }

  /// The assembly's name.
  public var name: String
  /// The block's contents, in order.
  public var members: [Member]

  /// Creates an assembly.
  public init(name: String, members: [Member] = []) {
    self.name = name
    self.members = members
  }

  /// The registrations alone, in order.
  public var registrations: [Registration] {
    members.compactMap { member in
      if case .registration(let registration, _, _) = member { registration } else { nil }
    }
  }

  /// The registrations with the line of the block each is written on (0 for the block's first).
  public var registrationLines: [(registration: Registration, lineInBlock: Int)] {
    members.compactMap { member in
      if case .registration(let registration, _, let line) = member { (registration, line) } else { nil }
    }
  }

  /// Whether each `register` line is on the line of the block its printed form (`description`,
  /// one member a line) puts it on: text printed from the block and parsed again gives its
  /// registrations the lines they were written on.
  public var isLaidOutAsPrinted: Bool {
    members.indices.allSatisfy { index in
      guard case .registration(_, _, let line) = members[index] else { return true }
      return line == index + 1
    }
  }

  /// The block without where its lines are: what stays the same when it is laid out again (on
  /// one line, or one member a line), and what a redeclaration compares.
  public var structure: Assembly {
    Assembly(name: name, members: members.map { member in
      guard case .registration(let registration, let comment, _) = member else { return member }
      return .registration(registration, comment: comment)
    })
  }
}
