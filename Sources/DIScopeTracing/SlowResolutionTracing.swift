// Built with the package's Tracing trait; without it this module is empty, and nothing of
// swift-distributed-tracing is resolved or built.
#if Tracing
  import DIScope
  import DIScopeLocked
  import Synchronization
  import Tracing

  extension Container {
    /// Reports each root resolution of this container (and its children) whose build took at
    /// least `threshold` as a span of the current trace (`ServiceContext.current`, the request
    /// the resolve ran in), with a child span for each factory under it whose own time reached
    /// the threshold too: a slow factory shows up in Jaeger or Perfetto beside the request it
    /// delayed. Stops when the returned observation is cancelled or released.
    ///
    /// A span is named `resolve` and the service (`resolve WebService`), and carries
    /// `discope.service`, `discope.scope`, `discope.container`, `discope.token` and
    /// `discope.own_time_ns` (the factory's own time, without the builds under it). A resolution
    /// answered from a cache built nothing, and is not reported. While tracing, builds are timed
    /// (two clock reads each); the rest of the resolve path is the observed one.
    ///
    /// ```swift
    /// InstrumentationSystem.bootstrap(otelTracer)
    /// let tracing = container.traceSlowResolutions(atLeast: .milliseconds(5))
    /// // ... serve requests; slow resolutions appear in the app's traces ...
    /// tracing.cancel()
    /// ```
    public func traceSlowResolutions(atLeast threshold: Duration) -> Observation {
      traceSlowResolutions(atLeast: threshold, tracer: InstrumentationSystem.tracer)
    }

    /// ``traceSlowResolutions(atLeast:)`` through `tracer` rather than the bootstrapped one (a
    /// test's `InMemoryTracer`).
    public func traceSlowResolutions(atLeast threshold: Duration, tracer: some Tracer) -> Observation {
      let reporter = SlowResolutionReporter(threshold: threshold, tracer: tracer)
      return observe(timingBuilds: true) { event in
        guard case .resolved(let step) = event else { return }
        reporter.see(step)
      }
    }
  }

  /// Gathers, per resolver (a thread or a task: every step of one root resolution has the same),
  /// the slow dependency builds of the resolution under way, and reports them with its root.
  ///
  /// Its mutable state is behind `Locked` (and a count, atomic), taken only for a step that was
  /// slow, or for a root while some resolver has slow steps pending: a fast resolution costs one
  /// atomic load beyond the observer's.
  final class SlowResolutionReporter<SomeTracer: Tracer>: Sendable {
    let thresholdNanoseconds: UInt64
    let tracer: SomeTracer
    /// The slow builds below a root not yet seen, by resolver.
    private let pending = Locked<[ResolutionStep.Resolver: [ResolutionStep]]>([:])
    /// How many slow builds wait in `pending`: a root read with none takes no lock.
    private let pendingCount = Atomic<Int>(0)

    init(threshold: Duration, tracer: SomeTracer) {
      let (seconds, attoseconds) = threshold.components
      thresholdNanoseconds = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
      self.tracer = tracer
    }

    func see(_ step: ResolutionStep) {
      if step.depth > 0 {
        guard let time = step.buildTime, time.ownNanoseconds >= thresholdNanoseconds else { return }
        pending.withLock { $0[step.resolver, default: []].append(step) }
        pendingCount.add(1, ordering: .relaxed)
        return
      }
      let below: [ResolutionStep] =
        pendingCount.load(ordering: .relaxed) == 0
        ? []
        : pending.withLock { $0.removeValue(forKey: step.resolver) } ?? []
      if !below.isEmpty { pendingCount.subtract(below.count, ordering: .relaxed) }
      guard let time = step.buildTime, time.nanoseconds >= thresholdNanoseconds || !below.isEmpty else { return }
      report(root: step, time: time, below: below)
    }

    /// The root's span, in the current trace, and a child span for each slow build under it.
    private func report(root: ResolutionStep, time: BuildTime, below: [ResolutionStep]) {
      let clock = WallClock()
      let span = tracer.startSpan(
        "resolve \(root.key)", context: ServiceContext.current ?? .topLevel, ofKind: .internal,
        at: clock.instant(time.startNanoseconds), function: #function, file: #fileID, line: #line)
      describe(root, time: time, on: span)
      for step in below {
        guard let stepTime = step.buildTime else { continue }
        let child = tracer.startSpan(
          "build \(step.key)", context: span.context, ofKind: .internal,
          at: clock.instant(stepTime.startNanoseconds), function: #function, file: #fileID, line: #line)
        describe(step, time: stepTime, on: child)
        child.end(at: clock.instant(stepTime.startNanoseconds + stepTime.nanoseconds))
      }
      span.end(at: clock.instant(time.startNanoseconds + time.nanoseconds))
    }

    private func describe(_ step: ResolutionStep, time: BuildTime, on span: SomeTracer.Span) {
      span.attributes["discope.service"] = step.key.description
      if let scope = step.scope { span.attributes["discope.scope"] = scope.description }
      span.attributes["discope.container"] = step.container
      if let token = step.registration?.token { span.attributes["discope.token"] = token.description }
      span.attributes["discope.own_time_ns"] = Int64(clamping: time.ownNanoseconds)
    }
  }

  /// Build times are on the monotonic clock; a trace's are since the Unix epoch. One reading of
  /// both, taken as a span is reported, places a build on the wall clock.
  struct WallClock {
    let epochNow = DefaultTracerClock.now.nanosecondsSinceEpoch
    let monotonicNow = MonotonicClock.nanoseconds()

    func instant(_ monotonic: UInt64) -> DefaultTracerClock.Instant {
      let ago = monotonicNow >= monotonic ? monotonicNow - monotonic : 0
      return DefaultTracerClock.Instant(nanosecondsSinceEpoch: epochNow >= ago ? epochNow - ago : 0)
    }
  }
#endif
