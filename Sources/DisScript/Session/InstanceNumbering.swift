import DIScope

/// The instances of a script's classes a session numbered: those it holds (`release #N` lets one
/// go) and every one it numbered, held weakly (whether a released one is gone).
///
/// The numbering family's state as a value: the intake writes it (``see(_:)``, from each step
/// taken in), the commands read it and release; replaced with the family on `reset`. Unit tested
/// without a session (`InstanceNumberingTests`).
///
/// ```swift
/// var numbering = InstanceNumbering()
/// numbering.see(step)            // the intake: a created instance takes its creation number
/// numbering.instances[3]         // `resolve`, `call #3.details`: held by the session
/// numbering.release(3)           // `release #3`
/// numbering.seen[3]?.instance    // still alive, or gone
/// ```
struct InstanceNumbering {
  /// The instances the session holds, by creation number.
  private(set) var instances: [Int: PlaygroundInstance] = [:]
  /// Every numbered instance, held weakly.
  private(set) var seen: [Int: WeakInstance] = [:]

  /// Takes in one resolution step: numbers a newly built instance with the container's creation
  /// number and holds it; a root resolve hands its instance to the session (again, if it was
  /// released); recording mocks note who they were handed to and how they were resolved. Steps
  /// of anything but a script's class change nothing.
  mutating func see(_ step: ResolutionStep) {
    guard let instance = step.instance?.value as? PlaygroundInstance else { return }
    if step.outcome == .created, let number = step.instanceNumber, number > 0, instance.number == nil {
      instance.number = number
      instances[number] = instance
      seen[number] = WeakInstance(instance: instance)
      for (name, value) in instance.parameters + instance.properties {
        if case .instance(let held) = value, held.mockedService != nil {
          held.record("handed to \(instance.label).\(name)")
        }
      }
    }
    if step.depth == 0, let number = instance.number, instances[number] == nil {
      // While the session holds it again, a weak registration keeps answering with it.
      instances[number] = instance
    }
    if step.depth == 0, instance.mockedService != nil {
      instance.record("resolved as '\(step.key)' (\(step.outcome))")
    }
  }

  /// `release #N`: the session lets go of instance `number` (it may live on, held elsewhere).
  mutating func release(_ number: Int) { instances[number] = nil }
}
