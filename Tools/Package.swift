// swift-tools-version: 6.1
//
// The playground and the `discope` command, over the library package one level up: the terminal
// (ncurses, libedit) and argument-parser stay here, so that no user of the library builds or
// resolves them.
//
// Layers import only downward:
//   (..) DIScope, DisScript  <-  TerminalUI  <-  Playground  <-  DIScopeCLI  <-  discope
import PackageDescription

let package = Package(
  name: "DIScopeTools",
  // A terminal program: macOS (as the library package one level up declares it) and Linux.
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "Playground", targets: ["Playground"]),
    .executable(name: "discope", targets: ["discope"]),
  ],
  dependencies: [
    .package(name: "DIScope", path: ".."),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    // C libraries at the edge: only `TerminalUI` imports them. ncursesw is found without
    // pkg-config: SwiftPM would drop its `-D` flags anyway (the shim defines what they would) and
    // print a "prohibited flag(s)" warning at every build; the module map links `ncursesw`, whose
    // development library pulls in `tinfo`. `Scripts/lib/bootstrap.sh` installs it when missing.
    .systemLibrary(name: "CNCurses"),
    .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
    // The line REPL's signal handler, in C: it must be async-signal-safe.
    .target(name: "CTerminalSignals"),
    // The terminal: the only Swift module that imports the C libraries.
    .target(name: "TerminalUI", dependencies: ["CNCurses", "CEditLine", "CTerminalSignals"]),
    // The full-screen TUI and the libedit REPL over a live container.
    .target(
      name: "Playground",
      dependencies: [
        "TerminalUI", .product(name: "DisScript", package: "DIScope"),
        .product(name: "DisSyntax", package: "DIScope"), .product(name: "DIScope", package: "DIScope"),
        .product(name: "DIScopeDebug", package: "DIScope"),
      ]),
    // argument-parser commands, tested in-process.
    .target(
      name: "DIScopeCLI",
      dependencies: [
        "Playground", .product(name: "DisScript", package: "DIScope"),
        .product(name: "DisSyntax", package: "DIScope"), .product(name: "DIScope", package: "DIScope"),
        .product(name: "DIScopeDebug", package: "DIScope"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(name: "discope", dependencies: ["DIScopeCLI"]),

    // Drives programs in a real terminal through a private tmux server, for the tests below.
    .target(name: "TerminalTesting", path: "Tests/TerminalTesting"),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TerminalTesting"]),
    .testTarget(
      name: "PlaygroundTests",
      dependencies: [
        "Playground", "TerminalTesting", .product(name: "DisScript", package: "DIScope"),
        .product(name: "DisSyntax", package: "DIScope"), .product(name: "DIScope", package: "DIScope"),
        .product(name: "DIScopeDebug", package: "DIScope"),
      ]),
    .testTarget(
      name: "DIScopeCLITests",
      dependencies: [
        "DIScopeCLI", .product(name: "DisScript", package: "DIScope"),
        .product(name: "DisSyntax", package: "DIScope"),
      ]),
    // The example app: the seed's components as Swift classes, a script replayed against its
    // container, and a small executable the tmux test attaches the playground to.
    .target(
      name: "ExampleApp", dependencies: [.product(name: "DIScope", package: "DIScope")],
      path: "Tests/ExampleApp"),
    .executableTarget(
      name: "example-app",
      dependencies: ["ExampleApp", "Playground", .product(name: "DIScope", package: "DIScope")],
      path: "Tests/ExampleAppMain"),
    // The example app as a server runs it: serving its container to `discope attach`.
    .executableTarget(
      name: "example-server",
      dependencies: [
        "ExampleApp", .product(name: "DIScope", package: "DIScope"), .product(name: "DIScopeDebug", package: "DIScope"),
        .product(name: "DIScopeRecording", package: "DIScope"),
      ],
      path: "Tests/ExampleServerMain"),
    // An app wired through Swinject's API (DIScopeSwinject), serving its container the same way.
    .executableTarget(
      name: "swinject-example-server",
      dependencies: [
        .product(name: "DIScopeSwinject", package: "DIScope"), .product(name: "DIScope", package: "DIScope"),
        .product(name: "DIScopeDebug", package: "DIScope"),
      ],
      path: "Tests/SwinjectExampleServerMain"),
    .testTarget(
      name: "ExampleAppTests",
      dependencies: [
        "ExampleApp", "Playground", "TerminalTesting", .product(name: "DisScript", package: "DIScope"),
        .product(name: "DisSyntax", package: "DIScope"), .product(name: "DIScope", package: "DIScope"),
        .product(name: "DIScopeRecording", package: "DIScope"),
      ],
      path: "Tests/ExampleAppTests", exclude: ["Scripts"]),
  ],
  swiftLanguageModes: [.v6]
)
