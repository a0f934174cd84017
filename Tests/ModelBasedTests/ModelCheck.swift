#if ModelTests
  /// Runs one program through the model and along every path, and says where they part.
  struct ModelCheck: CustomStringConvertible {
    struct Disagreement {
      let paths: [Path]
      let difference: String
      /// The known defect it is (`KnownDefect`), not a failure until that defect's fix lands.
      let knownDefect: KnownDefect?
      var isKnownDefect: Bool { knownDefect != nil }
    }

    let program: [Op]
    let expected: [Event]
    /// Paths that disagree with the model, grouped by what they wrote (paths that agree with each
    /// other are listed together: a model error tends to show as every path agreeing on it).
    let disagreements: [Disagreement]

    /// The disagreements that fail the check.
    var unexplained: [Disagreement] { disagreements.filter { !$0.isKnownDefect } }

    /// `excusingKnownDefects: false` holds every path to the model to the letter (for the known
    /// defects' own regression tests).
    static func run(_ program: [Op], paths: [Path] = Path.all, excusingKnownDefects: Bool = true) async -> ModelCheck {
      let expected = canonical(Model.events(of: program))
      var groups: [(events: [Event], paths: [Path])] = []
      for path in paths {
        let actual = canonical(await ContainerRunner.events(of: program, along: path))
        if actual == expected { continue }
        if let index = groups.firstIndex(where: { $0.events == actual }) {
          groups[index].paths.append(path)
        } else {
          groups.append((actual, [path]))
        }
      }
      let disagreements = groups.map { group in
        Disagreement(
          paths: group.paths,
          difference: firstDifference(expected, group.events) ?? "",
          knownDefect: excusingKnownDefects
            ? KnownDefect.explaining(
              paths: group.paths, program: program, expected: expected, actual: group.events) : nil)
      }
      return ModelCheck(program: program, expected: expected, disagreements: disagreements)
    }

    var description: String {
      var lines = ["the container disagrees with the model on this program:", swiftLiteral(program)]
      for disagreement in disagreements {
        lines.append(
          "path \(disagreement.paths.map { "'\($0)'" }.joined(separator: ", "))"
            + (disagreement.knownDefect.map { " (the known defect: \($0.name))" } ?? "")
            + ": " + disagreement.difference)
      }
      lines.append("the model's events:")
      lines.append(contentsOf: expected.map { "  \($0)" })
      lines.append("to keep it as a regression test: `await expectAgreement(<the program above>)` (ModelRegressionTests)")
      return lines.joined(separator: "\n")
    }
  }
#endif
