import DIScope

/// Turns a container's events into records and appends them to the ring: names go into the
/// string table once each (cached here by what the event carries, so that a busy app's steps
/// make no string), and a container is described by a `container` record the first time one of
/// its steps is seen.
///
/// Not thread-safe: the recorder encodes under its lock, one event at a time.
final class EventEncoder {
  private let ring: RingFile
  private var buffer = RecordBuffer()
  private var strings: [String: UInt32] = [:]
  private var keys: [ServiceKey: (service: UInt32, name: UInt32)] = [:]
  private var types: [ObjectIdentifier: UInt32] = [:]
  private var containers: [UInt64: UInt32] = [:]

  init(ring: RingFile) {
    self.ring = ring
  }

  var path: String { ring.path }

  func close() { ring.close() }

  /// Records `event`, which happened at `time` (monotonic nanoseconds) on the thread numbered
  /// `thread` (for an event that names no resolver of its own; a step and the container record
  /// it may bring name the step's).
  func record(_ event: borrowing ContainerEvent, time: UInt64, thread: Int) {
    switch event {
    case .resolved(let step):
      let (kind, number): (UInt8, Int) =
        switch step.resolver {
        case .thread(let number): (RecordingLayout.ResolverKind.thread, number)
        case .task(let number): (RecordingLayout.ResolverKind.task, number)
        }
      let container = containerName(step.containerNumber, step.container, time: time, resolver: (kind, number))
      buffer.start(.resolved, time: time, resolverKind: kind, resolverNumber: number)
      buffer.put(step.containerNumber)
      buffer.put(container)
      let key = ids(of: step.key)
      buffer.put(key.service)
      buffer.put(key.name)
      buffer.put(UInt64(step.answeringToken?.number ?? 0))
      buffer.put(
        step.explicitImplementationName.map(intern) ?? step.instanceType.map(typeName) ?? 0)
      buffer.put(step.answeringContainerName.map(intern) ?? 0)
      buffer.put(RecordedValues.code(of: step.outcome))
      buffer.put(step.scope.map(RecordedValues.code(of:)) ?? RecordedValues.none)
      buffer.put(UInt16(clamping: step.depth))
      buffer.put(Int32(clamping: step.positionInStack ?? -1))
      buffer.put(Int64(step.instanceNumber ?? Int(Int64.min)))
      let time = step.buildTime
      buffer.put(time?.startNanoseconds ?? 0)
      buffer.put(time?.nanoseconds ?? UInt64.max)
      buffer.put(time?.ownNanoseconds ?? 0)
    case .registered(let info):
      startChange(.registered, time: time, thread: thread)
      put(info)
    case .removed(let info, let uncovering):
      startChange(.removed, time: time, thread: thread)
      put(info)
      put(optional: uncovering)
    case .scopeChanged(let info, let old):
      startChange(.scopeChanged, time: time, thread: thread)
      put(info)
      buffer.put(RecordedValues.code(of: old))
    case .cachingChanged(let info):
      startChange(.cachingChanged, time: time, thread: thread)
      put(info)
    case .mockPushed(let info, let shadowing):
      startChange(.mockPushed, time: time, thread: thread)
      put(info)
      put(optional: shadowing)
    case .mockPopped(let info, let uncovering):
      startChange(.mockPopped, time: time, thread: thread)
      put(info)
      put(optional: uncovering)
    case .resolutionFailed(let error, let container):
      startChange(.resolutionFailed, time: time, thread: thread)
      buffer.put(intern(container))
      put(error)
    case .eagerBuildFailed(let info, let error):
      startChange(.eagerBuildFailed, time: time, thread: thread)
      put(info)
      put(error)
    case .disposed(let disposal):
      startChange(.disposed, time: time, thread: thread)
      put(disposal.registration)
      buffer.put(Int64(disposal.instanceNumber))
      buffer.put(intern(disposal.typeName))
      buffer.put(disposal.cause == .shutdown ? UInt8(0) : UInt8(1))
      buffer.put(disposal.failure == nil ? UInt8(0) : UInt8(1))
      if let failure = disposal.failure { buffer.putText(failure) }
    }
    buffer.finish(into: ring)
  }

  private func startChange(_ kind: RecordKind, time: UInt64, thread: Int, flags: UInt16 = 0) {
    buffer.start(
      kind, time: time, resolverKind: RecordingLayout.ResolverKind.thread, resolverNumber: thread, flags: flags)
  }

  /// Records the registrations there when recording started, oldest first, each a `registered`
  /// record flagged `atStart`.
  func recordRegistrationsAtStart(_ registrations: [RegistrationInfo], time: UInt64, thread: Int) {
    for info in registrations {
      startChange(.registered, time: time, thread: thread, flags: RecordingLayout.RecordFlags.atStart)
      put(info)
      buffer.finish(into: ring)
    }
  }

  /// The registration block: token, names, scope, flags, position and cached number.
  private func put(_ info: RegistrationInfo) {
    buffer.put(UInt64(info.token.number))
    let key = ids(of: info.key)
    buffer.put(key.service)
    buffer.put(key.name)
    buffer.put(intern(info.implementationName))
    buffer.put(intern(info.container))
    buffer.put(info.group.map(intern) ?? 0)
    buffer.put(info.argumentTypes.map(intern) ?? 0)
    buffer.put(info.location.map { intern($0.description) } ?? 0)
    buffer.put(RecordedValues.code(of: info.scope))
    buffer.put(UInt8((info.isCaching ? 1 : 0) | (info.isMock ? 2 : 0)))
    buffer.put(UInt16(clamping: info.stackDepth ?? Int(UInt16.max)))
    buffer.put(Int64(info.cachedInstanceNumber ?? Int(Int64.min)))
  }

  private func put(optional info: RegistrationInfo?) {
    buffer.put(info == nil ? UInt8(0) : UInt8(1))
    if let info { put(info) }
  }

  /// An error: its kind, key, message, path and hint.
  private func put(_ error: ResolutionError) {
    buffer.put(intern(error.kind.rawValue))
    let key = ids(of: error.key)
    buffer.put(key.service)
    buffer.put(key.name)
    buffer.putText(error.message)
    buffer.putText(error.pathDescription)
    buffer.putText(error.hint ?? "")
  }

  private func intern(_ text: String) -> UInt32 {
    if let id = strings[text] { return id }
    let id = ring.intern(text)
    if id != 0 { strings[text] = id }
    return id
  }

  private func ids(of key: ServiceKey) -> (service: UInt32, name: UInt32) {
    if let ids = keys[key] { return ids }
    let ids = (intern(key.serviceName), key.name.map(intern) ?? 0)
    keys[key] = ids
    return ids
  }

  private func typeName(_ type: Any.Type) -> UInt32 {
    let id = ObjectIdentifier(type)
    if let name = types[id] { return name }
    let name = intern(String(describing: type))
    types[id] = name
    return name
  }

  /// The name's id of the container numbered `number`; the first time, a `container` record
  /// says so (before the step that named it).
  private func containerName(
    _ number: UInt64, _ name: String, time: UInt64, resolver: (kind: UInt8, number: Int)
  ) -> UInt32 {
    if let id = containers[number] { return id }
    let id = intern(name)
    containers[number] = id
    buffer.start(.container, time: time, resolverKind: resolver.kind, resolverNumber: resolver.number)
    buffer.put(number)
    buffer.put(id)
    buffer.finish(into: ring)
    return id
  }
}

/// The codes of a record's small values, shared by the encoder and the reader.
enum RecordedValues {
  static let none: UInt8 = 0xFF
  static let scopes: [Scope] = [.prototype, .graph, .singleton, .eager, .weak]
  static let outcomes: [ResolutionStep.Outcome] = [.created, .cached, .absent]

  static func code(of scope: Scope) -> UInt8 {
    UInt8(scopes.firstIndex(of: scope)!)
  }

  static func code(of outcome: ResolutionStep.Outcome) -> UInt8 {
    UInt8(outcomes.firstIndex(of: outcome)!)
  }
}
