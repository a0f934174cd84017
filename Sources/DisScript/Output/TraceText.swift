import DIScope

/// A resolution tree as text, with the container's own renderer (`ResolutionTree.rendered`).
///
/// Every declared class is one Swift type, `PlaygroundInstance`, so the renderer names that type
/// where the implementation belongs; each line's subject is corrected with the instance's declared
/// class (see the report's requests for the container). The tree's glyphs and the rest of each
/// line are the container's.
enum TraceText {
  static func lines(of tree: ResolutionTree, glyphs: ResolutionTree.Glyphs) -> [String] {
    let rendered = tree.rendered(glyphs: glyphs)
    var steps: [ResolutionStep] = []
    collect(tree, into: &steps)
    guard steps.count == rendered.count else { return rendered }
    return zip(rendered, steps).map { line, step in corrected(line, step, glyphs: glyphs) }
  }

  /// Where a root resolution started and who resolved it, as `DISCOPE_TRACE` says it:
  /// `request#12, thread 3`.
  static func origin(of step: ResolutionStep) -> String {
    "\(step.container)#\(step.containerNumber), \(step.resolver)"
  }

  /// One step as the container's renderer writes it, corrected.
  static func line(for step: ResolutionStep, glyphs: ResolutionTree.Glyphs) -> String {
    corrected(ResolutionTree.line(for: step, glyphs: glyphs), step, glyphs: glyphs)
  }

  /// `Logger → ConsoleLogger#1 created t1 [singleton]` for a step the renderer wrote as
  /// `Logger → PlaygroundInstance#1 created t1 [singleton]`.
  private static func corrected(_ line: String, _ step: ResolutionStep, glyphs: ResolutionTree.Glyphs) -> String {
    guard let instance = step.instance?.value as? PlaygroundInstance else { return line }
    let own = ResolutionTree.line(for: step, glyphs: glyphs)
    guard line.hasSuffix(own) else { return line }
    return line.dropLast(own.count) + ResolutionTree.line(for: step, typeName: instance.typeName, glyphs: glyphs)
  }

  /// The steps in the order `rendered` prints them: each step, then its children.
  private static func collect(_ tree: ResolutionTree, into steps: inout [ResolutionStep]) {
    steps.append(tree.step)
    for child in tree.children { collect(child, into: &steps) }
  }
}
