// swift-tools-version: 6.1
//
// Layers import only downward:
//   DIScope  <-  DIScopeTesting, DisScript (over DisSyntax)  <-  Playground (over TerminalUI)  <-  DIScopeCLI  <-  discope
// The container (`DIScope`) depends on no other package and never knows a script or a screen exists.
import PackageDescription

let package = Package(
  name: "DIScope",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "DIScope", targets: ["DIScope"]),
    .library(name: "DIScopeTesting", targets: ["DIScopeTesting"]),
    .library(name: "DisScript", targets: ["DisScript"]),
    .library(name: "Playground", targets: ["Playground"]),
    .executable(name: "discope", targets: ["discope"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    // The container, and what it needs from below Swift: a thread-local record its resolve path
    // reads, and immortal objects.
    .target(name: "CDIScopeRuntime"),
    .target(name: "DIScope", dependencies: ["CDIScopeRuntime"]),
    // Mocks, isolation traits and test bases over the container.
    .target(name: "DIScopeTesting", dependencies: ["DIScope"]),
    // The `.dis` language as text: lexer, parser, diagnostics, canonical printer, expected-output
    // matching and diffs. Knows nothing of the container.
    .target(name: "DisSyntax"),
    // The `.dis` language at work: the interpreter over a real `Container`, replay and reports.
    .target(name: "DisScript", dependencies: ["DisSyntax", "DIScope"]),
    // C libraries at the edge: only `Playground` imports them.
    .systemLibrary(
      name: "CNCurses", pkgConfig: "ncursesw", providers: [.apt(["libncurses-dev"])]),
    .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
    // The line REPL's signal handler, in C: it must be async-signal-safe.
    .target(name: "CTerminalSignals"),
    // The terminal: the only Swift module that imports the C libraries.
    .target(name: "TerminalUI", dependencies: ["CNCurses", "CEditLine", "CTerminalSignals"]),
    // The full-screen TUI and the libedit REPL over a live container.
    .target(name: "Playground", dependencies: ["TerminalUI", "DisScript", "DIScope"]),
    // argument-parser commands, tested in-process.
    .target(
      name: "DIScopeCLI",
      dependencies: [
        "Playground", "DisScript", "DIScope",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(name: "discope", dependencies: ["DIScopeCLI"]),

    .testTarget(name: "DIScopeTests", dependencies: ["DIScope"]),
    // Hopoate's own XCTest suite, unchanged but for its import.
    .testTarget(
      name: "HopoateCompatibilityTests", dependencies: ["DIScope"],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    .testTarget(name: "DIScopeTestingTests", dependencies: ["DIScopeTesting", "DIScope"]),
    .testTarget(name: "DisSyntaxTests", dependencies: ["DisSyntax"]),
    .testTarget(name: "DisScriptTests", dependencies: ["DisScript", "DisSyntax", "DIScope"]),
    // Drives programs in a real terminal through a private tmux server, for the two targets below.
    .target(name: "TerminalTesting", path: "Tests/TerminalTesting"),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TerminalTesting"]),
    .testTarget(
      name: "PlaygroundTests", dependencies: ["Playground", "DisScript", "DIScope", "TerminalTesting"]),
    .testTarget(name: "DIScopeCLITests", dependencies: ["DIScopeCLI", "DisScript"]),
    // The example app: the seed's components as Swift classes, a script replayed against its
    // container, and a small executable the tmux test attaches the playground to.
    .target(name: "ExampleApp", dependencies: ["DIScope"], path: "Tests/ExampleApp"),
    .executableTarget(
      name: "example-app", dependencies: ["ExampleApp", "Playground", "DIScope"], path: "Tests/ExampleAppMain"),
    .testTarget(
      name: "ExampleAppTests",
      dependencies: ["ExampleApp", "DisScript", "DIScope", "Playground", "TerminalTesting"],
      path: "Tests/ExampleAppTests", exclude: ["Scripts"]),
  ],
  swiftLanguageModes: [.v6]
)
