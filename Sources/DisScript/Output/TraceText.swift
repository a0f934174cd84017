import DIScope

/// A resolution tree as text, with the container's own renderer (`ResolutionTree.rendered`).
///
/// Every declared class is one Swift type, `PlaygroundInstance`, so the renderer is told each
/// instance's declared class, which it names where the implementation belongs (see the report's
/// requests for the container). The tree's glyphs and the rest of each line are the container's.
enum TraceText {
  static func lines(of tree: ResolutionTree, glyphs: ResolutionTree.Glyphs) -> [String] {
    tree.rendered(glyphs: glyphs, typeName: declaredClass(of:))
  }

  /// Where a root resolution started and who resolved it, as `DISCOPE_TRACE` says it:
  /// `request#12, thread 3`.
  static func origin(of step: ResolutionStep) -> String {
    "\(step.container)#\(step.containerNumber), \(step.resolver)"
  }

  /// One step as the container's renderer writes it: `Logger → ConsoleLogger#1 created t1
  /// [singleton]` for a step the container alone would name `Logger → PlaygroundInstance#1 …`.
  static func line(for step: ResolutionStep, glyphs: ResolutionTree.Glyphs) -> String {
    ResolutionTree.line(for: step, typeName: declaredClass(of: step), glyphs: glyphs)
  }

  /// The declared class of the step's instance, when it is a script's; `nil` for the
  /// container's own name.
  private static func declaredClass(of step: ResolutionStep) -> String? {
    (step.instance?.value as? PlaygroundInstance)?.typeName
  }
}
