/// A child's values (`register(_:value:)`) kept as they are, not yet made registrations.
///
/// A request's child registers its request id and its user, resolves a graph over them, and goes.
/// Made registrations, each value would cost an object, a stack in the child's table and the table
/// itself, all built for nothing: the child's resolves read the values from its value slots
/// (`LocalServiceTypes`), never from its stacks. So a plain value pushed into a child, for a type
/// the child has no registration of, is kept here, in push order, until something reads the
/// child's stacks (a removal, another registration, an introspection, a general-path resolve of
/// the type, an observer): `Registry.stacks` then makes them registrations first, numbered and
/// cached as they would have been when pushed. Nothing else changes: tokens, order, errors and
/// reports are the same as had they been registrations all along.
///
/// At most `LocalServiceTypes.capacity` values (one per value slot); read and written only under
/// the family lock.
struct InlineValues {
  /// One value as pushed.
  struct Value {
    /// Its token's number.
    let number: Int
    /// The type it was registered as.
    let type: any Any.Type
    /// The value itself (a class instance) or its box: what its registration's factory will be.
    let object: AnyObject & Sendable
    /// Whether `object` is the instance itself rather than an `InstanceBox`.
    let isInstance: Bool
    /// Its instance number, taken as it was pushed.
    let instanceNumber: Int
    /// Where it was registered (see `PackedSite`).
    let site: PackedSite
  }

  // Four fixed places rather than an array: a child that registers two values allocates nothing
  // for them beyond the values themselves. A homogeneous tuple, so that a place is found by its
  // index rather than by a switch.
  private var places: (Value?, Value?, Value?, Value?) = (nil, nil, nil, nil)
  private(set) var count = 0

  /// How many places the tuple has, from its layout: `append` writes place `index` at
  /// `index * stride` into it, so it must hold `LocalServiceTypes.capacity` of them (one per value
  /// slot). Asserted where a value is written (in every debug build, so by every test that pushes
  /// a value into a child).
  static var placeCount: Int {
    MemoryLayout<(Value?, Value?, Value?, Value?)>.size / MemoryLayout<Value?>.stride
  }

  var isEmpty: Bool { count == 0 }
  var hasRoom: Bool { count < LocalServiceTypes.capacity }

  /// Adds `value` after the others; call only when `hasRoom`.
  mutating func append(_ value: consuming Value) {
    let index = count
    assert(Self.placeCount == LocalServiceTypes.capacity, "InlineValues has a place per value slot")
    precondition(index < Self.placeCount, "InlineValues.append past its last place")
    withUnsafeMutableBytes(of: &places) { bytes in
      // Initialised over the `nil` there (places past `count` are always `nil`, with nothing to
      // release): an assignment would call the generic destroy of the old value first.
      (bytes.baseAddress! + index * MemoryLayout<Value?>.stride).assumingMemoryBound(to: Value?.self)
        .initialize(to: value)
    }
    count += 1
  }

  /// Whether one of the values answers `key` (a bare key of its type).
  func answers(_ key: ServiceKey) -> Bool {
    guard count > 0, key.text == nil else { return false }
    let type = key.typeID
    // No array: a general-path lookup in a child asks this for every key it looks up.
    return Self.value(places.0, is: type) || Self.value(places.1, is: type)
      || Self.value(places.2, is: type) || Self.value(places.3, is: type)
  }

  private static func value(_ value: Value?, is type: ObjectIdentifier) -> Bool {
    guard let value else { return false }
    return ObjectIdentifier(value.type) == type
  }

  /// Hands every value over, oldest first, and keeps none.
  mutating func takeAll() -> [Value] {
    let all = [places.0, places.1, places.2, places.3].compactMap { $0 }
    self = InlineValues()
    return all
  }
}
