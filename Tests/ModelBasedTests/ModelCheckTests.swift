#if ModelTests
  import PropertyBased
  import TestSupport
  import Testing

  /// The container against its model, over generated programs, along every path. `Scripts/test`
  /// runs it with a fixed seed and `ModelSettings.count` programs; `Scripts/model-test` longer,
  /// with a seed of its own choosing (printed, to run again).
  @Suite("The container agrees with its model", .serialized)
  struct ModelCheckTests {
    @Test(.shrinking) func everyPathAgreesWithTheModel() async {
      let source = ProgramSource(seed: ModelSettings.seed)
      print("model check: seed \(ModelSettings.seed), \(ModelSettings.count) programs, \(Path.all.count) paths")
      let tally = Locked((coverage: Coverage(), knownDefects: 0))
      await propertyCheck(count: ModelSettings.count, input: source.generator) { program in
        let check = await ModelCheck.run(program)
        tally.withLock { tally in
          tally.coverage.add(program, events: check.expected)
          if check.disagreements.contains(where: \.isKnownDefect) { tally.knownDefects += 1 }
        }
        let agrees = check.unexplained.isEmpty
        #expect(agrees, "\(check)")
      }
      let (coverage, knownDefects) = tally.withLock { $0 }
      print("model check: \(coverage); \(knownDefects) runs met only known defects")
      if ModelSettings.count >= 100 {
        #expect(coverage.isBroad, "the generated programs no longer exercise every part of the model: \(coverage)")
      }
    }
  }
#endif
