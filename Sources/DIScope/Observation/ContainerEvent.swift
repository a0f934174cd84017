/// What observers of a container see: every change to its registrations and every step of every
/// resolution that starts in it.
///
/// ```swift
/// let observation = container.observe { event in print(event) }
/// _ = try container.resolve(WebService.self)   // prints each step
/// observation.cancel()
/// ```
///
/// Every case but `resolved` is `indirect`: changes are rare and their payloads large, while a
/// busy app emits resolution steps by the thousand. Kept out of line, they leave an event the size
/// of a step, made without an allocation.
public enum ContainerEvent: Sendable, CustomStringConvertible {
  /// A registration was pushed.
  indirect case registered(RegistrationInfo)
  /// A registration was removed; `uncovering` is the one that answers now, if any.
  indirect case removed(RegistrationInfo, uncovering: RegistrationInfo?)
  /// A registration's scope changed (what it had cached was dropped).
  indirect case scopeChanged(RegistrationInfo, from: Scope)
  /// A registration's caching was switched (what it had cached was dropped).
  indirect case cachingChanged(RegistrationInfo)
  /// A mock was pushed over `shadowing` (nil when nothing was registered).
  indirect case mockPushed(RegistrationInfo, shadowing: RegistrationInfo?)
  /// A mock was removed, uncovering the registration below it (if any).
  indirect case mockPopped(RegistrationInfo, uncovering: RegistrationInfo?)
  /// One step of a resolution finished: steps arrive innermost first (dependencies before the
  /// service that needed them), the root step (depth 0) last.
  case resolved(ResolutionStep)
  /// A root resolve failed.
  indirect case resolutionFailed(ResolutionError, container: String)
  /// An eager registration could not be built when it was registered or installed; the error
  /// will be thrown again by its first resolve.
  indirect case eagerBuildFailed(RegistrationInfo, ResolutionError)
  /// The container shut down and disposed an instance it built (or failed to).
  indirect case disposed(Disposal)

  public var description: String {
    switch self {
    case .registered(let info): "registered \(info)"
    case .removed(let info, _): "removed \(info.token) \(info.key)"
    case .scopeChanged(let info, let old): "scope of \(info.token) \(old) -> \(info.scope)"
    case .cachingChanged(let info): "caching of \(info.token) \(info.isCaching ? "on" : "off")"
    case .mockPushed(let info, let under):
      "mock \(info.token) over \(info.key)" + (under.map { " (shadows \($0.token))" } ?? "")
    case .mockPopped(let info, let under):
      "unmock \(info.token) \(info.key)" + (under.map { " (uncovers \($0.token))" } ?? "")
    case .resolved(let step): step.description
    case .resolutionFailed(let error, _): error.description
    case .eagerBuildFailed(let info, let error): "eager \(info.token) failed: \(error.message)"
    case .disposed(let disposal): disposal.description
    }
  }
}

extension ContainerEvent {
  /// The step of a `resolved` event without its instance, and the instance's dynamic type: for a
  /// queue that keeps steps on the resolving thread's behalf (the debug server's outbox). Read in
  /// place: the step is copied once, without its instance, where a copy out of the event and then
  /// `withoutInstance()` would count every reference three times.
  package func stepWithoutInstance() -> (step: ResolutionStep, instanceType: Any.Type?)? {
    guard case .resolved(let step) = self else { return nil }
    return (step.withoutInstance(), step.instance.map { type(of: $0.value) })
  }
}

/// One step of a resolution: which key was asked, which registration answered, and what came back.
///
/// Cheap to make and to keep, so that tracing a busy app costs little: it holds the registration
/// that answered, and builds the details observers may print (``registration``,
/// ``instanceTypeName``, ``description``) only when they are asked for.
public struct ResolutionStep: Sendable, CustomStringConvertible {
  /// Whether the instance was built now, came from a cache, or was not registered (optional).
  /// Codable as its name (`"created"`), for a debugger's records.
  public enum Outcome: String, Sendable, Hashable, Codable {
    /// The factory ran: the instance is new.
    case created
    /// The instance came from a cache (a singleton's, a graph's, a weak one still alive, a value).
    case cached
    /// Nothing was registered, and the resolve was optional: it returned `nil`.
    case absent
  }

  /// The container the resolution started in.
  public let container: String
  /// The key asked for.
  public var key: ServiceKey {
    switch subject {
    case .answered(let registration): registration.key
    case .absent(let key): key
    case .described(let description): description.key
    }
  }
  /// What answered, or the key nothing answered: one reference to copy and release with every
  /// step, where a registration and a key beside it would be two.
  private let subject: Subject

  private enum Subject {
    case answered(Registration)
    case absent(ServiceKey)
    /// What answered, as it was when `described()` was asked: a step kept for later (a trace
    /// recorder's trees) holds no registration, which would keep its cached instance alive.
    case described(Description)
  }

  /// A step's details, fixed: one reference, as the other subjects are.
  private final class Description: Sendable {
    let key: ServiceKey
    let registration: RegistrationInfo?
    let instanceTypeName: String?
    init(key: ServiceKey, registration: RegistrationInfo?, instanceTypeName: String?) {
      self.key = key
      self.registration = registration
      self.instanceTypeName = instanceTypeName
    }
  }

  /// The registration that answered; `nil` when absent.
  var answering: Registration? {
    if case .answered(let registration) = subject { return registration }
    return nil
  }
  /// The name of the container that owns the registration, when not `container`.
  let answeringContainer: String?
  /// Its position in its stack when it answered, 0 being the top.
  var stackDepth: Int? { storedStackDepth < 0 ? nil : storedStackDepth }
  /// 0 for the root resolve, 1 for its dependencies, and so on.
  public let depth: Int
  /// The instance's creation number in its container family: `WebService#3`.
  public var instanceNumber: Int? { storedInstanceNumber == Int.min ? nil : storedInstanceNumber }
  /// The instance itself, for tools that show it.
  public let instance: ObservedInstance?
  /// The number of the container the resolution started in (``container`` is its name): a
  /// request's child is `request#12`, another request's `request#13`.
  public let containerNumber: UInt64
  /// Who resolved: a thread, or an `await` resolution (whose steps may finish on several threads).
  public var resolver: Resolver {
    storedResolver & 1 == 0 ? .thread(storedResolver >> 1) : .task(storedResolver >> 1)
  }

  // Stored whole words, not optionals: every observed step is made, copied into its event and
  // destroyed, and an `Int?` is nine bytes the copies move piecemeal (a step's origin, two more
  // such fields, cost a tenth of an observed step). `-1`, `Int.min`: none.
  private let storedStackDepth: Int
  private let storedInstanceNumber: Int
  /// The resolver, its number shifted left, the low bit set for a task.
  private let storedResolver: Int
  // The bytes last, after the instance's nine: they fill its word's padding.
  /// The build's start and nanoseconds, whole and own (`UInt64.max`: untimed): three words,
  /// not an optional, for the reason above.
  private let storedBuildStart: UInt64
  private let storedBuildNanoseconds: UInt64
  private let storedOwnNanoseconds: UInt64
  /// Whether the instance was built, cached or absent.
  public let outcome: Outcome
  /// The scope the instance was produced under (`.prototype` when caching is off).
  public let scope: Scope?

  /// How long the factory took, whole and its own part: on a `created` step, while an observer
  /// asked for times (``Container/observe(timingBuilds:_:)``); `nil` otherwise.
  public var buildTime: BuildTime? {
    storedBuildNanoseconds == UInt64.max
      ? nil
      : BuildTime(
        startNanoseconds: storedBuildStart, nanoseconds: storedBuildNanoseconds, ownNanoseconds: storedOwnNanoseconds)
  }

  /// Whether the step was resolved with `await` (``Container/resolveAsync(_:name:)``).
  public var isAsync: Bool { if case .task = resolver { true } else { false } }

  /// Who resolved a step: every step of one root resolution has the same.
  public enum Resolver: Sendable, Hashable, CustomStringConvertible {
    /// A synchronous resolve, on the thread DIScope numbered so (in the order it first met them).
    case thread(Int)
    /// A resolve with `await`, numbered in the order they started.
    case task(Int)

    public var description: String {
      switch self {
      case .thread(let number): "thread \(number)"
      case .task(let number): "task \(number)"
      }
    }
  }

  /// The registration that answered, with its position in its stack when it answered; `nil` when
  /// absent. Built when asked: its scope, caching and cached instance are read then, so a trace
  /// shown later shows them as they are now (``scope`` is the one this step used).
  public var registration: RegistrationInfo? {
    if case .described(let description) = subject { return description.registration }
    return answering.map { $0.info(stackDepth: stackDepth, container: answeringContainer ?? container) }
  }

  /// The instance's type name (the registration's implementation name when it gave one), computed
  /// only when asked: observers that never print it never pay for it.
  public var instanceTypeName: String? {
    if case .described(let description) = subject { return description.instanceTypeName }
    return answering?.explicitImplementationName
      ?? instance.map { String(describing: type(of: $0.value)) }
  }

  /// This step as a description: what it would print now (its registration's details, its
  /// instance's type name, its number), holding neither the instance nor the registration. For
  /// whatever keeps steps after the resolve (a recorder's trees, a log): a kept registration keeps
  /// its cached instance, and its container's, alive; a kept instance changes what a weak
  /// registration answers next.
  ///
  /// ```swift
  /// container.observe { event in
  ///   if case .resolved(let step) = event { log.append(step.described()) }
  /// }
  /// ```
  public func described() -> ResolutionStep {
    if case .described = subject, instance == nil { return self }
    let description = Description(key: key, registration: registration, instanceTypeName: instanceTypeName)
    return ResolutionStep(
      container: container, subject: .described(description), answeringContainer: answeringContainer,
      stackDepth: stackDepth, outcome: outcome, scope: scope, depth: depth,
      instanceNumber: instanceNumber, instance: nil, containerNumber: containerNumber, resolver: resolver,
      buildTime: buildTime)
  }

  /// This step without its instance: for an observer that keeps steps after it returns (a queue
  /// drained later, a log), where a kept instance would stay alive, and so change what a weak
  /// registration answers next. Everything else, its number included, is kept.
  ///
  /// ```swift
  /// container.observe { event in
  ///   if case .resolved(let step) = event { queue.append(step.withoutInstance()) }
  /// }
  /// ```
  public func withoutInstance() -> ResolutionStep {
    ResolutionStep(
      container: container, subject: subject, answeringContainer: answeringContainer,
      stackDepth: stackDepth, outcome: outcome, scope: scope, depth: depth,
      instanceNumber: instanceNumber, instance: nil, containerNumber: containerNumber, resolver: resolver,
      buildTime: buildTime)
  }

  private init(
    container: String, subject: Subject, answeringContainer: String?, stackDepth: Int?,
    outcome: Outcome, scope: Scope?, depth: Int, instanceNumber: Int?, instance: ObservedInstance?,
    containerNumber: UInt64, resolver: Resolver, buildTime: BuildTime?
  ) {
    self.containerNumber = containerNumber
    storedBuildStart = buildTime?.startNanoseconds ?? 0
    storedBuildNanoseconds = buildTime?.nanoseconds ?? UInt64.max
    storedOwnNanoseconds = buildTime?.ownNanoseconds ?? 0
    switch resolver {
    case .thread(let number): storedResolver = number << 1
    case .task(let number): storedResolver = number << 1 | 1
    }
    self.container = container
    self.subject = subject
    self.answeringContainer = answeringContainer
    self.storedStackDepth = stackDepth ?? -1
    self.outcome = outcome
    self.scope = scope
    self.depth = depth
    self.storedInstanceNumber = instanceNumber ?? Int.min
    self.instance = instance
  }

  /// The step of a registration that answered.
  init(
    container: String, answering: Registration, answeringContainer: String?, stackDepth: Int?,
    outcome: Outcome, scope: Scope?, depth: Int, instanceNumber: Int?, instance: ObservedInstance?,
    containerNumber: UInt64, resolver: Resolver, buildTime: BuildTime? = nil
  ) {
    self.init(
      container: container, subject: .answered(answering), answeringContainer: answeringContainer,
      stackDepth: stackDepth, outcome: outcome, scope: scope, depth: depth,
      instanceNumber: instanceNumber, instance: instance, containerNumber: containerNumber,
      resolver: resolver, buildTime: buildTime)
  }

  /// The step of an optional resolve that nothing answered.
  init(container: String, absent key: ServiceKey, depth: Int, containerNumber: UInt64, resolver: Resolver) {
    self.init(
      container: container, subject: .absent(key), answeringContainer: nil, stackDepth: nil,
      outcome: .absent, scope: nil, depth: depth, instanceNumber: nil, instance: nil,
      containerNumber: containerNumber, resolver: resolver, buildTime: nil)
  }

  /// `ConsoleLogger#2 created t1 [singleton]`.
  public var description: String {
    let token: RegistrationToken
    switch subject {
    case .answered(let registration): token = registration.token
    case .described(let description) where description.registration != nil:
      token = description.registration!.token
    default: return "\(key) absent"
    }
    let number = instanceNumber.map { "#\($0)" } ?? ""
    return "\(instanceTypeName ?? key.serviceName)\(number) \(outcome) "
      + "\(token) [\(scope?.description ?? "")]"
  }
}

/// An instance handed to observers.
///
/// `@unchecked Sendable`: observers receive it synchronously on the resolving thread; the instance
/// is shared exactly as the container shares it with callers of `resolve`, under the same contract
/// the registration's scope implies.
public struct ObservedInstance: @unchecked Sendable {
  /// The instance itself when it is a class instance (the usual service), so that copying an
  /// event that carries it counts one reference; anything else boxed as `Any`, once.
  private let storage: AnyObject
  private let isBoxed: Bool

  /// The instance.
  public var value: Any {
    isBoxed ? unsafeDowncast(storage, to: Boxed.self).value : storage
  }

  private final class Boxed {
    let value: Any
    init(_ value: Any) { self.value = value }
  }

  /// A class instance, as the typed paths that know it is one hand it over.
  @usableFromInline
  init(object: AnyObject) {
    storage = object
    isBoxed = false
  }

  /// Any instance: a class instance is kept as it is, anything else boxed.
  @usableFromInline
  init(value: Any) {
    if type(of: value) is AnyClass {
      storage = value as AnyObject
      isBoxed = false
    } else {
      storage = Boxed(value)
      isBoxed = true
    }
  }
}

/// What a recorder writes of a step without building its descriptions (a registration's info, a
/// type's name, each made on every call): read in place, for `DIScopeRecording`.
extension ResolutionStep {
  /// The token of the registration that answered; `nil` when absent.
  package var answeringToken: RegistrationToken? {
    answering.map { $0.token } ?? registration?.token
  }
  /// The container that owns the registration, when not ``container``.
  package var answeringContainerName: String? { answeringContainer }
  /// The registration's position in its stack when it answered, 0 being the top.
  package var positionInStack: Int? { stackDepth }
  /// The implementation name the registration gave, if any (else the instance's type names it).
  package var explicitImplementationName: String? { answering?.explicitImplementationName }
  /// The instance's dynamic type, read without copying the instance out.
  package var instanceType: Any.Type? { instance.map { type(of: $0.value) } }
}
