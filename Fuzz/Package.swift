// swift-tools-version: 6.1
//
// The fuzz targets, built with libFuzzer: the `.dis` parser and interpreter (`DisFuzz`), and the
// debug protocol's frame and message decoder (`WireFuzz`). Run them with `Scripts/fuzz` and
// `Scripts/fuzz wire` (bounded time).
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
      linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]),
    .executableTarget(
      name: "WireFuzz",
      dependencies: ["CFuzzerDriver", .product(name: "DIScopeDebug", package: "DIScope")],
      swiftSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])],
      linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]),
  ],
  swiftLanguageModes: [.v6]
)
