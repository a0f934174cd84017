/// A built instance, boxed so caches can hold it untyped and hand it back read with the caller's
/// type.
///
/// `@unchecked Sendable`: the box is immutable; the instance inside is shared across threads
/// exactly as any DI container shares a singleton, which is the registration's contract.
///
/// Not generic on purpose: reading a generic `InstanceBox<Service>` from unspecialised code (a
/// resolve through a generic function, as tools and large apps do) costs a runtime metadata lookup
/// per read. A value that fits in a word (every class reference) lives in the box itself, so
/// boxing one is a single 32-byte allocation; a larger one lives in storage the box owns.
@usableFromInline
final class InstanceBox: @unchecked Sendable {
  /// The value's own bits when it fits in a word, else the address of its storage. A per-thread
  /// cache slot copies this word (see `FastPathCache.Slot`).
  @usableFromInline let word: UInt
  /// The value's type's metadata address, with the low bit set when the value is one strong
  /// class reference held in `word` (metadata is word-aligned, so the bit is free). Such a box, the
  /// usual one, is destroyed by one release instead of through the type's generic witnesses; the
  /// flag costs the box no extra word (32 bytes, not 48).
  private let typeBits: UInt

  /// The value's type.
  fileprivate var type: any Any.Type {
    unsafeBitCast(typeBits & ~1, to: Any.Type.self)
  }

  @usableFromInline
  init(word: UInt, type: any Any.Type, isObjectReference: Bool) {
    self.word = word
    self.typeBits = unsafeBitCast(type, to: UInt.self) | (isObjectReference ? 1 : 0)
  }

  /// Whether a `Service` lives in the word itself: when it fits, and can move bitwise.
  @inlinable @inline(__always)
  static func fitsInWord<Service>(_: Service.Type) -> Bool {
    #if canImport(ObjectiveC)
      // Objective-C weak references are registered by address and must not move bitwise: there,
      // only a class reference itself is kept in a word.
      return MemoryLayout<Service>.size <= MemoryLayout<UInt>.size && Service.self is AnyClass
    #else
      return MemoryLayout<Service>.size <= MemoryLayout<UInt>.size
    #endif
  }

  /// Boxes `value`.
  @inlinable
  static func make<Service>(_ value: Service) -> InstanceBox {
    if fitsInWord(Service.self) {
      var word: UInt = 0
      withUnsafeMutableBytes(of: &word) {
        _ = $0.baseAddress!.initializeMemory(as: Service.self, repeating: value, count: 1)
      }
      return InstanceBox(word: word, type: Service.self, isObjectReference: Service.self is AnyClass)
    }
    let storage = UnsafeMutableRawPointer.allocate(
      byteCount: MemoryLayout<Service>.size, alignment: MemoryLayout<Service>.alignment)
    storage.initializeMemory(as: Service.self, repeating: value, count: 1)
    return InstanceBox(word: UInt(bitPattern: storage), type: Service.self, isObjectReference: false)
  }

  /// Whether the box holds a `Service`.
  @usableFromInline
  func holds<Service>(_: Service.Type) -> Bool { type == Service.self }

  /// The value as an `Any`, for observers and untyped callers.
  var anyValue: Any {
    func open<Service>(_ type: Service.Type) -> Any { value(as: type) }
    return _openExistential(type, do: open)
  }

  /// The value, read as the type it was boxed with (the key's type guarantees it).
  @inlinable
  func value<Service>(as _: Service.Type) -> Service {
    if Self.fitsInWord(Service.self) {
      return withUnsafeBytes(of: word) {
        $0.baseAddress!.assumingMemoryBound(to: Service.self).pointee
      }
    }
    return UnsafeRawPointer(bitPattern: word)!.assumingMemoryBound(to: Service.self).pointee
  }

  deinit {
    if typeBits & 1 != 0 {
      Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: word)!).release()
      return
    }
    // The value's type is known here only as a metatype: open it to destroy the value as itself.
    let word = word
    func destroy<Service>(_ type: Service.Type) { Self.destroy(word, as: type) }
    _openExistential(type, do: destroy)
  }

  private static func destroy<Service>(_ word: UInt, as _: Service.Type) {
    if fitsInWord(Service.self) {
      var word = word
      withUnsafeMutableBytes(of: &word) {
        _ = $0.baseAddress!.assumingMemoryBound(to: Service.self).deinitialize(count: 1)
      }
    } else {
      let storage = UnsafeMutableRawPointer(bitPattern: word)!
      storage.assumingMemoryBound(to: Service.self).deinitialize(count: 1)
      storage.deallocate()
    }
  }
}

/// A weak reference, boxed.
final class WeakBox {
  weak var object: AnyObject?
  init(_ object: AnyObject) { self.object = object }
}
