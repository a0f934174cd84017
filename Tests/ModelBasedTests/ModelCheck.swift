#if ModelTests
  /// Runs one program through the model and along every path, and says where they part.
  struct ModelCheck: CustomStringConvertible {
    struct Disagreement {
      let paths: [Path]
      /// The model's events for these paths (which end their run with a shutdown or not).
      let expected: [Event]
      let difference: String
      /// The known defect each path's disagreement is (`KnownDefect`), in `paths`' order, `nil`
      /// where none: not a failure until that defect's fix lands.
      let knownDefects: [KnownDefect?]
      var isKnownDefect: Bool { knownDefects.allSatisfy { $0 != nil } }
    }

    let program: [Op]
    /// The model's events, for a run that ends by shutting the root down.
    let expected: [Event]
    /// Paths that disagree with the model, grouped by what they wrote (paths that agree with each
    /// other are listed together: a model error tends to show as every path agreeing on it).
    let disagreements: [Disagreement]

    /// The disagreements that fail the check.
    var unexplained: [Disagreement] { disagreements.filter { !$0.isKnownDefect } }

    /// `excusingKnownDefects: false` holds every path to the model to the letter (for the known
    /// defects' own regression tests).
    static func run(_ program: [Op], paths: [Path] = Path.all, excusingKnownDefects: Bool = true) async -> ModelCheck {
      // The model's events for either ending; disagreements are reported against the first.
      let endings = [true, false].map { canonical(Model.events(of: program, shutsDownAtEnd: $0)) }
      var groups: [(events: [Event], paths: [Path], expected: [Event])] = []
      for path in paths {
        let expected = endings[path.shutsDownAtEnd ? 0 : 1]
        let actual = canonical(await ContainerRunner.events(of: program, along: path))
        if actual == expected { continue }
        if let index = groups.firstIndex(where: { $0.events == actual && $0.expected == expected }) {
          groups[index].paths.append(path)
        } else {
          groups.append((actual, [path], expected))
        }
      }
      let disagreements = groups.map { group in
        Disagreement(
          paths: group.paths, expected: group.expected,
          difference: firstDifference(group.expected, group.events) ?? "",
          knownDefects: group.paths.map { path in
            excusingKnownDefects
              ? KnownDefect.explaining(path: path, program: program, expected: group.expected, actual: group.events)
              : nil
          })
      }
      return ModelCheck(program: program, expected: endings[0], disagreements: disagreements)
    }

    var description: String {
      var lines = ["the container disagrees with the model on this program:", swiftLiteral(program)]
      for disagreement in disagreements {
        lines.append(
          "path "
            + zip(disagreement.paths, disagreement.knownDefects).map { path, defect in
              "'\(path)'" + (defect.map { " (the known defect: \($0.name))" } ?? "")
            }.joined(separator: ", ")
            + ": " + disagreement.difference)
      }
      if let first = disagreements.first {
        lines.append("the model's events for path '\(first.paths[0])':")
        lines.append(contentsOf: first.expected.map { "  \($0)" })
      }
      lines.append("to keep it as a regression test: `await expectAgreement(<the program above>)` (ModelRegressionTests)")
      return lines.joined(separator: "\n")
    }
  }
#endif
