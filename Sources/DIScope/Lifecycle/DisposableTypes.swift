/// Which types of instance have something for a shutdown to call (``Disposable`` or
/// ``AsyncDisposable``), as one thread has learnt them: a shutdown asks of each instance it
/// takes, and the runtime's answer to "does this type conform?" costs thousands of instructions
/// (a request's child, shut down per request, asked it of every value it held).
///
/// Remembered per class only: a class instance's conformance is its dynamic type's, fixed for the
/// life of the process. Any other value (an `Optional`, whose cast looks inside it) is asked each
/// time.
struct DisposableTypes {
  private var known: [ObjectIdentifier: Bool] = [:]

  /// Whether `value` is ``Disposable`` or ``AsyncDisposable``.
  mutating func hasDispose(_ value: Any) -> Bool {
    let type = Swift.type(of: value)
    guard type is AnyClass else { return Self.conforms(value) }
    if let answer = known[ObjectIdentifier(type)] { return answer }
    let answer = Self.conforms(value)
    known[ObjectIdentifier(type)] = answer
    return answer
  }

  private static func conforms(_ value: Any) -> Bool {
    value is any Disposable || value is any AsyncDisposable
  }
}
