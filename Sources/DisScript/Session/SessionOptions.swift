import DIScope
import DisSyntax

/// How a ``Session`` prints and what it allows.
///
/// ```swift
/// let session = Session(options: SessionOptions(glyphs: .ascii, limits: .init(maximumInstances: 500)))
/// ```
public struct SessionOptions: Sendable {
  /// The glyphs of resolution trees: Unicode box drawing (the default) or ASCII.
  public var glyphs: ResolutionTree.Glyphs
  /// What a session may hold.
  public var limits: SessionLimits
  /// How `validate` and `show graph` learn the dependency graph: by a dry run that calls every
  /// factory (the default), or without calling any.
  public var validation: Validation

  /// How `validate` and `show graph` learn the dependency graph.
  public enum Validation: Sendable, Hashable {
    /// The container's dry run (`Container.validate()`): every factory runs once, and what it
    /// built is let go of. For scripts, tests and the playground's own classes, whose factories
    /// are safe to run.
    case dryRun
    /// No factory runs (`Container.validateWithoutBuilding(from:)`): what was checked is what the
    /// container's real resolves showed since the session began, and each registration never
    /// seen built is listed as not checked. For a session in a running app's process (the debug
    /// server's), where a factory may act on the world or trap, and a debugging command must
    /// never end the app.
    case withoutRunningFactories
  }

  /// Creates options; every argument has a default.
  public init(
    glyphs: ResolutionTree.Glyphs = .unicode, limits: SessionLimits = SessionLimits(), validation: Validation = .dryRun
  ) {
    self.glyphs = glyphs
    self.limits = limits
    self.validation = validation
  }
}

/// Bounds a session enforces, each with a clear error when crossed, so no input can make it run
/// without end or grow without bound.
public struct SessionLimits: Sendable, Hashable {
  /// How many instances the session may hold (and build in one command). Default 10,000.
  public var maximumInstances: Int
  /// How many containers (`root` and its children) a session may have. Default 64.
  public var maximumContainers: Int
  /// How many resolution traces `show trace` keeps. Default 64.
  public var maximumTraces: Int
  /// How many steps of a resolve are kept to show what it built before it failed. Default 10,000.
  public var maximumFailureSteps: Int
  /// How many notes a recording mock keeps of what it was handed to (the newest). Default 1,000.
  public var maximumMockNotes: Int
  /// How many swaps `show mocks` keeps in its history (the newest). Default 1,000.
  public var maximumMockSwaps: Int
  /// Over an app's container: how many of the app's objects the session numbers (`#N`) at once,
  /// weakly; past it, those gone are forgotten, and if still too many, all. Default 10,000.
  public var maximumAppObjects: Int
  /// The parser's own bounds, for commands typed or read from a file.
  public var parser: ParserLimits

  /// Creates limits; every argument has a default.
  public init(
    maximumInstances: Int = 10_000, maximumContainers: Int = 64, maximumTraces: Int = 64,
    maximumFailureSteps: Int = 10_000, maximumMockNotes: Int = 1_000, maximumMockSwaps: Int = 1_000,
    maximumAppObjects: Int = 10_000, parser: ParserLimits = ParserLimits()
  ) {
    self.maximumInstances = maximumInstances
    self.maximumContainers = maximumContainers
    self.maximumTraces = maximumTraces
    self.maximumFailureSteps = maximumFailureSteps
    self.maximumMockNotes = maximumMockNotes
    self.maximumMockSwaps = maximumMockSwaps
    self.maximumAppObjects = maximumAppObjects
    self.parser = parser
  }
}
