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

  /// Creates options; every argument has a default.
  public init(glyphs: ResolutionTree.Glyphs = .unicode, limits: SessionLimits = SessionLimits()) {
    self.glyphs = glyphs
    self.limits = limits
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
  /// The parser's own bounds, for commands typed or read from a file.
  public var parser: ParserLimits

  /// Creates limits; every argument has a default.
  public init(
    maximumInstances: Int = 10_000, maximumContainers: Int = 64, maximumTraces: Int = 64,
    parser: ParserLimits = ParserLimits()
  ) {
    self.maximumInstances = maximumInstances
    self.maximumContainers = maximumContainers
    self.maximumTraces = maximumTraces
    self.parser = parser
  }
}
