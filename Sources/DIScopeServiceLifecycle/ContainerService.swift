// Built with the package's ServiceLifecycle trait; without it this module is empty, and nothing of
// swift-service-lifecycle is resolved or built.
#if ServiceLifecycle
  import DIScope
  import ServiceLifecycle

  /// A container as a swift-service-lifecycle `Service`: it runs until its `ServiceGroup` shuts
  /// down gracefully (on SIGTERM or SIGINT, as the group is configured, or when another service
  /// ends), then shuts the container down, disposing what it built, newest first (see
  /// `Container.shutdown()`).
  ///
  /// A group shuts its services down in reverse order: list the container first, so that it goes
  /// last, after the services that use what it built (an HTTP server, a queue consumer).
  ///
  /// ```swift
  /// let group = ServiceGroup(
  ///   services: [ContainerService(container), httpServer],
  ///   gracefulShutdownSignals: [.sigterm], logger: logger)
  /// try await group.run()
  /// ```
  public struct ContainerService: Service {
    /// The container shut down when the group is.
    public let container: Container

    /// A service that shuts `container` down when its group shuts down.
    public init(_ container: Container) { self.container = container }

    /// Waits for the group's graceful shutdown (or the task's cancellation), then shuts the
    /// container down; a disposal failure is thrown, as a `DisposalError`, to the group.
    public func run() async throws {
      do {
        try await gracefulShutdown()
      } catch is CancellationError {
        // Cancelled rather than shut down gracefully: what the container built goes all the same.
      }
      try await container.shutdown()
    }
  }
#endif
