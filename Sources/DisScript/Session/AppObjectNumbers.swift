import DIScope

/// The app's Swift objects a session over an app's container saw built, by creation number and
/// held weakly: what `#N` names there. A debugger keeps none of the app's instances alive.
///
/// The app-objects family's state as a value: the intake writes it (``see(_:keepingAtMost:)``,
/// from each step taken in), the commands read it (``number(of:)``, ``object(numbered:)``);
/// replaced with the family on `reset`. Unit tested without a session (`AppObjectNumbersTests`).
///
/// ```swift
/// var objects = AppObjectNumbers()
/// objects.see(step, keepingAtMost: 10_000)   // the intake: a Swift object built, numbered
/// objects.number(of: logger)                 // 4, while it lives
/// ```
struct AppObjectNumbers {
  /// The creation numbers of the objects, by identity.
  private var numbers: [ObjectIdentifier: Int] = [:]
  /// The objects, by creation number, held weakly.
  private var objects: [Int: WeakObject] = [:]

  /// Takes in one resolution step: a Swift object built is numbered with its creation number, and
  /// so is a cached one the first time it is seen (built before the session watched, its creation
  /// was never seen, and `resolve` would print it with no `#N`). Past `limit` numbered objects,
  /// the gone ones are forgotten; all of them, if more than half of `limit` still live.
  mutating func see(_ step: ResolutionStep, keepingAtMost limit: Int) {
    guard let value = step.instance?.value, !(value is PlaygroundInstance), type(of: value) is AnyClass,
      step.outcome == .created || step.outcome == .cached, let number = step.instanceNumber
    else { return }
    let object = value as AnyObject
    if step.outcome == .cached, self.number(of: value) != nil { return }
    // Counted by number, not by identity: a gone object's address is soon another's, so the
    // identities stay few while the numbers grow with every object a busy app builds.
    if objects.count > limit { forgetGoneObjects(keepingAtMost: limit) }
    numbers[ObjectIdentifier(object)] = number
    objects[number] = WeakObject(object: object)
  }

  /// The creation number of a Swift object seen built, while it lives.
  func number(of value: Any) -> Int? {
    guard !(value is PlaygroundInstance), type(of: value) is AnyClass else { return nil }
    let object = value as AnyObject
    // Checked against the weak reference: a gone object's address may be another's now.
    guard let number = numbers[ObjectIdentifier(object)], objects[number]?.object === object else { return nil }
    return number
  }

  /// The object numbered `number`, alive now.
  func object(numbered number: Int) -> AnyObject? { objects[number]?.object }

  /// Whether an object numbered `number` was seen (alive or gone).
  func wasSeen(_ number: Int) -> Bool { objects[number] != nil }

  private mutating func forgetGoneObjects(keepingAtMost limit: Int) {
    objects = objects.filter { $0.value.object != nil }
    if objects.count > limit / 2 { objects.removeAll() }
    numbers = numbers.filter { objects[$0.value] != nil }
  }
}
