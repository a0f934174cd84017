import DIScope
import Synchronization

/// An object a script's declared class builds: its type's name, its creation number, and what it
/// holds in each initializer parameter and injected property.
///
/// Every declared service shares this one Swift type; the session tells them apart by name. The
/// creation number is the container's own (`ResolutionStep.instanceNumber`), set by the session
/// when it sees the instance's `created` step.
///
/// ```swift
/// let web = try session.instance(numbered: 2)
/// web?.typeName            // "WebService"
/// web?.slot(named: "logger")  // .instance(ConsoleLogger#1)
/// ```
///
/// `Sendable`, as every service the container may share is: a singleton's instance is handed to
/// every resolve, and a script replayed in an app (`discope attach`) runs beside the app's threads.
/// What changes after it is built (its number, a recording mock's record) is under its own lock.
public final class PlaygroundInstance: Sendable {
  /// The declared class's name, or `MockS` for an automatic recording mock.
  public let typeName: String
  /// What changes once it is built: its number, and what a recording mock saw.
  private let changing = Mutex(Changing())
  private struct Changing {
    var number: Int?
    var recorded: [String] = []
  }
  /// The container's creation number, once the session has seen it built.
  public internal(set) var number: Int? {
    get { changing.withLock { $0.number } }
    set { changing.withLock { $0.number = newValue } }
  }
  /// Initializer parameters, in declaration order.
  public let parameters: [(name: String, value: SlotValue)]
  /// Injected properties, in declaration order.
  public let properties: [(name: String, value: SlotValue)]
  /// For an automatic recording mock, the service it stands in for.
  public let mockedService: String?
  /// How many notes a recording mock keeps (the newest): `SessionLimits.maximumMockNotes`.
  let maximumNotes: Int
  /// What a recording mock has seen: who it was handed to, in order.
  public var recorded: [String] { changing.withLock { $0.recorded } }

  /// Notes what a recording mock saw, keeping the newest `limit` notes.
  func record(_ note: String) {
    let limit = maximumNotes
    changing.withLock { changing in
      changing.recorded.append(note)
      if changing.recorded.count > limit {
        changing.recorded.removeFirst(changing.recorded.count - limit)
      }
    }
  }

  init(
    typeName: String, parameters: [(name: String, value: SlotValue)] = [],
    properties: [(name: String, value: SlotValue)] = [], mockedService: String? = nil, maximumNotes: Int = 0
  ) {
    self.maximumNotes = maximumNotes
    self.typeName = typeName
    self.parameters = parameters
    self.properties = properties
    self.mockedService = mockedService
  }

  /// `WebService#2`, or `WebService` before it is numbered.
  public var label: String { typeName + (number.map { "#\($0)" } ?? "") }

  /// The parameter or property called `name`.
  public func slot(named name: String) -> SlotValue? {
    parameters.first { $0.name == name }?.value ?? properties.first { $0.name == name }?.value
  }

  /// Every slot name, parameters first.
  public var slotNames: [String] { parameters.map(\.name) + properties.map(\.name) }
}

/// A script's instances are disposable, so that `shutdown` shows the order a container disposes
/// what it built; a recording mock notes it.
extension PlaygroundInstance: Disposable {
  /// Notes the disposal on a recording mock; other instances have nothing to release.
  public func dispose() {
    if mockedService != nil { record("disposed") }
  }
}

/// What an instance holds in one parameter or property.
public enum SlotValue: Sendable {
  /// A dependency.
  case instance(PlaygroundInstance)
  /// An optional dependency that was not registered.
  case none
  /// A provider: `call #N.param` makes a new instance with it.
  case provider(ProviderHandle)
  /// A runtime argument's value.
  case argument(ArgumentValue)

  /// `ConsoleLogger#1`, `nil`, `Provider<SendCommand>`, `"ann"`.
  public var description: String {
    switch self {
    case .instance(let instance): instance.label
    case .none: "nil"
    case .provider(let handle): "Provider<" + ([handle.service] + handle.argumentTypes).joined(separator: ", ") + ">"
    case .argument(let value): value.description
    }
  }
}

/// A provider held by an instance: which service it makes, and the container it resolves from
/// (held weakly, as DIScope's own `Provider` holds its container).
public final class ProviderHandle: Sendable {
  /// The service the provider makes.
  public let service: String
  /// Whether that service's class takes runtime arguments.
  public let takesArguments: Bool
  /// The runtime arguments' types as the declaration spelt them (`Provider<UserDetails, String>`).
  public let argumentTypes: [String]
  weak let container: Container?

  init(service: String, takesArguments: Bool, argumentTypes: [String] = [], container: Container) {
    self.service = service
    self.takesArguments = takesArguments
    self.argumentTypes = argumentTypes
    self.container = container
  }
}
