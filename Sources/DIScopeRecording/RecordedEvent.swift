import DIScope

/// One record of a recording: when, by whom, and what happened.
public struct RecordedEntry: Sendable {
  /// Its sequence number: consecutive in a recording, 1 for the first event ever written (a
  /// ring that wrapped starts later).
  public let sequence: UInt64
  /// When, on ``MonotonicClock``, in nanoseconds (see ``Recording/startNanoseconds``).
  public let time: UInt64
  /// Who: the resolving thread or task of a step, the thread that made a change.
  public let resolver: ResolutionStep.Resolver?
  /// Where the record starts in the file.
  public let offset: Int
  /// Whether it is a registration that was there when recording started, written from the
  /// container's stacks rather than as it happened.
  public let isAtStart: Bool
  /// What happened.
  public let event: RecordedEvent
}

/// A recorded ``ContainerEvent``, its names as text.
public enum RecordedEvent: Sendable {
  /// A container was seen for the first time (the root, a child): its number and name.
  case container(number: UInt64, name: String)
  /// A registration was pushed.
  case registered(RecordedRegistration)
  /// A registration was removed; `uncovering` is the one that answered then, if any.
  case removed(RecordedRegistration, uncovering: RecordedRegistration?)
  /// A registration's scope changed.
  case scopeChanged(RecordedRegistration, from: Scope)
  /// A registration's caching was switched.
  case cachingChanged(RecordedRegistration)
  /// A mock was pushed over `shadowing`.
  case mockPushed(RecordedRegistration, shadowing: RecordedRegistration?)
  /// A mock was removed, uncovering the registration below it.
  case mockPopped(RecordedRegistration, uncovering: RecordedRegistration?)
  /// One step of a resolution finished (innermost first, the root step last).
  case resolved(RecordedStep)
  /// A root resolve failed, in the container named.
  case resolutionFailed(RecordedFailure, container: String)
  /// An eager registration could not be built.
  case eagerBuildFailed(RecordedRegistration, RecordedFailure)
  /// An instance was disposed.
  case disposed(RecordedDisposal)
  /// A record of a kind this reader does not know (a newer writer's), skipped whole.
  case unknown(kind: UInt8)
}

/// A registration as an event recorded it (``RegistrationInfo``'s fields).
public struct RecordedRegistration: Sendable, Hashable {
  /// The registration's token number (`t3` is 3).
  public let token: Int
  /// The service's name.
  public let service: String
  /// The registration's name, if it has one.
  public let name: String?
  /// The implementation's name.
  public let implementation: String
  /// The container that owns it.
  public let container: String
  /// The assembly group it was registered in, if any.
  public let group: String?
  /// The runtime argument types its factory takes, if any.
  public let argumentTypes: String?
  /// Where it was registered (`File.swift:12`).
  public let site: String?
  /// Its scope.
  public let scope: Scope
  /// Whether it caches what its scope shares.
  public let isCaching: Bool
  /// Whether it is a mock.
  public let isMock: Bool
  /// Its position in its stack, 0 the top.
  public let stackDepth: Int?
  /// The number of its cached instance, if it had one.
  public let cachedInstanceNumber: Int?
}

/// A recorded resolution step (``ResolutionStep``'s fields).
public struct RecordedStep: Sendable, Hashable {
  /// The number of the container the resolution started in.
  public let containerNumber: UInt64
  /// Its name.
  public let container: String
  /// The service asked for.
  public let service: String
  /// The name asked for, if any.
  public let name: String?
  /// The token number of the registration that answered; nil when absent.
  public let token: Int?
  /// The instance's type name (the registration's implementation name when it gave one).
  public let instanceType: String?
  /// The container owning the registration, when not `container`.
  public let answeringContainer: String?
  /// Built, cached or absent.
  public let outcome: ResolutionStep.Outcome
  /// The scope it was produced under.
  public let scope: Scope?
  /// 0 for a root resolve, 1 for its dependencies, and so on.
  public let depth: Int
  /// The registration's position in its stack, 0 the top.
  public let stackDepth: Int?
  /// The instance's creation number.
  public let instanceNumber: Int?
  /// The factory's time, on a created step.
  public let buildTime: BuildTime?
}

/// A recorded ``ResolutionError``.
public struct RecordedFailure: Sendable, Hashable {
  /// The error's kind (``ResolutionError/Kind``'s raw value: `notRegistered`, `cycle`, ...).
  public let kind: String
  /// The service that failed.
  public let service: String
  /// Its name, if any.
  public let name: String?
  /// The message.
  public let message: String
  /// The path (`A -> B -> C`).
  public let path: String
  /// The hint ("" for none).
  public let hint: String
}

/// A recorded ``Disposal``.
public struct RecordedDisposal: Sendable, Hashable {
  /// The registration that built the instance.
  public let registration: RecordedRegistration
  /// The instance's number.
  public let instanceNumber: Int
  /// The instance's type name.
  public let typeName: String
  /// Why it was disposed.
  public let cause: Disposal.Cause
  /// What its dispose threw, if anything.
  public let failure: String?
}
