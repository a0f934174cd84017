#if ModelTests
  import Foundation

  /// How many programs to run, and from which seed: fixed unless the environment says otherwise
  /// (`Scripts/model-test` sets both, the seed at random, and prints it).
  enum ModelSettings {
    /// `DISCOPE_MODEL_SEED` (decimal or 0x hex), or the fixed seed `Scripts/test` runs with.
    static let seed: UInt64 = {
      guard let text = ProcessInfo.processInfo.environment["DISCOPE_MODEL_SEED"] else { return 0x5EED_0D15_C0BE }
      let parsed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
      guard let parsed else { fatalError("DISCOPE_MODEL_SEED is not a number: \(text)") }
      return parsed
    }()

    /// `DISCOPE_MODEL_COUNT`, or the bounded count `Scripts/test` runs.
    static let count: Int = {
      guard let text = ProcessInfo.processInfo.environment["DISCOPE_MODEL_COUNT"] else { return 300 }
      guard let parsed = Int(text), parsed > 0 else { fatalError("DISCOPE_MODEL_COUNT is not a positive number: \(text)") }
      return parsed
    }()

    /// The longest program generated.
    static let maximumLength = 30
  }
#endif
