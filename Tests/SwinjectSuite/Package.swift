// swift-tools-version: 6.1
//
// Swinject 2.10.0's own XCTest suite, run against DIScopeSwinject. Only this file is committed:
// `Scripts/lib/swinject-suite.sh` copies the suite from the Swinject package SwiftPM resolves for
// `Benchmarks/` into `Generated/` (git-ignored), changing nothing but its `import Swinject`
// lines, then builds and runs it here. Swinject itself is never linked.
import PackageDescription

let package = Package(
  name: "SwinjectSuite",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "DIScope", path: "../..")],
  targets: [
    .testTarget(
      name: "SwinjectTests",
      dependencies: [.product(name: "DIScopeSwinject", package: "DIScope")],
      path: "Generated/SwinjectTests",
      // Written for Swift 5 (as Hopoate's suite is).
      swiftSettings: [.swiftLanguageMode(.v5)]),
  ]
)
