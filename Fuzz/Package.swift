// swift-tools-version: 6.1
//
// The fuzz target for the `.dis` parser and interpreter, built with libFuzzer. Run it with
// `Scripts/fuzz` (bounded time, corpus seeded from Scripts/lessons).
import PackageDescription

let package = Package(
  name: "DisFuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "DIScope", path: "..")],
  targets: [
    .target(name: "CFuzzerDriver"),
    .executableTarget(
      name: "DisFuzz",
      dependencies: ["CFuzzerDriver", .product(name: "DisScript", package: "DIScope")],
      swiftSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])],
      linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])])
  ],
  swiftLanguageModes: [.v6]
)
