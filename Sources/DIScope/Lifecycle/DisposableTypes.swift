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
  /// The last class asked about, and its answer: a removal asks of every singleton it drops (a
  /// test swapping one factory over and over asks of one type), where a dictionary lookup each
  /// time would cost the register path a tenth of a swap.
  private var lastType: ObjectIdentifier?
  private var lastAnswer = false

  /// Whether `object` is ``Disposable`` or ``AsyncDisposable``: its class read from the object,
  /// the last one asked about answered without a lookup.
  mutating func hasDispose(object: AnyObject) -> Bool {
    let id = ObjectIdentifier(Swift.type(of: object))
    if id == lastType { return lastAnswer }
    let answer = known[id] ?? Self.conforms(object)
    known[id] = answer
    (lastType, lastAnswer) = (id, answer)
    return answer
  }

  /// Whether `value` is ``Disposable`` or ``AsyncDisposable``.
  mutating func hasDispose(_ value: Any) -> Bool {
    let type = Swift.type(of: value)
    guard type is AnyClass else { return Self.conforms(value) }
    let id = ObjectIdentifier(type)
    if id == lastType { return lastAnswer }
    let answer = known[id] ?? Self.conforms(value)
    known[id] = answer
    (lastType, lastAnswer) = (id, answer)
    return answer
  }

  private static func conforms(_ value: Any) -> Bool {
    value is any Disposable || value is any AsyncDisposable
  }
}
