import BenchmarkHarness
import DIScope

/// Whether tracing an app keeps what it traced: the heap in use after 20,000 requests served
/// through a request's child container (W8's app: the request's two values, a graph of four over
/// the app's database), traced as `DISCOPE_TRACE=1` traces (a `TraceRecorder` that hands each tree
/// on and keeps none) and by a recorder that keeps its newest trees (the default 1,000), against
/// the same requests untraced. Each run has an app of its own, made and warmed before it is
/// measured, and released after; the heap counts every live byte, where RSS moves in pages.
enum TracedRequestMemory {
  static let warmUpRequests = 1_000

  static func measure(requests: Int, sink: Sink) throws -> [MemoryRow] {
    let action = "\(Format.grouped(requests)) requests"
    let untraced = try heapInUse(after: requests, sink: sink) { _ in nil }
    let traced = try heapInUse(after: requests, sink: sink) { app in
      TraceRecorder(app, keepingAtMost: 0) { lines in precondition(!lines.isEmpty) }
    }
    let recorded = try heapInUse(after: requests, sink: sink) { app in TraceRecorder(app) }
    return [
      MemoryRow(label: untracedLabel, action: action, count: requests, bytes: untraced),
      MemoryRow(label: tracedLabel, action: action, count: requests, bytes: traced),
      MemoryRow(label: recordedLabel, action: action, count: requests, bytes: recorded),
    ]
  }

  static let untracedLabel = "DIScope, untraced"
  static let tracedLabel = "DIScope, traced as DISCOPE_TRACE=1 traces"
  static let recordedLabel = "DIScope, TraceRecorder keeping its newest 1,000 trees"

  /// The heap in use (every live byte of the process) after `requests` requests of a new app
  /// traced by what `trace` attaches, measured before the app and its tracer go.
  static func heapInUse(
    after requests: Int, sink: Sink, trace: (DIScope.Container) -> TraceRecorder?
  ) throws -> Int? {
    let app = RequestScope.app()
    let tracer = trace(app)
    for request in 0..<warmUpRequests { try serve(request, in: app, sink: sink) }
    for request in 0..<requests { try serve(request, in: app, sink: sink) }
    let bytes = HeapUsage.bytesInUse
    withExtendedLifetime(tracer) {}
    return bytes
  }

  /// One request: a child with the request's values, its handler resolved, the child shut down
  /// and released.
  static func serve(_ request: Int, in app: DIScope.Container, sink: Sink) throws {
    let child = app.makeChild(named: "request")
    child.register(RequestID.self, value: RequestID(request))
    child.register(User.self, value: User())
    sink.consume(try child.resolve(RequestHandler.self))
    try child.shutdownSynchronously()
  }
}
