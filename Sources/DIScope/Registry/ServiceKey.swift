/// What a registration answers for: a service type, an optional name, and, for services that exist
/// only at run time (a playground's declared types), the service's own name.
///
/// Equality and hashing use the type's identity, never its printed name, so two types called
/// `Logger` in different modules are different keys.
///
/// ```swift
/// let key = ServiceKey(Logger.self, name: "file")
/// print(key)   // Logger named "file"
/// ```
public struct ServiceKey: Hashable, Sendable, CustomStringConvertible {
  /// The service type. Display names are computed from it only when asked for, so a key costs
  /// nothing to make or drop on the resolve path.
  @usableFromInline let type: any Any.Type
  /// The name and dynamic service, for the few keys that have either; `nil` for the rest.
  ///
  /// One optional reference rather than two optional strings: a key is copied into tokens,
  /// registrations, stacks and caches, and two strings cost two reference-count calls per copy and
  /// two per drop even when both are `nil` (a tenth of a mock swap went to them).
  @usableFromInline let text: Text?

  /// A key's strings, shared by its copies.
  @usableFromInline
  final class Text: Sendable {
    let name: String?
    let dynamicService: String?
    /// The name a thread's cache keeps the key's entry under (see `entryName`).
    let entryName: String?
    @usableFromInline init(name: String?, dynamicService: String?) {
      self.name = name
      self.dynamicService = dynamicService
      // Made once, with the key: a dynamic key is resolved by name over and over.
      self.entryName = dynamicService.map { "\u{0}\($0)\u{0}\(name ?? "")" } ?? name
    }
  }

  /// The registration's name, for several registrations of one type side by side.
  public var name: String? { text?.name }
  /// The service's name when it is not a Swift type of its own (see ``init(service:instanceType:name:)``).
  public var dynamicService: String? { text?.dynamicService }

  /// The key of a Swift type, optionally named.
  @inlinable
  public init<Service>(_ type: Service.Type, name: String? = nil) {
    self.type = type
    self.text = name.map { Text(name: $0, dynamicService: nil) }
  }

  /// The key of a service that exists only at run time, whose instances are of `instanceType`.
  ///
  /// Scripts use this to register services they declare: every service shares one Swift type, and
  /// the service's name tells them apart.
  public init<Instance>(service: String, instanceType: Instance.Type, name: String? = nil) {
    self.type = instanceType
    self.text = Text(name: name, dynamicService: service)
  }

  /// The key of a type known only as a value (`type(of: x)`, or a type a tool looked up).
  public init(type: any Any.Type, name: String? = nil) {
    self.type = type
    self.text = name.map { Text(name: $0, dynamicService: nil) }
  }

  @usableFromInline var typeID: ObjectIdentifier { ObjectIdentifier(type) }

  /// The name a thread's cache (`FastPathCache`) keeps this key's entries under, beside `typeID`:
  /// the name, or, for a dynamic service (which shares its Swift type with every other one), the
  /// service and the name together, in a form no Swift name takes (it starts with a NUL). So a
  /// script's resolve follows routes and keeps cached instances as a typed one does.
  var entryName: String? { text?.entryName }

  /// The service's display name: the short type name, or the dynamic service's name.
  public var serviceName: String { dynamicService ?? String(describing: type) }

  /// The module-qualified type name (`MyApp.Logger`), or the dynamic service's name.
  public var qualifiedServiceName: String { dynamicService ?? String(reflecting: type) }

  public static func == (lhs: ServiceKey, rhs: ServiceKey) -> Bool {
    guard lhs.type == rhs.type else { return false }
    if lhs.text === rhs.text { return true }
    return lhs.name == rhs.name && lhs.dynamicService == rhs.dynamicService
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type))
    // Most keys have neither: one word to hash instead of two optional strings' discriminators.
    // Equal keys take the same branch, so equal keys still hash alike.
    guard text != nil else { return }
    hasher.combine(name)
    hasher.combine(dynamicService)
  }

  /// What `Dictionary` and `Set` hash with. A key of a bare type is one metadata address, which no
  /// caller chooses, so SipHash's flooding resistance buys nothing there: it is mixed with the
  /// table's seed by two multiplications (a third of a registry lookup's cost was `Hasher`, paid
  /// on every registration, removal and slow-path resolve). Named and dynamic keys, whose strings
  /// a script or a user chooses, keep `Hasher`.
  public func _rawHashValue(seed: Int) -> Int {
    guard text == nil else {
      var hasher = Hasher()
      hasher.combine(seed)
      hash(into: &hasher)
      return hasher.finalize()
    }
    // splitmix64's finaliser over the address and the seed: every input bit reaches every output bit.
    var bits = UInt64(UInt(bitPattern: ObjectIdentifier(type))) ^ UInt64(UInt(bitPattern: seed))
    bits = (bits ^ (bits &>> 30)) &* 0xBF58_476D_1CE4_E5B9
    bits = (bits ^ (bits &>> 27)) &* 0x94D0_49BB_1331_11EB
    return Int(truncatingIfNeeded: bits ^ (bits &>> 31))
  }

  /// `Logger`, or `Logger named "file"`: the name quoted as a `.dis` script writes it (see
  /// ``quotedName(_:)``), so a name never drives the terminal it is printed on.
  public var description: String {
    guard let name else { return serviceName }
    return "\(serviceName) named \(Self.quotedName(name))"
  }

  /// `name` in double quotes with `\\`, `\"`, `\n` and `\t` escaped, and every other control
  /// character and every bidirectional control (U+202E would reorder the line) as `\u{…}`, the
  /// escapes of the `.dis` language.
  ///
  /// ```swift
  /// ServiceKey.quotedName("x\"y")   // "\"x\\\"y\""
  /// ```
  public static func quotedName(_ name: String) -> String {
    var result = "\""
    for scalar in name.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case _ where scalar.properties.generalCategory == .control || isBidiControl(scalar):
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// The bidirectional formatting characters: marks, embeddings, overrides and isolates.
  static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
