/// An observer that renders each root resolution of a container as a tree.
///
/// ```swift
/// let recorder = TraceRecorder(container) { lines in print(lines.joined(separator: "\n")) }
/// _ = try container.resolve(ControlContext.self)   // prints the tree
/// ```
///
/// Setting `DISCOPE_TRACE=1` in the environment attaches one to every root container, printing to
/// standard error: the resolution order of a real app, without changing its code.
public final class TraceRecorder: Sendable {
  private let builder = Protected(ResolutionTreeBuilder())
  private let observation: Protected<Observation?> = Protected(nil)
  private let trees = Protected<[ResolutionTree]>([])

  /// Starts recording `container` (and its children); `onTree`, if given, receives each rendered
  /// root resolution as it finishes. Recording stops when the recorder is released.
  public init(
    _ container: Container, glyphs: ResolutionTree.Glyphs = .unicode,
    onTree: (@Sendable ([String]) -> Void)? = nil
  ) {
    let builder = self.builder, trees = self.trees
    let handle = container.observe { event in
      switch event {
      case .resolved(let step):
        guard let tree = builder.withLock({ $0.add(step) }) else { return }
        trees.withLock { $0.append(tree) }
        onTree?(tree.rendered(glyphs: glyphs))
      case .resolutionFailed(let error, _):
        let partial = builder.withLock { $0.abandon() }
        onTree?(
          partial.flatMap { $0.rendered(glyphs: glyphs) }
            + error.description.split(separator: "\n").map(String.init))
      default:
        break
      }
    }
    observation.withLock { $0 = handle }
  }

  /// The root resolutions recorded so far, oldest first.
  public var recorded: [ResolutionTree] { trees.withLock { $0 } }

  /// Forgets what was recorded.
  public func clear() { trees.withLock { $0.removeAll() } }

  /// Stops recording.
  public func stop() { observation.withLock { $0?.cancel() } }
}

extension Container {
  /// Whether `DISCOPE_TRACE=1` asks every root container to print its resolutions.
  static let isTracingFromEnvironment: Bool = {
    guard let value = getenv("DISCOPE_TRACE") else { return false }
    return String(cString: value) == "1"
  }()

  /// Attaches a tracer printing to standard error when the environment asks for it.
  func traceFromEnvironmentIfAsked() -> TraceRecorder? {
    guard Self.isTracingFromEnvironment else { return nil }
    let name = self.name
    return TraceRecorder(self) { lines in
      var text = lines.map { "[discope \(name)] \($0)" }.joined(separator: "\n") + "\n"
      text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
