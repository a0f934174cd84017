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
      let knownDefects = Locked(0)
      await propertyCheck(count: ModelSettings.count, input: source.generator) { program in
        let check = await ModelCheck.run(program)
        if check.disagreements.contains(where: \.isKnownDefect) { knownDefects.withLock { $0 += 1 } }
        let agrees = check.unexplained.isEmpty
        #expect(agrees, "\(check)")
      }
      print("model check: \(source.count) programs drawn; \(knownDefects.withLock { $0 }) runs met only the known defect")
    }
  }
#endif
