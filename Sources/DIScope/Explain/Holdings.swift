/// What one cached instance was built with: the direct dependencies in its creation tree, each
/// with the registration that answered it. Recorded only while the family is observed (see
/// `Container.tracksHolders`), from the resolution steps the engine reports anyway, and dropped
/// with the cached instance: the container never reads an instance's fields to learn this.
///
/// Immutable once made; kept in the registration's state, under the family lock.
final class Holdings {
  /// The creation number of the cached instance these belong to: a rebuilt instance has others.
  let instanceNumber: Int
  /// The cached instance's dynamic type, named only when shown.
  let instanceType: Any.Type
  /// The direct dependencies, in the order they were resolved.
  let dependencies: [HeldDependency]
  /// The key of the root resolve that built the instance (its own key when resolved directly).
  let rootKey: ServiceKey

  init(instanceNumber: Int, instanceType: Any.Type, dependencies: [HeldDependency], rootKey: ServiceKey) {
    self.instanceNumber = instanceNumber
    self.instanceType = instanceType
    self.dependencies = dependencies
    self.rootKey = rootKey
  }
}

/// One dependency a cached instance was handed when it was built.
///
/// Holder tracking keeps nothing alive: the registration that answered is held weakly (a mock's
/// registration holds its instance, a factory its captures), and what a report needs of it once
/// it is gone (removed, and let go of by the app) is kept as plain values.
struct HeldDependency {
  /// The registration that answered, while it exists (removed, it may still: it says what the
  /// holder holds, and whether that is stale).
  weak var registration: Registration?
  /// Its token, key and mark, for when it is gone.
  let token: RegistrationToken
  let key: ServiceKey
  let isMock: Bool
  /// The implementation's name when the registration gave one (a script's class, `mock S = M`).
  let explicitImplementationName: String?
  /// The dependency's creation number.
  let number: Int?
  /// The scope it was produced under (`.prototype` when its caching was off).
  let scope: Scope
  /// Its dynamic type, named only when shown.
  let instanceType: Any.Type

  init(registration: Registration, number: Int?, scope: Scope, instanceType: Any.Type) {
    self.registration = registration
    token = registration.token
    key = registration.key
    isMock = registration.isMock
    explicitImplementationName = registration.explicitImplementationName
    self.number = number
    self.scope = scope
    self.instanceType = instanceType
  }

  /// Whether `registration` is the one that answered.
  func isAnswered(by registration: Registration) -> Bool { self.registration === registration }
}

/// The dependencies gathered on one thread for the shared instances it is building, by depth in
/// the resolution: a finished step at depth `d` is a direct dependency of whatever finishes next
/// at `d - 1`. Steps are gathered only while a singleton, eager or weak instance is being built on
/// the thread (`sharedBuilds > 0`): a resolve that builds only prototypes over cached singletons,
/// the common observed case, appends nothing.
struct HeldFrames {
  private var frames: [[HeldDependency]] = []
  /// Shared (singleton, eager, weak) builds under way on this thread while observed.
  var sharedBuilds = 0

  /// Forgets whatever was gathered deeper than `depth`: a shared build starting at `depth` then
  /// collects only its own dependencies, never those of a sibling whose build failed.
  mutating func startCollecting(at depth: Int) {
    sharedBuilds += 1
    var index = depth + 1
    while index < frames.count {
      if !frames[index].isEmpty { frames[index].removeAll(keepingCapacity: true) }
      index += 1
    }
  }

  /// The dependencies gathered for the step finishing at `depth`, cleared from the frames;
  /// returned only when `keep` (the step built a shared instance), otherwise just cleared.
  @inline(__always)
  mutating func takeDependencies(ofStepAt depth: Int, keep: Bool) -> [HeldDependency] {
    let index = depth + 1
    guard index < frames.count, !frames[index].isEmpty else { return [] }
    guard keep else {
      frames[index].removeAll(keepingCapacity: true)
      return []
    }
    defer { frames[index] = [] }
    return frames[index]
  }

  /// Forgets whatever was gathered for the step finishing at `depth` (nothing, unless a shared
  /// build below it failed): one comparison in the usual case.
  @inline(__always)
  mutating func dropDependencies(ofStepAt depth: Int) {
    let index = depth + 1
    if index < frames.count && !frames[index].isEmpty { frames[index].removeAll(keepingCapacity: true) }
  }

  /// Ends one shared build (successful or not); once the outermost ends, whatever is still
  /// gathered belongs to no build (a failed build's dependencies: its step never took them) and
  /// is let go of, so that the thread keeps no instance's registration, a mock's with its
  /// instance, past the resolve that gathered it.
  mutating func endSharedBuild() {
    sharedBuilds -= 1
    guard sharedBuilds == 0 else { return }
    for index in frames.indices where !frames[index].isEmpty {
      frames[index].removeAll(keepingCapacity: true)
    }
  }

  /// Records a finished step at `depth` as a dependency of the step that finishes next above it.
  mutating func add(_ dependency: HeldDependency, at depth: Int) {
    while frames.count <= depth { frames.append([]) }
    frames[depth].append(dependency)
  }
}
