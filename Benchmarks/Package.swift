// swift-tools-version: 6.1
//
// DIScope's comparative benchmark, a package of its own so that no user of the library ever
// resolves Swinject or swift-dependencies. Run it in release mode through `Scripts/bench`.
//
//   CHeapInfo (C: mallinfo2)  <-  BenchmarkHarness (sampling, sink, threads, heap, tables)
//   GeneratedServices (10,000 service types written by generate.py, for W4 and the memory check)
//   SwinjectAPIOnSwinject, SwinjectAPIOnDIScope (W1, W2, W4, W9, W10 written once on Swinject's API)
//     <-  discope-bench (the workloads, one file each, every system side by side; the targets)
import PackageDescription

let package = Package(
  name: "DIScopeBenchmarks",
  // A command-line program, run on macOS (the library's own macOS 15) and Linux.
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "discope-bench", targets: ["discope-bench"])
  ],
  dependencies: [
    .package(name: "DIScope", path: ".."),
    .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
  ],
  targets: [
    // The one C shim: glibc's mallinfo2(), which Swift's Glibc module does not import.
    .target(name: "CHeapInfo"),
    // Timing, interleaved sampling, the result sink, threads, heap usage and tables: no system.
    .target(name: "BenchmarkHarness", dependencies: ["CHeapInfo"]),
    // 10,000 distinct service types, each its own swift-dependencies key. Generated: do not edit.
    .target(
      name: "GeneratedServices",
      dependencies: [.product(name: "Dependencies", package: "swift-dependencies")]),
    // W1, W2, W4, W9 and W10 written once against Swinject's API (one source file, linked into both):
    // compiled against Swinject, and against DIScopeSwinject.
    .target(
      name: "SwinjectAPIOnSwinject",
      dependencies: [
        "BenchmarkHarness", "GeneratedServices", .product(name: "Swinject", package: "Swinject"),
      ]),
    .target(
      name: "SwinjectAPIOnDIScope",
      dependencies: [
        "BenchmarkHarness", "GeneratedServices",
        .product(name: "DIScopeSwinject", package: "DIScope"),
      ],
      swiftSettings: [.define("DISCOPE_SWINJECT")]),
    .executableTarget(
      name: "discope-bench",
      dependencies: [
        "BenchmarkHarness", "GeneratedServices", "SwinjectAPIOnSwinject", "SwinjectAPIOnDIScope",
        .product(name: "DIScope", package: "DIScope"),
        .product(name: "DIScopeDebug", package: "DIScope"),
        .product(name: "DIScopeRecording", package: "DIScope"),
        .product(name: "DisScript", package: "DIScope"), .product(name: "DisSyntax", package: "DIScope"),
        .product(name: "Swinject", package: "Swinject"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
