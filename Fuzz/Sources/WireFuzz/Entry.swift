import CFuzzerDriver

/// The executable's entry point (SwiftPM links `main` to `WireFuzz_main`): libFuzzer's driver,
/// with ``fuzzOneInput(_:_:)`` as the target.
@_cdecl("WireFuzz_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  var count = argc
  var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
  return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
    guard let data else { return 0 }
    return fuzzOneInput(data, size)
  }
}
